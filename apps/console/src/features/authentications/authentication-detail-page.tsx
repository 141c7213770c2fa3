import { Page } from '../../components/page';

export default function Stub() {
  return <Page title="TODO">TODO</Page>;
}

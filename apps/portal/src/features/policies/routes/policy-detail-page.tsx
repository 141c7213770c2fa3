import { useSearchParams } from 'react-router-dom';
import { NoticeArticle, toId } from '@flagship/ui';
import { Page } from '../../../components/page';
import { AsyncView } from '../../../components/states';
import { usePolicy } from '../api/policies';

export default function PolicyDetailPage() {
  const [params] = useSearchParams();
  const policy = usePolicy(toId(params.get('id')));
  return (
    <Page hideHeading>
      <AsyncView state={policy}>
        {(data) => <NoticeArticle title={data.title} categoryName={data.categoryName} publishedAt={data.publishedAt} views={data.views} content={data.content} attachments={data.attachments} />}
      </AsyncView>
    </Page>
  );
}

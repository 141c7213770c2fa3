import { Paper } from '@mantine/core';
import { RichHtml } from '@flagship/ui';
import { Page } from '../../../components/page';
import { Empty, Loading } from '../../../components/states';
import { useSettings } from '../../../lib/settings';

export default function AboutPage() {
  const settings = useSettings();
  return (
    <Page>
      <Paper withBorder p="xl">
        {!settings ? <Loading /> : settings.about ? <RichHtml html={settings.about} /> : <Empty>暂无介绍</Empty>}
      </Paper>
    </Page>
  );
}

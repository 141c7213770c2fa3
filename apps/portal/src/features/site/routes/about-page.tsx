import { Paper } from '@mantine/core';
import { Empty, RichHtml } from '@flagship/ui';
import { Page } from '../../../components/page';
import { AsyncView } from '../../../components/states';
import { useSettingsState } from '../../../lib/settings';

export default function AboutPage() {
  const settings = useSettingsState();
  return (
    <Page>
      <Paper withBorder p="xl">
        <AsyncView state={settings}>{(data) => (data.about ? <RichHtml html={data.about} /> : <Empty>暂无介绍</Empty>)}</AsyncView>
      </Paper>
    </Page>
  );
}

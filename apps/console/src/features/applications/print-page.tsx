import { useEffect, useMemo } from 'react';
import { Alert, Button, Container, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { APPLY_STATUS_LABELS } from '@flagship/api-client';
import { ApplyView, EligibilityView } from '@flagship/ui/form-fields';
import { useSearchParams } from 'react-router-dom';
import { formatDateTime, toId, useAsync } from '@flagship/ui';
import { CONSOLE_TITLE } from '../../components/page';
import { AsyncView } from '../../components/states';
import { api } from '../../lib/api';
import { TONE } from '../../lib/tones';

/** The chosen applications one after another, each on its own sheet when printed. */
export default function PrintPage() {
  const [params] = useSearchParams();
  const projectId = toId(params.get('projectId'));
  // One list while the query stays the same: the print loads again only for other ids.
  const ids = useMemo(() => params.getAll('ids').map(toId).filter((id): id is number => id !== undefined), [params]);
  const state = useAsync(
    (signal) => (projectId && ids.length ? api.console.applyBatchPrint({ projectId, ids }, { signal }) : Promise.reject(new Error('请先在申报列表中选择要打印的申报'))),
    [projectId, ids],
  );
  useEffect(() => {
    document.title = `批量打印 · ${CONSOLE_TITLE}`;
  }, []);

  return (
    <Container size={900} py="lg" className="fc-print">
      <Group justify="space-between" mb="lg" className="fc-no-print">
        <Title order={1} size="h3">
          批量打印（{ids.length} 份）
        </Title>
        <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()} disabled={!state.data}>
          打印
        </Button>
      </Group>
      <AsyncView state={state}>
        {(data) =>
          data.list.length === 0 ? (
            <Alert color={TONE.warning}>没有可打印的申报</Alert>
          ) : (
            <Stack gap={0}>
              {data.list.map((item, index) => (
                <section key={item.apply.id} className="fc-print__item" aria-label={`申报 ${item.apply.serialNumber ?? item.apply.id}`}>
                  {index > 0 && <Divider my="xl" className="fc-no-print" />}
                  <Title order={2} size="h3" ta="center">
                    {item.project.title}
                  </Title>
                  <Text ta="center" fw={500} mt={4}>
                    {item.form.title}
                  </Text>
                  <Group justify="space-between" my="md">
                    <Text size="sm">申报编号：{item.apply.serialNumber ?? '—'}</Text>
                    <Text size="sm">提交时间：{formatDateTime(item.apply.submittedAt)}</Text>
                    <Text size="sm">状态：{APPLY_STATUS_LABELS[item.apply.status]}</Text>
                  </Group>
                  <EligibilityView check={item.apply.eligibility} />
                  <ApplyView fields={item.form.fields} data={item.apply.data} print />
                </section>
              ))}
            </Stack>
          )
        }
      </AsyncView>
    </Container>
  );
}

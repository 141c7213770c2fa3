import '@mantine/core/styles/Table.css';
import { useMemo } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { APPLY_STATUS_LABELS } from '@flagship/api-client';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApplyView, EligibilityView } from '@flagship/ui/form-fields';
import { formatDateTime, Loading } from '@flagship/ui';
import { ErrorState } from '../../../components/states';
import { useSiteTitle } from '../../../lib/settings';
import { useBatchPrint } from '../api/applications';
import './print.css';

function parseIds(value: string | null): number[] {
  return [...new Set((value ?? '').split(',').map((v) => Number(v.trim())).filter((n) => Number.isSafeInteger(n) && n > 0))].slice(0, 50);
}

/** Print view (outside the layout): one application per printed page. */
export default function PrintPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const siteTitle = useSiteTitle();
  const idsParam = params.get('ids');
  // One list while the query stays the same: the print loads again only for other ids.
  const ids = useMemo(() => parseIds(idsParam), [idsParam]);
  const result = useBatchPrint(ids);

  return (
    <main className="fs-print">
      <Group justify="space-between" className="fs-no-print fs-print__toolbar">
        <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => void navigate(-1)}>
          返回
        </Button>
        <Text size="sm" c="dimmed">
          共 {result.data?.list.length ?? ids.length} 份申报，每份单独成页
        </Text>
        <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()} disabled={!result.data}>
          打印
        </Button>
      </Group>
      {result.status === 'error' ? (
        <ErrorState error={result.error} onRetry={result.reload} />
      ) : !result.data ? (
        <Loading />
      ) : (
        result.data.list.map(({ project, form, apply }) => (
          <article key={apply.id} className="fs-print__sheet">
            <Stack gap={4} align="center" mb="md">
              <Text size="sm">{siteTitle}</Text>
              <Title order={1} size="h2" ta="center">
                {project.title}
              </Title>
              <Text fw={600}>{form.title}</Text>
            </Stack>
            <Group justify="space-between" mb="sm" className="fs-print__meta">
              <Text size="sm">申报编号：{apply.serialNumber ?? '（未提交）'}</Text>
              <Text size="sm">状态：{APPLY_STATUS_LABELS[apply.status]}</Text>
              <Text size="sm">提交时间：{formatDateTime(apply.submittedAt)}</Text>
            </Group>
            <EligibilityView check={apply.eligibility} />
            <ApplyView fields={form.fields} data={apply.data} print />
            {apply.receipt && (
              <Text size="xs" c="dimmed" mt="sm" style={{ wordBreak: 'break-all' }}>
                内容校验码（SHA-256）：{apply.receipt.sha256}
              </Text>
            )}
          </article>
        ))
      )}
    </main>
  );
}

import { useMemo, type ReactNode } from 'react';
import { Alert, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconFileZip, IconPrinter } from '@tabler/icons-react';
import type { ConsoleApplyDetail } from '@flagship/api-client';
import { ApplyView, EligibilityView, FormFieldsProvider, useFormFieldServices, type FormFieldServices } from '@flagship/ui/form-fields';
import { Link, useParams } from 'react-router-dom';
import { formatDateTime, formatSize, toId, useAsync } from '@flagship/ui';
import { FormSection } from '../../components/form-section';
import { InfoTable } from '../../components/info-table';
import { noticeEmailText } from '../../components/notice-email';
import { Page } from '../../components/page';
import { AsyncView } from '../../components/states';
import { ApplyStatusBadge } from '../../components/status-badges';
import { api } from '../../lib/api';
import { printPath } from '../../lib/links';
import { TONE } from '../../lib/tones';
import { ReviewActions } from './review-panel';
import { useStaffJob } from './staff-job';

export default function ApplicationDetailPage() {
  const applyId = toId(useParams().applyId);
  const state = useAsync<ConsoleApplyDetail>((signal) => (applyId ? api.console.applyGet({ applyId }, { signal }) : Promise.reject(new Error('编号不正确'))), [applyId]);
  const projectId = state.data?.project.id;
  return (
    <Page title="申报详情" crumbs={[{ label: '申报审核', to: projectId ? `/review/applications?projectId=${projectId}` : '/review/applications' }]}>
      <AsyncView state={state}>{(detail) => <ApplicationDetail detail={detail} onReviewed={state.reload} />}</AsyncView>
    </Page>
  );
}

/** The application's uploads, named, for the shared read-only view. */
function useAttachmentServices(detail: ConsoleApplyDetail): FormFieldServices {
  const parent = useFormFieldServices();
  return useMemo(() => {
    const byId = new Map(detail.attachments.map((upload) => [upload.id, upload]));
    return { ...parent, fileMeta: (id) => byId.get(id) ?? parent.fileMeta(id) };
  }, [parent, detail.attachments]);
}

function ApplicationDetail({ detail, onReviewed }: { detail: ConsoleApplyDetail; onReviewed: () => void }) {
  const { project, form, apply } = detail;
  const services = useAttachmentServices(detail);
  const job = useStaffJob();
  return (
    <Stack gap="lg">
      <Paper withBorder p="md" className="fc-panel">
        <Group justify="space-between" align="flex-start">
          <div>
            <Group gap="sm">
              <Text fw={600} size="lg">
                {project.title}
              </Text>
              <ApplyStatusBadge status={apply.status} />
            </Group>
            <Text size="sm" c="dimmed" mt={4}>
              {form.title} · 申报编号 <span className="fc-mono">{apply.serialNumber ?? '—'}</span> · 申请人 {apply.applicantName || apply.account}
            </Text>
          </div>
          <Group gap="xs">
            <Button component={Link} to={printPath(project.id, [apply.id])} target="_blank" variant="default" leftSection={<IconPrinter size={16} />}>
              打印
            </Button>
            <Button
              variant="default"
              leftSection={<IconFileZip size={16} />}
              loading={job.busy}
              onClick={() => void job.start('download', () => api.console.applyDownloadJob({ projectId: project.id, ids: [apply.id] }))}
            >
              下载申报书与附件
            </Button>
          </Group>
        </Group>
        {job.panel && <Box mt="md">{job.panel}</Box>}
        {apply.reviewMessage && (
          <Alert mt="md" color={apply.status === 'approved' ? TONE.success : apply.status === 'rejected' ? TONE.danger : TONE.warning} variant="light" title="审核意见">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {apply.reviewMessage}
            </Text>
            <Text size="xs" c="dimmed" mt={4}>
              {apply.reviewerAccount ?? '工作人员'} · {formatDateTime(apply.reviewedAt)}
            </Text>
          </Alert>
        )}
        <Group mt="md" justify="space-between">
          <Text size="sm" c="dimmed">
            {apply.status === 'submitted' && '申请人已提交，等待审核。'}
            {apply.status === 'reviewing' && '正在审核中。'}
            {apply.status === 'returned' && '已退回申请人修改，等待重新提交。'}
            {apply.status === 'approved' && '审核已通过。'}
            {apply.status === 'rejected' && '审核未通过。'}
          </Text>
          <ReviewActions applyId={apply.id} status={apply.status} version={apply.version} applicantEmail={apply.applicantEmail} onReviewed={onReviewed} />
        </Group>
      </Paper>

      <FormSection title="申报信息">
        <InfoTable
          rows={[
            ['申报编号', <span className="fc-mono">{apply.serialNumber ?? '—'}</span>],
            ['申请人', apply.applicantName ? `${apply.applicantName}（账号 ${apply.account}）` : apply.account],
            ['通知邮箱', noticeEmailText(apply.applicantEmail)],
            ['表单', form.title],
            ['提交时间', formatDateTime(apply.submittedAt)],
            ['最后更新', formatDateTime(apply.updatedAt)],
            ['回执校验码', apply.receipt ? <span className="fc-mono" style={{ fontSize: 12 }}>{apply.receipt.sha256}</span> : '—'],
          ]}
        />
      </FormSection>

      {detail.submissions.length > 1 && (
        <FormSection title="提交记录" description="申请人每次提交的时间与回执校验码；每次提交的内容都已存档">
          <InfoTable
            rows={detail.submissions.map((s, i): [string, ReactNode] => [
              `第 ${i + 1} 次提交`,
              <span>
                {formatDateTime(s.submittedAt)} · <span className="fc-mono" style={{ fontSize: 12 }}>{s.sha256}</span>
              </span>,
            ])}
          />
        </FormSection>
      )}

      {apply.eligibility && apply.eligibility.results.length > 0 && (
        <FormSection title="申报资格" description={`申请人的回答，核验于 ${formatDateTime(apply.eligibility.checkedAt)}（创建申报或最近一次提交时）`}>
          <EligibilityView check={apply.eligibility} />
        </FormSection>
      )}

      <FormSection title="申报内容" description="申请人填写的全部内容（只读）">
        <FormFieldsProvider value={services}>
          <ApplyView fields={form.fields} data={apply.data} />
        </FormFieldsProvider>
      </FormSection>

      <FormSection title="附件" description={`共 ${detail.attachments.length} 个文件`}>
        {detail.attachments.length === 0 ? (
          <Text size="sm" c="dimmed">
            没有附件
          </Text>
        ) : (
          <Stack gap={6}>
            {detail.attachments.map((upload) => (
              <Group key={upload.id} gap="sm">
                <Button component="a" href={api.urls.file({ id: upload.id })} target="_blank" rel="noopener noreferrer" variant="subtle" size="compact-sm">
                  {upload.name}
                </Button>
                <Text size="xs" c="dimmed">
                  {formatSize(upload.size)} · {upload.mime}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </FormSection>
    </Stack>
  );
}

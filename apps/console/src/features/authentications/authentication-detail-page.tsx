import { useState } from 'react';
import { Alert, Anchor, Button, Group, Image, Modal, Paper, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck, IconFileText, IconX } from '@tabler/icons-react';
import { authenticationRejectBody, type ConsoleAuthentication } from '@flagship/api-client';
import { useForm } from '@mantine/form';
import { Link, useParams } from 'react-router-dom';
import { CategorySelect } from '../../components/category-select';
import { FormSection } from '../../components/form-section';
import { InfoTable } from '../../components/info-table';
import { NoticeEmailNote, noticeEmailText, withNoticeNote } from '../../components/notice-email';
import { Page } from '../../components/page';
import { AsyncView } from '../../components/states';
import { AuthStatusBadge } from '../../components/status-badges';
import { api, showSuccess } from '../../lib/api';
import { canCall } from '../../lib/navigation';
import { useRegions } from '../../lib/regions';
import { useStaff } from '../../lib/session';
import { TONE } from '../../lib/tones';
import { useAsync } from '@flagship/ui';
import { formatDateTime, formatSize, RichHtml, showServerFieldErrors, toId, zodValidate } from '@flagship/ui';

export default function AuthenticationDetailPage() {
  const id = toId(useParams().id);
  const state = useAsync<ConsoleAuthentication>((signal) => (id ? api.console.authenticationGet({ id }, { signal }) : Promise.reject(new Error('编号不正确'))), [id]);
  return (
    <Page title="企业认证详情" crumbs={[{ label: '企业认证审核', to: '/review/authentications' }]}>
      <AsyncView state={state}>{(item) => <AuthenticationDetail item={item} onChange={(next) => state.setData(() => next)} />}</AsyncView>
    </Page>
  );
}

function AuthenticationDetail({ item, onChange }: { item: ConsoleAuthentication; onChange: (item: ConsoleAuthentication) => void }) {
  const staff = useStaff();
  const { nameOf } = useRegions();
  const [approving, setApproving] = useState(false);
  const [rejecting, setRejecting] = useState(false);

  return (
    <Stack gap="lg">
      <Paper withBorder p="md" className="fc-panel">
        <Group justify="space-between">
          <Group gap="sm">
            <Text fw={600} size="lg">
              {item.enterpriseName}
            </Text>
            <AuthStatusBadge status={item.status} />
          </Group>
          {item.status === 0 && (
            <Group>
              <Button color={TONE.danger} variant="outline" leftSection={<IconX size={16} />} onClick={() => setRejecting(true)}>
                不通过
              </Button>
              <Button color={TONE.success} leftSection={<IconCheck size={16} />} onClick={() => setApproving(true)}>
                通过认证
              </Button>
            </Group>
          )}
        </Group>
        {item.status === 1 && (
          <Alert color={TONE.success} variant="light" mt="md" title="已通过认证">
            {item.reviewerAccount ?? '工作人员'} 于 {formatDateTime(item.reviewedAt)} 通过。企业已进入企业库
            {item.enterpriseId && canCall(staff.role, 'enterpriseGet') && (
              <>
                （
                <Anchor component={Link} to={`/enterprises/${item.enterpriseId}`} size="sm">
                  查看企业库条目
                </Anchor>
                ）
              </>
            )}
            。
          </Alert>
        )}
        {item.status === 2 && (
          <Alert color={TONE.danger} variant="light" mt="md" title="未通过">
            <Text size="sm">原因：{item.reason}</Text>
            <Text size="xs" c="dimmed" mt={4}>
              {item.reviewerAccount ?? '工作人员'} · {formatDateTime(item.reviewedAt)}；申请人可修改后重新提交。
            </Text>
          </Alert>
        )}
      </Paper>

      <FormSection title="企业信息">
        <InfoTable
          rows={[
            ['企业名称', item.enterpriseName],
            ['统一社会信用代码', <span className="fc-mono">{item.creditCode}</span>],
            ['企业类型', item.type],
            ['法定代表人', item.legalRepresentative],
            ['所在地区', (item.regionId ? nameOf(item.regionId) : undefined) ?? item.regionName],
            ['详细地址', item.address],
            ['联系人', item.contactName],
            ['联系电话', item.contactPhone],
            ['申请账号', item.account],
            ['通知邮箱', noticeEmailText(item.applicantEmail)],
            ['提交时间', formatDateTime(item.createdAt)],
          ]}
        />
      </FormSection>

      <FormSection title="营业执照" description="点击图片查看原图">
        {item.licenseUploads.length === 0 ? (
          <Text c="dimmed" size="sm">
            未上传
          </Text>
        ) : (
          <SimpleGrid cols={3}>
            {item.licenseUploads.map((upload) => {
              const href = api.urls.file({ id: upload.id });
              return (
                <Paper key={upload.id} withBorder p="xs" radius="sm">
                  <Anchor href={href} target="_blank" rel="noopener noreferrer" aria-label={`查看营业执照「${upload.name}」原图`}>
                    {upload.mime.startsWith('image/') ? (
                      <Image src={href} alt={`营业执照：${upload.name}`} h={220} fit="contain" bg="var(--mantine-color-ink-0)" />
                    ) : (
                      <Stack h={220} align="center" justify="center" bg="var(--mantine-color-ink-0)">
                        <IconFileText size={48} stroke={1.2} aria-hidden="true" />
                        <Text size="sm">打开文件</Text>
                      </Stack>
                    )}
                  </Anchor>
                  <Text size="xs" c="dimmed" mt={6} truncate>
                    {upload.name} · {formatSize(upload.size)}
                  </Text>
                </Paper>
              );
            })}
          </SimpleGrid>
        )}
      </FormSection>

      <FormSection title="企业简介">{item.introduction ? <RichHtml html={item.introduction} /> : <Text c="dimmed" size="sm">未填写</Text>}</FormSection>

      {approving && (
        <ApproveModal
          item={item}
          onClose={() => setApproving(false)}
          onDone={(next) => {
            setApproving(false);
            onChange(next);
          }}
        />
      )}
      {rejecting && (
        <RejectModal
          item={item}
          onClose={() => setRejecting(false)}
          onDone={(next) => {
            setRejecting(false);
            onChange(next);
          }}
        />
      )}
    </Stack>
  );
}

function ApproveModal({ item, onClose, onDone }: { item: ConsoleAuthentication; onClose: () => void; onDone: (item: ConsoleAuthentication) => void }) {
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const approve = async () => {
    setBusy(true);
    try {
      const next = await api.console.authenticationApprove({ id: item.id, categoryId });
      showSuccess(withNoticeNote(`「${item.enterpriseName}」已通过认证并进入企业库`, next.applicantEmail));
      onDone(next);
    } catch {
      // Shown by the error policy.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title="通过企业认证" centered>
      <Stack>
        <Text size="sm">通过后，「{item.enterpriseName}」将进入门户网站企业库，申请人的认证状态变为「已认证」。</Text>
        <NoticeEmailNote email={item.applicantEmail} />
        <CategorySelect kind="enterprise" label="企业库分类（可选）" value={categoryId} onChange={setCategoryId} comboboxProps={{ withinPortal: true }} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            取消
          </Button>
          <Button color={TONE.success} loading={busy} onClick={() => void approve()}>
            确认通过
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function RejectModal({ item, onClose, onDone }: { item: ConsoleAuthentication; onClose: () => void; onDone: (item: ConsoleAuthentication) => void }) {
  const [busy, setBusy] = useState(false);
  const form = useForm({ initialValues: { reason: '' }, validate: zodValidate(authenticationRejectBody) });
  const reject = form.onSubmit(async ({ reason }) => {
    setBusy(true);
    try {
      const next = await api.console.authenticationReject({ id: item.id, reason });
      showSuccess(withNoticeNote('已退回，申请人将看到未通过的原因', next.applicantEmail));
      onDone(next);
    } catch (error) {
      showServerFieldErrors(form, error, { focus: true });
    } finally {
      setBusy(false);
    }
  });
  return (
    <Modal opened onClose={onClose} title="企业认证不通过" centered>
      <form onSubmit={reject} noValidate>
        <Stack>
          <NoticeEmailNote email={item.applicantEmail} />
          <Textarea label="未通过原因" required description="申请人会看到此原因，请写明需要修改或补充的内容" autosize minRows={3} maxRows={8} maxLength={500} data-autofocus {...form.getInputProps('reason')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              取消
            </Button>
            <Button type="submit" color={TONE.danger} loading={busy}>
              确认不通过
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

import { useState } from 'react';
import { Badge, Button, Group, List, Modal, SegmentedControl, Stack, Table, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  ACCOUNT_DELETION_STATUS_LABELS,
  ACCOUNT_DELETION_STATUSES,
  accountDeletionRefuseBody,
  anonymisedName,
  type AccountDeletionStatus,
  type ConsoleAccountDeletion,
} from '@flagship/api-client';
import { formatDateTime, showServerFieldErrors, useAsync, useQueryParams, zodValidate } from '@flagship/ui';
import { ListView } from '../../components/list-view';
import { Page } from '../../components/page';
import { api, showSuccess } from '../../lib/api';
import { LIST_QUERY } from '../../lib/list';
import { TONE, type Tone } from '../../lib/tones';

const PAGE_SIZE = 15;
const DAY_MS = 86_400_000;
const STATUS_FILTERS = [...ACCOUNT_DELETION_STATUSES.map((value) => ({ value, label: ACCOUNT_DELETION_STATUS_LABELS[value] })), { value: 'all', label: '全部' }];
const STATUS_TONES: Record<AccountDeletionStatus, Tone> = { pending: 'warning', cancelled: 'neutral', refused: 'danger', done: 'success' };

const isStatus = (value: string): value is AccountDeletionStatus => (ACCOUNT_DELETION_STATUSES as readonly string[]).includes(value);

/** How long a request has waited, in whole days (today: 今天). */
function age(createdAt: string): string {
  const days = Math.floor((Date.now() - new Date(createdAt).getTime()) / DAY_MS);
  return days < 1 ? '今天' : `${days} 天前`;
}

export default function AccountDeletionListPage() {
  const query = useQueryParams(LIST_QUERY);
  // The queue opens on what is waiting.
  const statusParam = query.get('status') || 'pending';
  const status = isStatus(statusParam) ? statusParam : undefined;
  const list = useAsync((signal) => api.console.accountDeletionList({ page: query.page, pageSize: PAGE_SIZE, status }, { signal }), [query.page, status]);
  const [carrying, setCarrying] = useState<ConsoleAccountDeletion>();
  const [refusing, setRefusing] = useState<ConsoleAccountDeletion>();
  const done = () => {
    setCarrying(undefined);
    setRefusing(undefined);
    list.reload();
  };

  return (
    <Page
      title="注销账号申请"
      description="申请人在门户网站“个人资料”中申请注销账号。执行注销会匿名化该申请人并删除其草稿和文件，已提交的申报作为项目档案保留；不同意时请写明理由，申请人会收到通知。"
    >
      <Group mb="md">
        <div>
          <Text size="sm" fw={500} mb={2}>
            状态
          </Text>
          <SegmentedControl aria-label="申请状态" data={STATUS_FILTERS} value={status ?? 'all'} onChange={(value) => query.set({ status: value === 'pending' ? null : value })} />
        </div>
      </Group>
      <ListView
        state={list}
        label="注销账号申请列表"
        empty={status === 'pending' ? '没有待处理的注销申请' : '没有符合条件的注销申请'}
        onPage={(page) => query.set({ page })}
        head={
          <>
            <Table.Th>申请人</Table.Th>
            <Table.Th>申请时间</Table.Th>
            <Table.Th>名下申报</Table.Th>
            <Table.Th>状态</Table.Th>
            <Table.Th>处理</Table.Th>
            <Table.Th w={190}>操作</Table.Th>
          </>
        }
        row={(item) => (
          <Table.Tr key={item.id}>
            <Table.Td>
              <Text size="sm" fw={500}>
                {item.name || '（未填姓名）'}
              </Text>
              <Text size="xs" c="dimmed">
                {item.account} · 用户编号 {item.userId}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{formatDateTime(item.createdAt)}</Text>
              {item.status === 'pending' && (
                <Text size="xs" c="dimmed">
                  {age(item.createdAt)}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Text size="sm">
                草稿 {item.drafts} · 审核中 {item.inReview}
              </Text>
              <Text size="xs" c="dimmed">
                已提交过 {item.submitted} 份
              </Text>
            </Table.Td>
            <Table.Td>
              <Badge variant="light" color={TONE[STATUS_TONES[item.status]]}>
                {ACCOUNT_DELETION_STATUS_LABELS[item.status]}
              </Badge>
            </Table.Td>
            <Table.Td maw={260}>
              {item.decidedAt ? (
                <>
                  <Text size="sm">{item.decidedByAccount ?? (item.status === 'cancelled' ? '申请人撤销' : '—')}</Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(item.decidedAt)}
                  </Text>
                  {item.reason && (
                    <Text size="xs" lineClamp={3}>
                      理由：{item.reason}
                    </Text>
                  )}
                </>
              ) : (
                <Text size="sm" c="dimmed">
                  —
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              {item.status === 'pending' ? (
                <Group gap="xs" wrap="nowrap">
                  <Button size="compact-sm" color={TONE.danger} onClick={() => setCarrying(item)} aria-label={`执行注销：${item.account}`}>
                    执行注销
                  </Button>
                  <Button size="compact-sm" variant="default" onClick={() => setRefusing(item)} aria-label={`不同意：${item.account}`}>
                    不同意
                  </Button>
                </Group>
              ) : (
                <Text size="sm" c="dimmed">
                  —
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        )}
      />
      {carrying && <CarryOutModal item={carrying} onClose={() => setCarrying(undefined)} onDone={done} />}
      {refusing && <RefuseModal item={refusing} onClose={() => setRefusing(undefined)} onDone={done} />}
    </Page>
  );
}

function CarryOutModal({ item, onClose, onDone }: { item: ConsoleAccountDeletion; onClose: () => void; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await api.console.accountDeletionCarryOut({ id: item.id });
      showSuccess(`已注销，申请人显示为“${anonymisedName(item.userId)}”`);
      onDone();
    } catch {
      // The error policy has shown the message (or asked to re-authenticate).
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title="执行注销" centered size="lg">
      <Stack>
        <Text>
          将注销 <b>{item.name || item.account}</b>（{item.account}）的账号，此操作不能撤销：
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>账号无法再登录，所有登录会话立即结束；姓名、手机号码、电子邮箱、头像改为“{anonymisedName(item.userId)}”或清空；</List.Item>
          <List.Item>企业认证中的法定代表人、联系人、联系电话、地址和营业执照图片删除；企业库条目的法定代表人和地址同样处理；</List.Item>
          <List.Item>
            {item.drafts} 份未提交的草稿及其上传的文件删除；
          </List.Item>
          <List.Item>
            已提交过的 {item.submitted} 份申报（其中 {item.inReview} 份审核中）连同回执和附件保留，申报人显示为已注销用户；
          </List.Item>
          <List.Item>该手机号码或电子邮箱此后可以重新注册。</List.Item>
        </List>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            取消
          </Button>
          <Button color={TONE.danger} loading={busy} onClick={() => void confirm()}>
            确认注销
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function RefuseModal({ item, onClose, onDone }: { item: ConsoleAccountDeletion; onClose: () => void; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  const form = useForm({ initialValues: { reason: '' }, validate: zodValidate(accountDeletionRefuseBody) });
  const refuse = form.onSubmit(async ({ reason }) => {
    setBusy(true);
    try {
      await api.console.accountDeletionRefuse({ id: item.id, reason });
      showSuccess('已答复，申请人会收到不同意的理由');
      onDone();
    } catch (error) {
      showServerFieldErrors(form, error, { focus: true });
    } finally {
      setBusy(false);
    }
  });
  return (
    <Modal opened onClose={onClose} title="不同意注销" centered>
      <form onSubmit={refuse} noValidate>
        <Stack>
          <Text size="sm">
            申请人：{item.name || item.account}（{item.account}）
          </Text>
          <Textarea label="理由" required description="申请人会收到此理由，例如申报仍在评审、资助协议尚在履行" autosize minRows={3} maxRows={8} maxLength={500} data-autofocus {...form.getInputProps('reason')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              取消
            </Button>
            <Button type="submit" color={TONE.danger} loading={busy}>
              确认不同意
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

import { useMemo, useState } from 'react';
import { Alert, Anchor, Badge, Button, Checkbox, FileButton, Group, List, Modal, MultiSelect, NumberInput, Paper, Select, Stack, Table, Text, Textarea, Title, Tooltip } from '@mantine/core';
import { IconArrowsShuffle, IconFileImport, IconUserPlus } from '@tabler/icons-react';
import {
  ASSIGNMENT_STATUS_LABELS,
  ASSIGNMENT_STATUSES,
  REVIEW_RECOMMENDATION_LABELS,
  reopenBody,
  type AssignImportResult,
  type AssignResult,
  type ConsoleExpert,
  type ReviewAssignment,
  type ReviewRound,
} from '@flagship/api-client';
import { Link } from 'react-router-dom';
import { formatDateTime, useAsync, useQueryParams } from '@flagship/ui';
import { ConfirmModal } from '../../components/confirm-modal';
import { FilterBar } from '../../components/filter-bar';
import { ListView } from '../../components/list-view';
import { ApplyStatusBadge } from '../../components/status-badges';
import { api, showSuccess } from '../../lib/api';
import { LIST_QUERY } from '../../lib/list';
import { canCall } from '../../lib/navigation';
import { useStaff } from '../../lib/session';
import { TONE } from '../../lib/tones';
import { AssignmentStatusBadge, loadAll, score, SelectPage } from './review-shared';

const PAGE_SIZE = 20;
/** Applications still before a decision: the ones experts review. */
const ASSIGNABLE = new Set(['submitted', 'reviewing']);

type ExpertOption = Pick<ConsoleExpert, 'id' | 'name' | 'organisation' | 'account'>;

function accountNote(expert: ExpertOption): string {
  if (!expert.account) return '未开通账号';
  if (expert.account.disabled) return '账号已停用';
  return expert.account.accepted ? '已开通账号' : '已邀请，未接受';
}

export function AssignmentPanel({ projectId, round }: { projectId: number; round: ReviewRound }) {
  const staff = useStaff();
  // Bumped after every change, to load the assignment list afresh.
  const [version, setVersion] = useState(0);
  const [applicationPage, setApplicationPage] = useState(1);
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const [expertIds, setExpertIds] = useState<string[]>([]);
  const [perApplication, setPerApplication] = useState<number | string>(round.expertsPerApplication);
  const [result, setResult] = useState<{ title: string; result: AssignResult & { problems?: AssignImportResult['problems'] } }>();
  const [busy, setBusy] = useState<'assign' | 'auto' | 'import'>();

  const applications = useAsync((signal) => api.console.applyList({ projectId, page: applicationPage, pageSize: PAGE_SIZE }, { signal }), [projectId, applicationPage]);
  const assignments = useAsync((signal) => loadAll((page, pageSize) => api.console.reviewAssignmentList({ projectId, page, pageSize }, { signal })), [projectId]);
  const mayListExperts = canCall(staff.role, 'expertList');
  const experts = useAsync(
    (signal) => (mayListExperts ? loadAll((page, pageSize) => api.console.expertList({ page, pageSize }, { signal })) : Promise.resolve([] as ExpertOption[])),
    [mayListExperts],
  );

  const changed = () => {
    applications.reload();
    assignments.reload();
    setVersion((v) => v + 1);
  };

  const byApplication = useMemo(() => {
    const map = new Map<number, ReviewAssignment[]>();
    for (const a of assignments.data ?? []) map.set(a.applicationId, [...(map.get(a.applicationId) ?? []), a]);
    return map;
  }, [assignments.data]);
  const names = useMemo(() => {
    const applicationsById = new Map((applications.data?.list ?? []).map((a) => [a.id, a.serialNumber ?? `#${a.id}`]));
    const expertsById = new Map((experts.data ?? []).map((e) => [e.id, e.name]));
    return { application: (id: number) => applicationsById.get(id) ?? `申报 #${id}`, expert: (id: number | null) => (id == null ? '' : (expertsById.get(id) ?? `专家 #${id}`)) };
  }, [applications.data, experts.data]);

  const pageIds = (applications.data?.list ?? []).filter((a) => ASSIGNABLE.has(a.status)).map((a) => a.id);
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const assign = async () => {
    setBusy('assign');
    try {
      const answer = await api.console.reviewAssign({ projectId, applicationIds: [...selected], expertIds: expertIds.map(Number) });
      setResult({ title: '分配结果', result: answer });
      showSuccess(`已分配 ${answer.created} 项评审`);
      setSelected(new Set());
      setExpertIds([]);
      changed();
    } catch {
      // The error policy has shown the message.
    } finally {
      setBusy(undefined);
    }
  };

  const autoAssign = async () => {
    setBusy('auto');
    try {
      const per = typeof perApplication === 'number' ? perApplication : undefined;
      const answer = await api.console.reviewAutoAssign({ projectId, perApplication: per, applicationIds: selected.size ? [...selected] : undefined });
      setResult({ title: '自动分配结果', result: answer });
      showSuccess(`自动分配完成，新分配 ${answer.created} 项评审`);
      setSelected(new Set());
      changed();
    } catch {
      // The error policy has shown the message.
    } finally {
      setBusy(undefined);
    }
  };

  const importFile = async (file: File | null) => {
    if (!file) return;
    setBusy('import');
    try {
      const answer = await api.console.reviewAssignmentImport({ projectId, file });
      setResult({ title: `导入结果（${answer.rows} 行）`, result: answer });
      showSuccess(`导入完成，新分配 ${answer.created} 项评审`);
      changed();
    } catch {
      // The error policy has shown the message.
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <Stack gap="lg">
      <Paper withBorder p="md" className="fc-panel" component="section" aria-label="分配专家">
        <Title order={2} size="h4" className="fc-section-title" mb="sm">
          分配专家
        </Title>
        <Stack gap="md">
          <Group align="flex-end" gap="sm">
            {mayListExperts ? (
              <MultiSelect
                label="选择专家"
                placeholder={expertIds.length ? undefined : '搜索专家姓名'}
                searchable
                w={460}
                maxValues={50}
                nothingFoundMessage="没有匹配的专家"
                data={(experts.data ?? []).map((e) => ({ value: String(e.id), label: `${e.name}${e.organisation ? ` · ${e.organisation}` : ''}（${accountNote(e)}）` }))}
                value={expertIds}
                onChange={setExpertIds}
              />
            ) : (
              <Text size="sm" c="dimmed">
                专家库由管理员维护；审核员可以使用自动分配。
              </Text>
            )}
            {mayListExperts && (
              <Button leftSection={<IconUserPlus size={16} />} disabled={selected.size === 0 || expertIds.length === 0} loading={busy === 'assign'} onClick={() => void assign()}>
                分配所选（{selected.size} 份 × {expertIds.length} 位）
              </Button>
            )}
          </Group>
          <Group align="flex-end" gap="sm">
            <NumberInput label="每份申报的专家人数" w={180} min={1} max={10} allowDecimal={false} value={perApplication} onChange={setPerApplication} />
            <Button variant="light" leftSection={<IconArrowsShuffle size={16} />} loading={busy === 'auto'} onClick={() => void autoAssign()}>
              {selected.size ? `自动分配所选 ${selected.size} 份` : '自动分配'}
            </Button>
            <Text size="xs" c="dimmed" maw={460} pb={4}>
              按项目分类与专家专长匹配、均衡每位专家的评审量，自动避开利益冲突；只为专家人数不足的申报补足。只有开通了评审账号的专家会被分配。
            </Text>
          </Group>
          <Group align="center" gap="sm">
            <FileButton onChange={(file) => void importFile(file)} accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet">
              {(props) => (
                <Button {...props} variant="default" leftSection={<IconFileImport size={16} />} loading={busy === 'import'}>
                  导入分配（.xlsx）
                </Button>
              )}
            </FileButton>
            <Text size="xs" c="dimmed" maw={460}>
              第一个工作表须有「申报编号」和「专家账号」两列，每行分配一项（最多 5000 行）；导出的「分配」表可直接修改后导入。
            </Text>
          </Group>
          {result && <AssignResultView title={result.title} result={result.result} names={names} onClose={() => setResult(undefined)} />}
        </Stack>
      </Paper>

      <ListView
        state={applications}
        label="申报与评审专家"
        empty="还没有提交的申报"
        onPage={setApplicationPage}
        head={
          <>
            <Table.Th w={40}>
              <SelectPage label="选择本页全部可分配的申报" pageIds={pageIds} selected={selected} onChange={setSelected} />
            </Table.Th>
            <Table.Th>申报编号</Table.Th>
            <Table.Th>申请人</Table.Th>
            <Table.Th>状态</Table.Th>
            <Table.Th>评审专家</Table.Th>
          </>
        }
        row={(application) => {
          const list = byApplication.get(application.id) ?? [];
          const assignable = ASSIGNABLE.has(application.status);
          return (
            <Table.Tr key={application.id}>
              <Table.Td>
                <Checkbox aria-label={`选择申报 ${application.serialNumber ?? application.id}`} disabled={!assignable} checked={selected.has(application.id)} onChange={() => toggle(application.id)} />
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/review/applications/${application.id}`} className="fc-mono" size="sm">
                  {application.serialNumber ?? `#${application.id}`}
                </Anchor>
                {list[0] && (
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {list[0].applicationTitle}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{application.applicantName || '—'}</Text>
              </Table.Td>
              <Table.Td>
                <ApplyStatusBadge status={application.status} />
              </Table.Td>
              <Table.Td>
                {list.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    未分配
                  </Text>
                ) : (
                  <Group gap={6}>
                    {list.map((a) => (
                      <Tooltip key={a.id} label={ASSIGNMENT_STATUS_LABELS[a.status]}>
                        <Badge variant="outline" radius="sm" color={a.status === 'conflict' ? TONE.warning : a.status === 'submitted' ? TONE.success : TONE.neutral}>
                          {a.expertName} · {ASSIGNMENT_STATUS_LABELS[a.status]}
                        </Badge>
                      </Tooltip>
                    ))}
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          );
        }}
      />

      <AssignmentList key={version} projectId={projectId} onChange={changed} />
    </Stack>
  );
}

function AssignResultView({ title, result, names, onClose }: { title: string; result: AssignResult & { problems?: AssignImportResult['problems'] }; names: { application: (id: number) => string; expert: (id: number | null) => string }; onClose: () => void }) {
  return (
    <Alert color={result.skipped.length || result.problems?.length ? TONE.warning : TONE.success} title={title} withCloseButton closeButtonLabel="关闭分配结果" onClose={onClose} role="status">
      <Stack gap={6}>
        <Text size="sm">
          新分配 {result.created} 项评审；每位专家的评审量 {result.minLoad}–{result.maxLoad} 份（相差 {result.maxLoad - result.minLoad}）。
        </Text>
        {result.problems && result.problems.length > 0 && (
          <>
            <Text size="sm">未能使用的行 {result.problems.length} 行：</Text>
            <List size="sm" spacing={2}>
              {result.problems.slice(0, 20).map((p) => (
                <List.Item key={p.row}>{p.reason}</List.Item>
              ))}
            </List>
            {result.problems.length > 20 && (
              <Text size="xs" c="dimmed">
                另有 {result.problems.length - 20} 行未列出。
              </Text>
            )}
          </>
        )}
        {result.skipped.length > 0 && (
          <>
            <Text size="sm">跳过 {result.skipped.length} 项：</Text>
            <List size="sm" spacing={2}>
              {result.skipped.slice(0, 20).map((s) => (
                <List.Item key={`${s.applicationId}-${s.expertId ?? 'none'}`}>
                  {names.application(s.applicationId)}
                  {s.expertId != null ? ` × ${names.expert(s.expertId)}` : ''}：{s.reason}
                </List.Item>
              ))}
            </List>
            {result.skipped.length > 20 && (
              <Text size="xs" c="dimmed">
                另有 {result.skipped.length - 20} 项未列出。
              </Text>
            )}
          </>
        )}
      </Stack>
    </Alert>
  );
}

/** Every assignment of the round, with unassigning and reopening a submitted review. */
function AssignmentList({ projectId, onChange }: { projectId: number; onChange: () => void }) {
  const query = useQueryParams(LIST_QUERY);
  const keyword = query.get('keyword');
  const status = query.oneOf('status', ASSIGNMENT_STATUSES);
  const [removing, setRemoving] = useState<ReviewAssignment>();
  const [reopening, setReopening] = useState<ReviewAssignment>();
  const list = useAsync(
    (signal) => api.console.reviewAssignmentList({ projectId, page: query.page, pageSize: PAGE_SIZE, keyword: keyword || undefined, status }, { signal }),
    [projectId, query.page, keyword, status],
  );

  return (
    <Stack gap="md" component="section" aria-label="评审分配">
      <Title order={2} size="h4" className="fc-section-title">
        评审分配
      </Title>
      <FilterBar keyword={keyword} onKeyword={(value) => query.set({ keyword: value })} placeholder="申报编号、项目名称或专家姓名" onReset={() => query.set({ keyword: null, status: null })}>
        <Select
          label="评审状态"
          placeholder="全部"
          clearable
          w={140}
          data={ASSIGNMENT_STATUSES.map((value) => ({ value, label: ASSIGNMENT_STATUS_LABELS[value] }))}
          value={status ?? null}
          onChange={(value) => query.set({ status: value })}
        />
      </FilterBar>
      <ListView
        state={list}
        label="评审分配列表"
        empty={status || keyword ? '没有符合条件的分配' : '还没有分配评审专家'}
        onPage={(page) => query.set({ page })}
        head={
          <>
            <Table.Th>申报</Table.Th>
            <Table.Th>专家</Table.Th>
            <Table.Th>状态</Table.Th>
            <Table.Th ta="right">总分</Table.Th>
            <Table.Th>推荐意见</Table.Th>
            <Table.Th>提交时间</Table.Th>
            <Table.Th w={120}>操作</Table.Th>
          </>
        }
        row={(a) => (
          <Table.Tr key={a.id}>
            <Table.Td maw={280}>
              <Text size="sm" className="fc-mono">
                {a.serialNumber ?? `#${a.applicationId}`}
              </Text>
              <Text size="xs" c="dimmed" lineClamp={1}>
                {a.applicationTitle} · {a.applicantName}
              </Text>
            </Table.Td>
            <Table.Td>{a.expertName}</Table.Td>
            <Table.Td>
              <AssignmentStatusBadge status={a.status} overdue={a.overdue} />
              {a.conflictReason && (
                <Text size="xs" c="dimmed" mt={2} maw={200}>
                  {a.conflictReason}
                </Text>
              )}
            </Table.Td>
            <Table.Td ta="right">{score(a.total)}</Table.Td>
            <Table.Td>{a.recommendation ? REVIEW_RECOMMENDATION_LABELS[a.recommendation] : '—'}</Table.Td>
            <Table.Td>{a.submittedAt ? formatDateTime(a.submittedAt) : '—'}</Table.Td>
            <Table.Td>
              {a.status === 'submitted' ? (
                <Button size="compact-sm" variant="subtle" color={TONE.warning} onClick={() => setReopening(a)} aria-label={`重新开放：${a.expertName} · ${a.serialNumber ?? a.applicationId}`}>
                  重新开放
                </Button>
              ) : a.status === 'conflict' ? (
                // The server keeps every declaration: a conflicted assignment cannot be removed.
                <Text size="xs" c="dimmed">
                  保留声明记录
                </Text>
              ) : a.status === 'assigned' ? (
                <Button size="compact-sm" variant="subtle" color={TONE.danger} onClick={() => setRemoving(a)} aria-label={`取消分配：${a.expertName} · ${a.serialNumber ?? a.applicationId}`}>
                  取消分配
                </Button>
              ) : (
                <Text size="xs" c="dimmed">
                  {a.savedAt == null ? '已声明' : '评分中'}
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        )}
      />
      <ConfirmModal
        opened={Boolean(removing)}
        title="取消分配"
        danger
        confirmLabel="取消分配"
        onClose={() => setRemoving(undefined)}
        onConfirm={async () => {
          if (!removing) return;
          await api.console.reviewUnassign({ id: removing.id });
          showSuccess('已取消分配');
          onChange();
        }}
      >
        {removing ? `确定取消 ${removing.expertName} 对申报 ${removing.serialNumber ?? removing.applicationId} 的评审分配吗？` : ''}
      </ConfirmModal>
      <ReopenModal assignment={reopening} onClose={() => setReopening(undefined)} onDone={onChange} />
    </Stack>
  );
}

function ReopenModal({ assignment, onClose, onDone }: { assignment?: ReviewAssignment; onClose: () => void; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const close = () => {
    setReason('');
    setError(undefined);
    onClose();
  };
  const confirm = async () => {
    if (!assignment) return;
    const checked = reopenBody.safeParse({ reason });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    setBusy(true);
    try {
      await api.console.reviewReopen({ id: assignment.id, reason: checked.data.reason });
      showSuccess('评审已重新开放，专家可以修改后再次提交');
      onDone();
      close();
    } catch {
      // The error policy has shown the message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={Boolean(assignment)} onClose={close} title="重新开放评审" centered>
      <Stack>
        <Text size="sm">
          {assignment ? `重新开放 ${assignment.expertName} 对申报 ${assignment.serialNumber ?? assignment.applicationId} 已提交的评审，专家可修改后再次提交。原因将记入操作日志。` : ''}
        </Text>
        <Textarea label="原因" required autosize minRows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={error} data-autofocus />
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={busy}>
            取消
          </Button>
          <Button color={TONE.warning} loading={busy} onClick={() => void confirm()}>
            确认重新开放
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import { useState } from 'react';
import { Anchor, Button, Checkbox, Group, Select, Stack, Table, Text } from '@mantine/core';
import { IconArrowBackUp, IconPencil, IconPrinter, IconTrash } from '@tabler/icons-react';
import { APPLY_STATUS_LABELS, APPLY_STATUSES, type ApplyStatus, type ApplySummary } from '@flagship/api-client';
import { Link, useNavigate } from 'react-router-dom';
import { Empty, formatDateTime, ListPagination, useQueryParams } from '@flagship/ui';
import { ApplyActions } from '../../../components/apply-actions';
import { ApplyStatusBadge, EDITABLE_STATUSES, WITHDRAWABLE_STATUSES } from '../../../components/apply-status-badge';
import { Page } from '../../../components/page';
import { AsyncView } from '../../../components/states';
import { APPLY_PAGE_SIZE, useMyApplications } from '../api/user-centre';
import { RemoveApplyDialog, removeActionLabel } from '../components/remove-apply-dialog';
import { UserCentreLayout } from '../../../components/user-centre-layout';

export default function UserPage() {
  const query = useQueryParams();
  const navigate = useNavigate();
  const statusParam = query.get('status');
  const status = (APPLY_STATUSES as readonly string[]).includes(statusParam) ? (statusParam as ApplyStatus) : undefined;
  const list = useMyApplications(query.page, status);
  const [selected, setSelected] = useState<number[]>([]);
  const [removing, setRemoving] = useState<ApplySummary>();

  const removed = (apply: ApplySummary) => {
    // A withdrawn submission stays listed (and selectable); a deleted draft leaves.
    if (apply.status === 'draft') setSelected((ids) => ids.filter((id) => id !== apply.id));
    setRemoving(undefined);
    list.reload();
  };

  const toggle = (id: number, on: boolean) => setSelected((ids) => (on ? [...ids, id] : ids.filter((v) => v !== id)));

  return (
    <Page
      actions={
        <Group>
          <Select
            aria-label="按状态筛选"
            placeholder="全部状态"
            clearable
            data={APPLY_STATUSES.map((s) => ({ value: s, label: APPLY_STATUS_LABELS[s] }))}
            value={status ?? null}
            onChange={(value) => query.set({ status: value })}
            w={140}
          />
          <Button leftSection={<IconPrinter size={16} />} disabled={selected.length === 0} onClick={() => void navigate(`/print?ids=${selected.join(',')}`)}>
            批量打印{selected.length > 0 ? `（${selected.length}）` : ''}
          </Button>
        </Group>
      }
    >
      <UserCentreLayout>
        <AsyncView state={list}>
          {(data) =>
            data.list.length === 0 ? (
              <Empty
                action={
                  <Button component={Link} to="/declaration" variant="light">
                    去申报项目
                  </Button>
                }
              >
                您还没有申报记录
              </Empty>
            ) : (
              <>
                {/* The actions sit under the title and status, receipt and time share a column: the title keeps room down to 800 px. */}
                <Table.ScrollContainer minWidth={520}>
                  <Table striped highlightOnHover withTableBorder verticalSpacing="sm" aria-label="我的申报">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th w={40}>
                          <Checkbox
                            aria-label="全选本页"
                            checked={data.list.every((a) => selected.includes(a.id))}
                            indeterminate={data.list.some((a) => selected.includes(a.id)) && !data.list.every((a) => selected.includes(a.id))}
                            onChange={(event) => {
                              const on = event.currentTarget.checked;
                              const ids = data.list.map((a) => a.id);
                              setSelected((current) => (on ? [...new Set([...current, ...ids])] : current.filter((id) => !ids.includes(id))));
                            }}
                          />
                        </Table.Th>
                        <Table.Th>项目 / 表单</Table.Th>
                        <Table.Th w={170}>状态 / 编号</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.list.map((apply) => (
                        <Table.Tr key={apply.id}>
                          <Table.Td>
                            <Checkbox aria-label={`选择 ${apply.projectTitle}`} checked={selected.includes(apply.id)} onChange={(e) => toggle(apply.id, e.currentTarget.checked)} />
                          </Table.Td>
                          <Table.Td>
                            <Stack gap={2}>
                              <Anchor component={Link} to={`/decDetail?id=${apply.id}`} fw={600}>
                                {apply.projectTitle}
                              </Anchor>
                              <Text size="xs" c="dimmed">
                                {apply.formTitle}
                              </Text>
                              {apply.reviewMessage && (
                                <Text size="xs" c="#a63c06">
                                  审核意见：{apply.reviewMessage}
                                </Text>
                              )}
                              <Group gap={6} mt={6}>
                                {EDITABLE_STATUSES.has(apply.status) && (
                                  <Button component={Link} to={`/application?projectId=${apply.projectId}&formId=${apply.formId}`} size="xs" leftSection={<IconPencil size={14} />}>
                                    继续填写
                                  </Button>
                                )}
                                <ApplyActions apply={apply} />
                                {WITHDRAWABLE_STATUSES.has(apply.status) && (
                                  <Button
                                    size="xs"
                                    variant="outline"
                                    color="red.9"
                                    leftSection={apply.status === 'draft' ? <IconTrash size={14} /> : <IconArrowBackUp size={14} />}
                                    onClick={() => setRemoving(apply)}
                                  >
                                    {removeActionLabel(apply)}
                                  </Button>
                                )}
                              </Group>
                            </Stack>
                          </Table.Td>
                          <Table.Td>
                            <Stack gap={4} align="flex-start">
                              <ApplyStatusBadge status={apply.status} />
                              {apply.serialNumber && <Text size="sm">{apply.serialNumber}</Text>}
                              {apply.submittedAt && (
                                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                                  提交于 {formatDateTime(apply.submittedAt)}
                                </Text>
                              )}
                              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                                {apply.status === 'withdrawn' ? '撤回于' : '更新于'} {formatDateTime(apply.updatedAt)}
                              </Text>
                            </Stack>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
                <ListPagination page={data.page} pageSize={APPLY_PAGE_SIZE} total={data.total} onChange={(page) => query.set({ page })} />
              </>
            )
          }
        </AsyncView>
      </UserCentreLayout>
      <RemoveApplyDialog apply={removing} onClose={() => setRemoving(undefined)} onDone={removed} />
    </Page>
  );
}

import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import { useState } from 'react';
import { Anchor, Button, Checkbox, Group, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPrinter, IconTrash } from '@tabler/icons-react';
import { APPLY_STATUS_LABELS, APPLY_STATUSES, type ApplyStatus, type ApplySummary } from '@flagship/api-client';
import { Link, useNavigate } from 'react-router-dom';
import { Empty, formatDateTime, ListPagination, useQueryParams } from '@flagship/ui';
import { ApplyActions } from '../../../components/apply-actions';
import { ApplyStatusBadge, EDITABLE_STATUSES, WITHDRAWABLE_STATUSES } from '../../../components/apply-status-badge';
import { IconAction } from '../../../components/icon-action';
import { Page } from '../../../components/page';
import { AsyncView } from '../../../components/states';
import { api } from '../../../lib/api';
import { APPLY_PAGE_SIZE, useMyApplications } from '../api/user-centre';
import { UserCentreLayout } from '../components/user-centre-layout';

export default function UserPage() {
  const query = useQueryParams();
  const navigate = useNavigate();
  const statusParam = query.get('status');
  const status = (APPLY_STATUSES as readonly string[]).includes(statusParam) ? (statusParam as ApplyStatus) : undefined;
  const list = useMyApplications(query.page, status);
  const [selected, setSelected] = useState<number[]>([]);
  const [removing, setRemoving] = useState<ApplySummary>();
  const [deleting, setDeleting] = useState(false);

  const remove = async () => {
    if (!removing) return;
    setDeleting(true);
    try {
      await api.apply.remove({ id: removing.formId, applyId: removing.id });
      notifications.show({ color: 'green', message: '申报已删除' });
      setSelected((ids) => ids.filter((id) => id !== removing.id));
      setRemoving(undefined);
      list.reload();
    } catch {
      // The error policy has shown the message.
    } finally {
      setDeleting(false);
    }
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
                {/* Status, number and time share a column, actions are icons: the project title keeps room down to 800 px. */}
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
                        <Table.Th w={1}>操作</Table.Th>
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
                            </Stack>
                          </Table.Td>
                          <Table.Td>
                            <Stack gap={4} align="flex-start">
                              <ApplyStatusBadge status={apply.status} />
                              {apply.serialNumber && <Text size="sm">{apply.serialNumber}</Text>}
                              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                                更新于 {formatDateTime(apply.updatedAt)}
                              </Text>
                            </Stack>
                          </Table.Td>
                          <Table.Td>
                            <Group gap={6} wrap="nowrap">
                              {EDITABLE_STATUSES.has(apply.status) && (
                                <IconAction label="填写" icon={<IconPencil size={16} />} to={`/application?projectId=${apply.projectId}&formId=${apply.formId}`} variant="filled" />
                              )}
                              <ApplyActions applyId={apply.id} projectId={apply.projectId} formId={apply.formId} compact />
                              {WITHDRAWABLE_STATUSES.has(apply.status) && (
                                <IconAction label="删除" icon={<IconTrash size={16} />} color="red.9" variant="outline" onClick={() => setRemoving(apply)} />
                              )}
                            </Group>
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
      <Modal opened={Boolean(removing)} onClose={() => setRemoving(undefined)} title="删除申报" centered>
        <Stack>
          <Text>
            确定删除「{removing?.projectTitle} · {removing?.formTitle}」的申报吗？删除后将从您的列表中移除，不能再查看或修改。
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(undefined)}>
              取消
            </Button>
            <Button color="red.9" loading={deleting} onClick={() => void remove()}>
              确定删除
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Page>
  );
}

import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ConsoleForm, ConsoleProject } from '@flagship/api-client';
import { Link } from 'react-router-dom';
import { Empty, formatDateTime } from '@flagship/ui';
import { ConfirmModal } from '../../components/confirm-modal';
import { FormSection } from '../../components/form-section';
import { api, showSuccess } from '../../lib/api';
import { TONE } from '../../lib/tones';

/** The call's application forms: open the builder, reorder, delete while no one has applied. */
export function ProjectForms({ project, onChange }: { project: ConsoleProject; onChange: (project: ConsoleProject) => void }) {
  const [deleting, setDeleting] = useState<ConsoleForm>();
  const [moving, setMoving] = useState(false);
  const forms = project.forms;

  const move = async (index: number, by: -1 | 1) => {
    const ids = forms.map((f) => f.id);
    const [id] = ids.splice(index, 1);
    if (id === undefined) return;
    ids.splice(index + by, 0, id);
    setMoving(true);
    try {
      const next = await api.console.formReorder({ projectId: project.id, formIds: ids });
      onChange({ ...project, forms: next });
    } catch {
      // Shown by the error policy.
    } finally {
      setMoving(false);
    }
  };

  const remove = async (form: ConsoleForm) => {
    await api.console.formDelete({ projectId: project.id, formId: form.id });
    showSuccess(`表单「${form.title}」已删除`);
    onChange({ ...project, forms: forms.filter((f) => f.id !== form.id), formCount: project.formCount - 1 });
  };

  return (
    <FormSection
      title="申报表单"
      description="申请人按表单填写并提交申报；一个项目可有多个表单（例如个人申报、单位申报）。"
      actions={
        <Button component={Link} to={`/projects/${project.id}/forms/new`} leftSection={<IconPlus size={16} />} variant="light">
          新建表单
        </Button>
      }
    >
      {forms.length === 0 ? (
        <Empty>还没有申报表单</Empty>
      ) : (
        <Table className="fc-table" withTableBorder verticalSpacing="sm" aria-label="申报表单">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={60}>顺序</Table.Th>
              <Table.Th>表单名称</Table.Th>
              <Table.Th>字段数</Table.Th>
              <Table.Th>已提交</Table.Th>
              <Table.Th>版本 / 更新时间</Table.Th>
              <Table.Th w={200}>操作</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {forms.map((form, index) => (
              <Table.Tr key={form.id}>
                <Table.Td>{index + 1}</Table.Td>
                <Table.Td>
                  <Text fw={500}>{form.title}</Text>
                  {form.description && (
                    <Text size="xs" c="dimmed" lineClamp={1}>
                      {form.description}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{form.fields.filter((f) => f.kind !== 'section').length}</Table.Td>
                <Table.Td>{form.submittedCount > 0 ? <Badge variant="light" color={TONE.info}>{form.submittedCount} 份</Badge> : <Text size="sm" c="dimmed">0</Text>}</Table.Td>
                <Table.Td>
                  <Text size="sm">v{form.version}</Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(form.updatedAt)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button component={Link} to={`/projects/${project.id}/forms/${form.id}`} size="compact-sm" variant="subtle" leftSection={<IconEdit size={14} />}>
                      编辑表单
                    </Button>
                    <ActionIcon variant="subtle" color="ink" aria-label={`上移「${form.title}」`} disabled={index === 0 || moving} onClick={() => void move(index, -1)}>
                      <IconArrowUp size={16} />
                    </ActionIcon>
                    <ActionIcon variant="subtle" color="ink" aria-label={`下移「${form.title}」`} disabled={index === forms.length - 1 || moving} onClick={() => void move(index, 1)}>
                      <IconArrowDown size={16} />
                    </ActionIcon>
                    <Tooltip label={form.submittedCount > 0 ? '已有申报，不能删除' : '删除表单'}>
                      <ActionIcon variant="subtle" color={TONE.danger} aria-label={`删除「${form.title}」`} disabled={form.submittedCount > 0} onClick={() => setDeleting(form)}>
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ConfirmModal opened={Boolean(deleting)} title="删除表单" danger confirmLabel="删除" onClose={() => setDeleting(undefined)} onConfirm={() => (deleting ? remove(deleting) : undefined)}>
        {`确定删除表单「${deleting?.title ?? ''}」吗？删除后不可恢复。`}
      </ConfirmModal>
    </FormSection>
  );
}

import { useState } from 'react';
import { Button, Group, Modal, NumberInput, Paper, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { CATEGORY_KINDS, categoryUpdateBody, type Category, type CategoryKind } from '@flagship/api-client';
import { Empty, showServerFieldErrors, useAsync, useQueryParams, zodValidate } from '@flagship/ui';
import { DeleteButton } from '../../components/delete-button';
import { AsyncView } from '../../components/states';
import { api, showSuccess } from '../../lib/api';
import { CATEGORY_KIND_LABELS } from '../../lib/categories';
import { LIST_QUERY } from '../../lib/list';

export function CategoriesPanel() {
  const query = useQueryParams(LIST_QUERY);
  const kind = query.oneOf('kind', CATEGORY_KINDS) ?? 'project';
  const list = useAsync((signal) => api.console.categoryList({ kind }, { signal }), [kind]);
  const [editing, setEditing] = useState<Category | 'new'>();

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <SegmentedControl
          aria-label="分类类型"
          data={CATEGORY_KINDS.map((value) => ({ value, label: CATEGORY_KIND_LABELS[value] }))}
          value={kind}
          onChange={(value) => query.set({ kind: value })}
        />
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          新建{CATEGORY_KIND_LABELS[kind]}
        </Button>
      </Group>
      <AsyncView state={list}>
        {(categories) =>
          categories.length === 0 ? (
            <Paper withBorder className="fc-panel">
              <Empty>还没有{CATEGORY_KIND_LABELS[kind]}</Empty>
            </Paper>
          ) : (
            <Paper withBorder className="fc-panel" style={{ overflow: 'hidden' }}>
              <Table className="fc-table" verticalSpacing="sm" aria-label={CATEGORY_KIND_LABELS[kind]}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={80}>编号</Table.Th>
                    <Table.Th>名称</Table.Th>
                    <Table.Th w={100} ta="right">
                      排序
                    </Table.Th>
                    <Table.Th w={160}>操作</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {categories.map((category) => (
                    <Table.Tr key={category.id}>
                      <Table.Td>
                        <Text size="sm" c="dimmed">
                          {category.id}
                        </Text>
                      </Table.Td>
                      <Table.Td fw={500}>{category.name}</Table.Td>
                      <Table.Td ta="right">{category.sort}</Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Button size="compact-sm" variant="subtle" onClick={() => setEditing(category)}>
                            编辑
                          </Button>
                          <DeleteButton
                            name={category.name}
                            what="分类"
                            onDelete={async () => {
                              await api.console.categoryDelete({ id: category.id });
                              showSuccess(`分类「${category.name}」已删除，原属此分类的内容变为未分类`);
                              list.reload();
                            }}
                          />
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
          )
        }
      </AsyncView>
      {editing && (
        <CategoryModal
          kind={kind}
          category={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            list.reload();
          }}
        />
      )}
    </Stack>
  );
}

function CategoryModal({ kind, category, onClose, onSaved }: { kind: CategoryKind; category?: Category; onClose: () => void; onSaved: () => void }) {
  const [busy, setBusy] = useState(false);
  const form = useForm({ initialValues: { name: category?.name ?? '', sort: category?.sort ?? 0 }, validate: zodValidate(categoryUpdateBody) });
  const save = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      if (category) await api.console.categoryUpdate({ id: category.id, ...values });
      else await api.console.categoryCreate({ kind, ...values });
      showSuccess(category ? '分类已保存' : '分类已创建');
      onSaved();
    } catch (error) {
      showServerFieldErrors(form, error, { focus: true });
    } finally {
      setBusy(false);
    }
  });
  return (
    <Modal opened onClose={onClose} title={category ? `编辑${CATEGORY_KIND_LABELS[kind]}` : `新建${CATEGORY_KIND_LABELS[kind]}`} centered>
      <form onSubmit={save} noValidate>
        <Stack>
          <TextInput label="名称" required maxLength={50} data-autofocus {...form.getInputProps('name')} />
          <NumberInput label="排序" description="数字越小越靠前" allowDecimal={false} {...form.getInputProps('sort')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              取消
            </Button>
            <Button type="submit" loading={busy}>
              保存
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

import { useMemo, useState } from 'react';
import { ActionIcon, Button, Group, Modal, NumberInput, Paper, Select, Stack, Text, TextInput, Tooltip, UnstyledButton } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconChevronDown, IconChevronRight, IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import type { Region } from '@flagship/api-client';
import { childrenByParent, Empty, Loading, showServerFieldErrors } from '@flagship/ui';
import { ConfirmModal } from '../../components/confirm-modal';
import { api, showSuccess } from '../../lib/api';
import { useRegions } from '../../lib/regions';
import { TONE } from '../../lib/tones';

const LEVEL_NAMES = ['省', '市', '区县'];
const MAX_DEPTH = 3;

type Editing = { mode: 'create'; parent: Region | null } | { mode: 'edit'; region: Region };

export function RegionsPanel() {
  const { regions, loaded, refresh } = useRegions();
  const tree = useMemo(() => childrenByParent(regions), [regions]);
  const [open, setOpen] = useState<Set<number>>(() => new Set());
  const [editing, setEditing] = useState<Editing>();
  const [deleting, setDeleting] = useState<Region>();

  if (!loaded) return <Loading />;
  const roots = tree.get(null) ?? [];
  const toggle = (id: number) => setOpen((current) => {
    const next = new Set(current);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  });

  const renderNode = (region: Region, depth: number) => {
    const children = tree.get(region.id) ?? [];
    const expanded = open.has(region.id);
    return (
      <div key={region.id}>
        <Group gap="xs" py={6} pl={depth * 28 + 8} pr="sm" wrap="nowrap" className="fc-tree-row">
          {children.length > 0 ? (
            <UnstyledButton onClick={() => toggle(region.id)} aria-expanded={expanded} aria-label={`${expanded ? '收起' : '展开'}「${region.name}」`} style={{ display: 'flex' }}>
              {expanded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
            </UnstyledButton>
          ) : (
            <span style={{ width: 16 }} />
          )}
          <Text size="sm" fw={depth === 0 ? 600 : 400} style={{ flex: 1 }}>
            {region.name}
            <Text span size="xs" c="dimmed" ml={8}>
              {LEVEL_NAMES[depth] ?? ''} · 排序 {region.sort}
              {children.length > 0 ? ` · 下级 ${children.length} 个` : ''}
            </Text>
          </Text>
          {depth < MAX_DEPTH - 1 && (
            <Tooltip label={`添加下级${LEVEL_NAMES[depth + 1]}`}>
              <ActionIcon variant="subtle" color="ink" aria-label={`在「${region.name}」下添加地区`} onClick={() => setEditing({ mode: 'create', parent: region })}>
                <IconPlus size={16} />
              </ActionIcon>
            </Tooltip>
          )}
          <ActionIcon variant="subtle" color="ink" aria-label={`编辑「${region.name}」`} onClick={() => setEditing({ mode: 'edit', region })}>
            <IconEdit size={16} />
          </ActionIcon>
          <Tooltip label={children.length > 0 ? '有下级地区，不能删除' : '删除'}>
            <ActionIcon variant="subtle" color={TONE.danger} aria-label={`删除「${region.name}」`} disabled={children.length > 0} onClick={() => setDeleting(region)}>
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
        {expanded && children.length > 0 && children.map((child) => renderNode(child, depth + 1))}
      </div>
    );
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          共 {regions.length} 个地区。地区用于项目、专家、企业和申报表单中的「地区」字段。
        </Text>
        <Group gap="xs">
          <Button variant="subtle" color="ink" size="xs" onClick={() => setOpen(new Set(regions.map((r) => r.id)))}>
            全部展开
          </Button>
          <Button variant="subtle" color="ink" size="xs" onClick={() => setOpen(new Set())}>
            全部收起
          </Button>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ mode: 'create', parent: null })}>
            新建省级地区
          </Button>
        </Group>
      </Group>
      <Paper withBorder className="fc-panel" py={4} component="section" aria-label="地区">
        {roots.length === 0 ? <Empty>还没有地区</Empty> : roots.map((region) => renderNode(region, 0))}
      </Paper>
      {editing && (
        <RegionModal
          editing={editing}
          regions={regions}
          onClose={() => setEditing(undefined)}
          onSaved={(region) => {
            setEditing(undefined);
            if (region.parentId) setOpen((current) => new Set(current).add(region.parentId as number));
            refresh();
          }}
        />
      )}
      <ConfirmModal
        opened={Boolean(deleting)}
        title="删除地区"
        danger
        confirmLabel="删除"
        onClose={() => setDeleting(undefined)}
        onConfirm={async () => {
          if (!deleting) return;
          await api.console.regionDelete({ id: deleting.id });
          showSuccess(`「${deleting.name}」已删除`);
          refresh();
        }}
      >
        {`确定删除「${deleting?.name ?? ''}」吗？引用此地区的内容将变为未填写地区。`}
      </ConfirmModal>
    </Stack>
  );
}

function depthOf(region: Region, byId: Map<number, Region>): number {
  let depth = 0;
  let current = region;
  while (current.parentId !== null) {
    const parent = byId.get(current.parentId);
    if (!parent) break;
    current = parent;
    depth += 1;
  }
  return depth;
}

function RegionModal({ editing, regions, onClose, onSaved }: { editing: Editing; regions: Region[]; onClose: () => void; onSaved: (region: Region) => void }) {
  const region = editing.mode === 'edit' ? editing.region : undefined;
  const initialParent = editing.mode === 'edit' ? editing.region.parentId : (editing.parent?.id ?? null);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { name: region?.name ?? '', sort: region?.sort ?? 0, parentId: initialParent === null ? '' : String(initialParent) },
    validate: { name: (value) => (value.trim() ? null : '请输入地区名称') },
  });

  // A region can move under a province or a city that is not itself or one of its descendants.
  const parents = useMemo(() => {
    const byId = new Map(regions.map((r) => [r.id, r]));
    const children = childrenByParent(regions);
    const excluded = new Set<number>();
    const exclude = (id: number) => {
      excluded.add(id);
      for (const child of children.get(id) ?? []) exclude(child.id);
    };
    if (region) exclude(region.id);
    const subtreeDepth = (id: number): number => Math.max(0, ...(children.get(id) ?? []).map((c) => 1 + subtreeDepth(c.id)));
    const below = region ? subtreeDepth(region.id) : 0;
    return regions
      .filter((r) => !excluded.has(r.id) && depthOf(r, byId) + 1 + below < MAX_DEPTH)
      .map((r) => {
        const path: string[] = [];
        for (let at: Region | undefined = r; at; at = at.parentId === null ? undefined : byId.get(at.parentId)) path.unshift(at.name);
        return { value: String(r.id), label: path.join(' / ') };
      });
  }, [regions, region]);

  const save = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      const parentId = values.parentId ? Number(values.parentId) : null;
      const saved = region
        ? await api.console.regionUpdate({ id: region.id, name: values.name.trim(), sort: values.sort, parentId })
        : await api.console.regionCreate({ name: values.name.trim(), sort: values.sort, parentId });
      showSuccess(region ? '地区已保存' : '地区已添加');
      onSaved(saved);
    } catch (error) {
      showServerFieldErrors(form, error, { focus: true });
    } finally {
      setBusy(false);
    }
  });

  return (
    <Modal opened onClose={onClose} title={region ? `编辑「${region.name}」` : '添加地区'} centered>
      <form onSubmit={save} noValidate>
        <Stack>
          <Select label="上级地区" placeholder="无（省级）" clearable searchable data={parents} nothingFoundMessage="没有可选的上级地区" {...form.getInputProps('parentId')} onChange={(value) => form.setFieldValue('parentId', value ?? '')} value={form.values.parentId || null} />
          <TextInput label="名称" required maxLength={50} data-autofocus {...form.getInputProps('name')} />
          <NumberInput label="排序" description="同级中数字越小越靠前" allowDecimal={false} {...form.getInputProps('sort')} />
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

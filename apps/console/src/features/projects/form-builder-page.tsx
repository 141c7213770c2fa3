import '@mantine/dates/styles.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Group, Menu, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconDeviceFloppy, IconPlus, IconRefresh } from '@tabler/icons-react';
import { ApiError, Errno, FORM_FIELD_KIND_LABELS, type ConsoleForm, type ConsoleProject, type FormField } from '@flagship/api-client';
import { Link, useBlocker, useNavigate, useParams } from 'react-router-dom';
import { toId, useAsync } from '@flagship/ui';
import { ConfirmModal } from '../../components/confirm-modal';
import { Page } from '../../components/page';
import { AsyncView } from '../../components/states';
import { api, showSuccess } from '../../lib/api';
import { move } from '../../lib/list';
import { TONE } from '../../lib/tones';
import { FieldCard } from './form-builder/field-card';
import { clean, errorsUnder, KIND_GROUPS, newField, splitServerErrors, validateFields, type FieldErrors } from './form-builder/fields';
import { FormPreview } from './form-builder/form-preview';

export default function FormBuilderPage() {
  const params = useParams();
  const projectId = toId(params.id);
  const formId = toId(params.formId);
  const state = useAsync<ConsoleProject>((signal) => (projectId ? api.console.projectGet({ id: projectId }, { signal }) : Promise.reject(new Error('项目编号不正确'))), [projectId]);
  // Each reload starts the builder afresh from what the server holds (after a save or a conflict).
  const [round, setRound] = useState(0);
  const reload = () => {
    state.reload();
    setRound((n) => n + 1);
  };
  const project = state.data;
  const form = project && formId ? project.forms.find((f) => f.id === formId) : undefined;
  const title = formId ? '编辑申报表单' : '新建申报表单';

  return (
    <Page title={title} crumbs={[{ label: '项目管理', to: '/projects' }, { label: project?.title ?? '项目', to: projectId ? `/projects/${projectId}` : '/projects' }]}>
      <AsyncView state={state}>
        {(loaded) =>
          formId && !form ? (
            <Alert color={TONE.danger} title="表单不存在">
              该项目没有编号为 {formId} 的表单，可能已被删除。<Link to={`/projects/${loaded.id}`}>返回项目</Link>
            </Alert>
          ) : (
            <FormBuilder key={`${form?.id ?? 'new'}-${form?.version ?? 0}-${round}`} project={loaded} form={form} onSaved={state.reload} onReload={reload} />
          )
        }
      </AsyncView>
    </Page>
  );
}

interface Item {
  uid: number;
  field: FormField;
}

/** What is compared to tell whether there are unsaved changes. */
function snapshot(title: string, description: string, fields: FormField[]): string {
  return JSON.stringify({ title: title.trim(), description: description.trim(), fields: fields.map(clean) });
}

let uidSeq = 0;
const withUid = (field: FormField): Item => ({ uid: ++uidSeq, field });

function FormBuilder({ project, form, onSaved, onReload }: { project: ConsoleProject; form?: ConsoleForm; onSaved: () => void; onReload: () => void }) {
  const navigate = useNavigate();
  const [title, setTitle] = useState(form?.title ?? '');
  const [description, setDescription] = useState(form?.description ?? '');
  const [items, setItems] = useState<Item[]>(() => (form?.fields ?? []).map(withUid));
  const [expanded, setExpanded] = useState<number | undefined>(items[0]?.uid);
  const [serverErrors, setServerErrors] = useState<{ form: FieldErrors; fields: FieldErrors }>({ form: {}, fields: {} });
  const [conflict, setConflict] = useState<string>();
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<Item>();
  const saved = useRef(snapshot(form?.title ?? '', form?.description ?? '', form?.fields ?? []));

  const fields = useMemo(() => items.map((item) => item.field), [items]);
  const localErrors = useMemo(() => validateFields(fields), [fields]);
  const errors = { ...serverErrors.fields, ...localErrors };
  const titleError = serverErrors.form.title ?? (attempted && !title.trim() ? '请输入表单名称' : undefined);
  const valid = Object.keys(localErrors).length === 0;
  const locked = (form?.submittedCount ?? 0) > 0;
  const lockedKeys = useMemo(() => new Set(locked ? (form?.fields ?? []).map((f) => f.key) : []), [locked, form]);
  const dirty = snapshot(title, description, fields) !== saved.current;

  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !busy && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (dirty) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const update = (uid: number, field: FormField) => {
    setItems((current) => current.map((item) => (item.uid === uid ? { ...item, field } : item)));
    setServerErrors((current) => ({ ...current, fields: {} }));
  };

  const add = (kind: FormField['kind']) => {
    const item = withUid(newField(kind, fields.map((f) => f.key)));
    setItems((current) => {
      const at = current.findIndex((i) => i.uid === expanded);
      const next = [...current];
      next.splice(at >= 0 ? at + 1 : next.length, 0, item);
      return next;
    });
    setExpanded(item.uid);
  };

  const duplicate = (item: Item) => {
    const taken = new Set(fields.map((f) => f.key));
    let key = `${item.field.key}_copy`;
    for (let n = 2; taken.has(key); n += 1) key = `${item.field.key}_copy${n}`;
    const copy = withUid({ ...structuredClone(item.field), key, label: `${item.field.label}（副本）` });
    setItems((current) => {
      const at = current.findIndex((i) => i.uid === item.uid);
      const next = [...current];
      next.splice(at + 1, 0, copy);
      return next;
    });
    setExpanded(copy.uid);
  };

  const save = async () => {
    setAttempted(true);
    setConflict(undefined);
    if (!title.trim() || !valid) {
      const firstBad = items.find((_, index) => Object.keys(errorsUnder(localErrors, String(index))).length > 0);
      if (firstBad) setExpanded(firstBad.uid);
      return;
    }
    setBusy(true);
    const body = { title: title.trim(), description: description.trim(), fields: fields.map(clean), ...(form ? { version: form.version } : {}) };
    try {
      const result = form ? await api.console.formUpdate({ projectId: project.id, formId: form.id, ...body }) : await api.console.formCreate({ projectId: project.id, ...body });
      saved.current = snapshot(result.title, result.description, result.fields);
      setServerErrors({ form: {}, fields: {} });
      showSuccess(form ? `表单已保存（版本 ${result.version}）` : '表单已创建');
      if (form) onSaved();
      else void navigate(`/projects/${project.id}/forms/${result.id}`, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.errno === Errno.CONFLICT) setConflict(error.errmsg);
      else if (error instanceof ApiError) setServerErrors(splitServerErrors(error.fields));
    } finally {
      setBusy(false);
    }
  };

  const problemCount = Object.keys(errors).length + (titleError ? 1 : 0);

  return (
    <Stack gap="lg">
      {locked && (
        <Alert color={TONE.info} variant="light" icon={<IconAlertTriangle size={18} />} title={`此表单已有 ${form?.submittedCount} 份提交的申报`}>
          可以修改字段名称、说明、规则和顺序，也可以新增字段；但不能删除已有字段、修改字段标识或类型，也不能删除或改动申请人已选过的选项的值（可以改选项名称），否则服务器会拒绝保存，以免申请人已提交的内容丢失。
        </Alert>
      )}
      {conflict && (
        <Alert color={TONE.danger} variant="filled" icon={<IconAlertTriangle size={18} />} title="保存被拒绝（冲突）" role="alert" data-testid="form-conflict">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{conflict}</Text>
            <Button size="xs" variant="white" color={TONE.danger} leftSection={<IconRefresh size={14} />} onClick={onReload}>
              放弃修改，重新加载已保存的表单
            </Button>
          </Stack>
        </Alert>
      )}
      {attempted && problemCount > 0 && (
        <Alert color={TONE.danger} variant="light" icon={<IconAlertTriangle size={18} />} title={`还有 ${problemCount} 处需要修改`} role="alert">
          {titleError && <Text size="sm">表单名称：{titleError}</Text>}
          {items.map((item, index) => {
            const own = Object.values(errorsUnder(errors, String(index)));
            return own.length > 0 ? (
              <Text size="sm" key={item.uid}>
                第 {index + 1} 个字段「{item.field.label || '未命名'}」：{own.join('；')}
              </Text>
            ) : null;
          })}
          {errors[''] && <Text size="sm">{errors['']}</Text>}
        </Alert>
      )}

      <div className="fc-builder">
        <Stack gap="md">
          <Paper withBorder p="lg" radius="md" className="fc-panel" component="section" aria-label="表单信息">
            <Stack gap="sm">
              <TextInput label="表单名称" required maxLength={100} value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={titleError} placeholder="例如：项目申报书" />
              <Textarea label="表单说明" description="显示在表单顶部" autosize minRows={2} maxRows={6} maxLength={2000} value={description} onChange={(e) => setDescription(e.currentTarget.value)} error={serverErrors.form.description} />
            </Stack>
          </Paper>

          <Group justify="space-between">
            <Text fw={600}>字段（{fields.length}）</Text>
            <Group gap="xs">
              <Button size="xs" variant="subtle" color="ink" onClick={() => setExpanded(undefined)} disabled={expanded === undefined}>
                全部收起
              </Button>
            </Group>
          </Group>

          {items.length === 0 && (
            <Paper withBorder p="xl" radius="md" className="fc-panel">
              <Text c="dimmed" ta="center">
                还没有字段。点击下方「添加字段」选择字段类型。
              </Text>
            </Paper>
          )}
          {items.map((item, index) => (
            <FieldCard
              key={item.uid}
              field={item.field}
              fields={items.map((i) => i.field)}
              index={index}
              count={items.length}
              errors={errorsUnder(errors, String(index))}
              expanded={expanded === item.uid}
              locked={lockedKeys.has(item.field.key)}
              onToggle={() => setExpanded((current) => (current === item.uid ? undefined : item.uid))}
              onChange={(field) => update(item.uid, field)}
              onMove={(by) => setItems((current) => move(current, index, by))}
              onDuplicate={() => duplicate(item)}
              onRemove={() => setRemoving(item)}
            />
          ))}

          <Menu position="bottom-start" width={420} withinPortal>
            <Menu.Target>
              <Button variant="light" leftSection={<IconPlus size={16} />} w="fit-content">
                添加字段
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {KIND_GROUPS.map((group) => (
                <div key={group.label}>
                  <Menu.Label>{group.label}</Menu.Label>
                  <Group gap={4} px={6} pb={6}>
                    {group.kinds.map((kind) => (
                      <Menu.Item key={kind} onClick={() => add(kind)} w="auto" px="sm" py={6} style={{ flex: '0 0 auto' }}>
                        {FORM_FIELD_KIND_LABELS[kind]}
                      </Menu.Item>
                    ))}
                  </Group>
                </div>
              ))}
            </Menu.Dropdown>
          </Menu>
        </Stack>

        <div className="fc-builder__preview">
          <FormPreview title={title} description={description} fields={fields} valid={valid} />
        </div>
      </div>

      <Group justify="space-between" p="sm" className="fc-sticky-bar">
        <Text size="sm" c={dirty ? TONE.warning : 'dimmed'} role="status">
          {dirty ? '有未保存的修改' : form ? `已保存 · 版本 ${form.version}` : '新表单，尚未保存'}
        </Text>
        <Group>
          <Button variant="default" component={Link} to={`/projects/${project.id}`}>
            返回项目
          </Button>
          <Button leftSection={<IconDeviceFloppy size={16} />} loading={busy} onClick={() => void save()}>
            保存表单
          </Button>
        </Group>
      </Group>

      <ConfirmModal
        opened={Boolean(removing)}
        title="删除字段"
        danger
        confirmLabel="删除"
        onClose={() => setRemoving(undefined)}
        onConfirm={() => {
          if (removing) setItems((current) => current.filter((item) => item.uid !== removing.uid));
        }}
      >
        {removing && lockedKeys.has(removing.field.key)
          ? `「${removing.field.label}」已有申请人提交过数据，删除后保存会被服务器拒绝。仍要从编辑中移除吗？`
          : `确定删除字段「${removing?.field.label ?? ''}」吗？（保存表单后生效）`}
      </ConfirmModal>
      <ConfirmModal opened={blocker.state === 'blocked'} title="离开此页面？" confirmLabel="离开" danger onClose={() => blocker.state === 'blocked' && blocker.reset()} onConfirm={() => blocker.proceed?.()}>
        表单有未保存的修改，离开后修改将丢失。
      </ConfirmModal>
    </Stack>
  );
}

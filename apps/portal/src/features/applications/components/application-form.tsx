import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconDeviceFloppy, IconSend } from '@tabler/icons-react';
import { ApiError, buildApplicationSchema, emptyValue, Errno, flattenIssues, SessionInvalidError, type Apply, type FormDetail } from '@flagship/api-client';
import { FieldInput, type Errors } from '@flagship/ui/form-fields';
import { formatDateTime } from '@flagship/ui';
import { api, session, showError } from '../../../lib/api';

const AUTOSAVE_MS = 1500;

type Values = Record<string, unknown>;
type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: string } | { kind: 'failed'; message: string } | { kind: 'conflict' };

function initialValues(detail: FormDetail): Values {
  const saved = detail.apply?.data ?? {};
  const values: Values = {};
  for (const field of detail.form.fields) {
    if (field.kind === 'section') continue;
    values[field.key] = Object.hasOwn(saved, field.key) ? saved[field.key] : emptyValue(field);
  }
  return values;
}

export interface ApplicationFormProps {
  detail: FormDetail;
  /** Fetch the latest saved version again (after a conflict). */
  onReload: () => void;
  onSubmitted: (apply: Apply) => void;
}

/** Renders every field, validates while typing, saves drafts (debounced and on demand), submits. */
export function ApplicationForm({ detail, onReload, onSubmitted }: ApplicationFormProps) {
  const { project, form: definition } = detail;
  const form = useForm<Values>({ initialValues: initialValues(detail) });
  const schema = useMemo(() => buildApplicationSchema(definition.fields, { mode: 'submit' }), [definition.fields]);
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [showAll, setShowAll] = useState(false);
  const [saveState, setSaveState] = useState<SaveState>(detail.apply ? { kind: 'saved', at: detail.apply.updatedAt } : { kind: 'idle' });
  const [confirming, setConfirming] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const version = useRef(detail.apply?.version ?? 0);
  const lastSaved = useRef(JSON.stringify(form.values));
  // What autosave last tried: a failed save is not retried until something changes.
  const lastAttempt = useRef(lastSaved.current);
  const saving = useRef<Promise<unknown> | undefined>(undefined);
  // A failed save has been toasted: autosave stays quiet about further failures until one succeeds.
  const failureShown = useRef(false);
  // useForm returns a new object on each render; callbacks reach it through a ref.
  const formRef = useRef(form);
  formRef.current = form;

  const liveErrors = useMemo<Errors>(() => {
    const result = schema.safeParse(form.values);
    return result.success ? {} : flattenIssues(result.error);
  }, [schema, form.values]);

  const visibleErrors = useMemo<Errors>(() => {
    const shown: Errors = {};
    for (const [path, message] of Object.entries(liveErrors)) {
      const key = path.split('.')[0] ?? path;
      if (showAll || touched.has(key)) shown[path] = message;
    }
    return { ...shown, ...form.errors };
  }, [liveErrors, showAll, touched, form.errors]);

  const change = (key: string, value: unknown) => {
    form.setFieldValue(key, value);
    form.clearFieldError(key);
    setTouched((current) => (current.has(key) ? current : new Set(current).add(key)));
  };

  const save = useCallback(
    async (manual: boolean) => {
      const data = formRef.current.getValues();
      const snapshot = JSON.stringify(data);
      if (!manual && snapshot === lastSaved.current) return;
      lastAttempt.current = snapshot;
      setSaveState({ kind: 'saving' });
      const request = api.apply.save({ projectId: project.id, formId: definition.id, data, version: version.current, submit: false }, { silent: !manual });
      saving.current = request;
      try {
        const result = await request;
        version.current = result.version;
        lastSaved.current = snapshot;
        setSaveState({ kind: 'saved', at: result.updatedAt });
        failureShown.current = false;
        if (manual) notifications.show({ color: 'green', message: '草稿已保存', autoClose: 2000 });
      } catch (error) {
        if (error instanceof ApiError && error.errno === Errno.CONFLICT) setSaveState({ kind: 'conflict' });
        else {
          const message = error instanceof Error ? error.message : '保存失败';
          if (error instanceof ApiError) formRef.current.setErrors(error.fields);
          setSaveState({ kind: 'failed', message });
          // Autosave calls are silent, yet the applicant must learn the draft is not saved. A 1001
          // always shows: the SDK is about to clear the session and reload the page.
          if (!manual && (error instanceof SessionInvalidError || !failureShown.current)) {
            showError(message, error instanceof SessionInvalidError ? undefined : '草稿自动保存失败');
          }
          failureShown.current = true;
        }
      } finally {
        saving.current = undefined;
      }
    },
    [project.id, definition.id],
  );

  // Draft autosave, debounced; paused while a conflict is unresolved.
  const serialized = JSON.stringify(form.values);
  useEffect(() => {
    if (saveState.kind === 'conflict' || serialized === lastSaved.current || serialized === lastAttempt.current) return;
    const timer = setTimeout(() => void save(false), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [serialized, save, saveState.kind]);

  // Warn before leaving with changes not yet saved.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      // No token: a 1001 is resetting the session and the SDK reloads; nothing could be saved anyway.
      if (!session.getToken()) return;
      if (JSON.stringify(formRef.current.getValues()) !== lastSaved.current) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  const trySubmit = () => {
    setShowAll(true);
    if (Object.keys(liveErrors).length > 0) {
      notifications.show({ color: 'red', title: '请检查填写内容', message: `还有 ${Object.keys(liveErrors).length} 处需要修改`, autoClose: 5000 });
      const first = Object.keys(liveErrors)[0]?.split('.')[0];
      document.querySelector(`[data-field="${first}"]`)?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      return;
    }
    setConfirming(true);
  };

  const submit = async () => {
    setSubmitting(true);
    try {
      if (saving.current) await saving.current.catch(() => {});
      const result = await api.apply.save({ projectId: project.id, formId: definition.id, data: form.getValues(), version: version.current, submit: true });
      version.current = result.version;
      lastSaved.current = JSON.stringify(form.getValues());
      setConfirming(false);
      onSubmitted(result);
    } catch (error) {
      setConfirming(false);
      if (error instanceof ApiError && error.errno === Errno.CONFLICT) setSaveState({ kind: 'conflict' });
      else if (error instanceof ApiError) form.setErrors(error.fields);
    } finally {
      setSubmitting(false);
    }
  };

  // Staff may return an application after the deadline; it can then still be sent back.
  const open = project.status === 'open' || detail.apply?.status === 'returned';

  return (
    <Stack gap="lg">
      {saveState.kind === 'conflict' && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle />} title="申报内容已在别处更新" role="alert">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">该申报在其他页面或设备上已被保存过，当前页面的内容不是最新版本，自动保存已暂停。重新加载可获取最新内容（本页未保存的修改将丢失）。</Text>
            <Button size="xs" color="#a63c06" onClick={onReload}>
              重新加载最新内容
            </Button>
          </Stack>
        </Alert>
      )}
      {!open && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle />}>
          {project.status === 'upcoming' ? `申报将于 ${formatDateTime(project.applyStart)} 开始，现在可以先保存草稿。` : '申报已截止，不能再提交。'}
        </Alert>
      )}
      <DatesProvider settings={{ locale: 'zh-cn', firstDayOfWeek: 1 }}>
      <Paper withBorder p="xl">
        <Stack gap="lg">
          {definition.fields.map((field) =>
            field.kind === 'section' ? (
              <FieldInput key={field.key} field={field} value={undefined} onChange={() => {}} path={field.key} />
            ) : (
              <FieldInput
                key={field.key}
                field={field}
                value={form.values[field.key]}
                onChange={(value) => change(field.key, value)}
                error={visibleErrors[field.key]}
                errors={visibleErrors}
                path={field.key}
              />
            ),
          )}
        </Stack>
      </Paper>
      </DatesProvider>
      <Paper withBorder p="md" className="fs-form-bar">
        <Group justify="space-between">
          <Text size="sm" c={saveState.kind === 'failed' ? 'red.9' : 'dimmed'} role="status" aria-live="polite" data-testid="save-state">
            {saveState.kind === 'saving' && '正在保存草稿…'}
            {saveState.kind === 'saved' && `草稿已保存 ${formatDateTime(saveState.at)}`}
            {saveState.kind === 'failed' && `自动保存失败：${saveState.message}`}
            {saveState.kind === 'conflict' && '自动保存已暂停'}
            {saveState.kind === 'idle' && '填写内容将自动保存为草稿'}
          </Text>
          <Group>
            <Button variant="default" leftSection={<IconDeviceFloppy size={16} />} onClick={() => void save(true)} loading={saveState.kind === 'saving'} disabled={saveState.kind === 'conflict'}>
              保存草稿
            </Button>
            <Button leftSection={<IconSend size={16} />} onClick={trySubmit} disabled={!open || saveState.kind === 'conflict'}>
              提交申报
            </Button>
          </Group>
        </Group>
      </Paper>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="确认提交" centered>
        <Stack>
          <Text>提交后申报内容将不能修改（被退回修改时除外）。确认提交「{definition.title}」吗？</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              再检查一下
            </Button>
            <Button loading={submitting} onClick={() => void submit()}>
              确认提交
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

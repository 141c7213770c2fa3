import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconArrowBackUp, IconDeviceFloppy, IconHistory, IconSend } from '@tabler/icons-react';
import { ApiError, buildApplicationSchema, EDITABLE_APPLY_STATUSES, emptyValue, Errno, flattenIssues, SessionInvalidError, type Apply, type EligibilityAnswers, type FormDetail } from '@flagship/api-client';
import { FieldInput, type Errors } from '@flagship/ui/form-fields';
import { formatDateTime } from '@flagship/ui';
import { api, showError } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { dropUnsaved, keepUnsaved, readUnsaved, type DraftPlace, type UnsavedDraft } from '../../../lib/unsaved-drafts';
import { differences, merge, snapshot, type Difference, type Side, type Values } from '../lib/compare';
import type { CallPhase } from '../lib/deadline';
import { CheckAnswers } from './check-answers';
import { ConflictResolver } from './conflict-resolver';
import { Countdown, DeadlineNotice, isOpen } from './deadline';
import { useSessionExpiryWarning } from './session-expiry';
import { ErrorSummary, type SummaryItem } from '../../../components/error-summary';
import { scrollToFirstError } from '../../../lib/form-errors';

const AUTOSAVE_MS = 1500;
// Unsaved text goes to local storage this soon after typing (and at once when the page goes away).
const KEEP_MS = 300;

type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: string } | { kind: 'failed'; message: string } | { kind: 'conflict' };

/** The other saved copy met by a save, and how it differs from this page. */
interface Conflict {
  theirs: Values;
  version: number;
  /** When the other copy was saved (ISO). */
  savedAt: string;
  differences: Difference[];
  /** This page's values when the differences were found: the form stays editable meanwhile. */
  detected: Values;
}

const fieldBlockId = (key: string) => `field-${key}`;

/** One line per field with errors, in the form's order. */
function summaryItems(fields: FormDetail['form']['fields'], errors: Errors): SummaryItem[] {
  const byField = new Map<string, string>();
  for (const [path, message] of Object.entries(errors)) {
    const key = path.split('.')[0] ?? path;
    if (!byField.has(key) && typeof message === 'string') byField.set(key, message);
  }
  return fields.filter((field) => byField.has(field.key)).map((field) => ({ target: fieldBlockId(field.key), label: field.label, message: byField.get(field.key)! }));
}

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
  /** Where the call stands by the server's clock (see useCallClock). */
  phase: CallPhase;
  /** Milliseconds to the deadline by the server's clock, once known. */
  left: number | undefined;
  onSubmitted: (apply: Apply) => void;
  /** Answers to the call's eligibility questions, given before a new application starts. */
  eligibility?: EligibilityAnswers;
}

/**
 * Renders every field, validates while typing, saves drafts (debounced and on demand) when the
 * content really changed, submits. Unsaved text is kept on this device; a save that meets another
 * saved copy asks the applicant field by field.
 */
export function ApplicationForm({ detail, phase, left, onSubmitted, eligibility }: ApplicationFormProps) {
  const { project, form: definition } = detail;
  const fields = definition.fields;
  const form = useForm<Values>({ initialValues: initialValues(detail) });
  // The form's schema, built when first asked for: a page rendered on the server (nothing touched,
  // no errors to show) never needs it.
  const errorsOf = useMemo(() => {
    let schema: ReturnType<typeof buildApplicationSchema> | undefined;
    return (values: Values): Errors => {
      const result = (schema ??= buildApplicationSchema(fields, { mode: 'submit' })).safeParse(values);
      return result.success ? {} : flattenIssues(result.error);
    };
  }, [fields]);
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [showAll, setShowAll] = useState(false);
  const [saveState, setSaveState] = useState<SaveState>(detail.apply ? { kind: 'saved', at: detail.apply.updatedAt } : { kind: 'idle' });
  // Check your answers: the summary is shown while the form stays mounted (hidden), so nothing typed is lost.
  const [checking, setChecking] = useState(false);
  // The section 修改 returns to, scrolled to once the form shows again.
  const [editTarget, setEditTarget] = useState<{ key: string | undefined }>();
  const [submitting, setSubmitting] = useState(false);
  const [conflict, setConflict] = useState<Conflict>();
  const [resolving, setResolving] = useState(false);
  const [offer, setOffer] = useState<UnsavedDraft>();
  // A refused submission (by the check here or by the server) stays on the page.
  const [refusal, setRefusal] = useState<{ title: string; message?: string; errors: Errors; focus: boolean }>();

  const version = useRef(detail.apply?.version ?? 0);
  // What the server holds as far as this page knows: the base of a three-way comparison.
  const base = useRef<Values>(form.getValues());
  const lastSaved = useRef(snapshot(fields, base.current));
  // What autosave last tried: a failed save is not retried until something changes.
  const lastAttempt = useRef(lastSaved.current);
  const saving = useRef<Promise<unknown> | undefined>(undefined);
  // A failed save has been toasted: autosave stays quiet about further failures until one succeeds.
  const failureShown = useRef(false);
  // useForm returns a new object on each render; callbacks reach it through a ref.
  const formRef = useRef(form);
  formRef.current = form;

  const user = useSession();
  // Fixed while the form is open: a 1001 clears the session before the page reloads, and what was
  // typed must still be kept under this user.
  const [place] = useState<DraftPlace | undefined>(() => {
    const key = user?.id ?? user?.account;
    return key === undefined ? undefined : { user: key, projectId: project.id, formId: definition.id };
  });
  const returned = detail.apply?.status === 'returned';
  // Staff may return an application after the deadline; it can then still be sent back.
  const open = returned || isOpen(phase);
  const closed = phase === 'closed' && !returned;
  useSessionExpiryWarning();

  // The errors are worked out once any could be shown: a field touched, a submission tried or refused.
  const errorsWanted = showAll || touched.size > 0 || refusal !== undefined;
  const liveErrors = useMemo<Errors>(() => (errorsWanted ? errorsOf(form.values) : {}), [errorsWanted, errorsOf, form.values]);

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

  /** The server's copy is now `values` at `nextVersion`. */
  const adopt = (values: Values, nextVersion: number) => {
    version.current = nextVersion;
    base.current = values;
    lastSaved.current = snapshot(fields, values);
  };

  /** After a 409: fetch the other copy; the same content needs no question. */
  const meetOtherCopy = useCallback(async () => {
    setSaveState({ kind: 'conflict' });
    try {
      const latest = await api.project.form({ projectId: project.id, formId: definition.id }, { silent: true });
      const apply = latest.apply;
      if (apply && !EDITABLE_APPLY_STATUSES.includes(apply.status)) {
        setSaveState({ kind: 'failed', message: '该申报已在别处提交，本页内容未保存（仍保留在本设备上）' });
        return;
      }
      const theirs = apply?.data ?? {};
      const mine = formRef.current.getValues();
      const found = differences(fields, base.current, mine, theirs);
      if (found.length === 0) {
        adopt(theirs, apply?.version ?? 0);
        setSaveState(apply ? { kind: 'saved', at: apply.updatedAt } : { kind: 'idle' });
        return;
      }
      setConflict({ theirs, version: apply?.version ?? 0, savedAt: apply?.updatedAt ?? new Date().toISOString(), differences: found, detected: mine });
      setResolving(true);
    } catch {
      // Autosave stays paused; the alert offers to look again.
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- adopt only writes refs.
  }, [project.id, definition.id, fields]);

  const resolve = (choices: Record<string, Side>) => {
    if (!conflict) return;
    const merged = merge(fields, conflict.detected, formRef.current.getValues(), conflict.theirs, choices);
    adopt(conflict.theirs, conflict.version);
    lastAttempt.current = lastSaved.current;
    formRef.current.setValues(merged);
    setConflict(undefined);
    setResolving(false);
    setSaveState({ kind: 'saved', at: conflict.savedAt });
  };

  const save = useCallback(
    async (manual: boolean) => {
      const data = formRef.current.getValues();
      const content = snapshot(fields, data);
      if (!manual && content === lastSaved.current) return;
      lastAttempt.current = content;
      setSaveState({ kind: 'saving' });
      const request = api.apply.save({ projectId: project.id, formId: definition.id, data, version: version.current, submit: false, eligibility }, { silent: !manual });
      saving.current = request;
      try {
        const result = await request;
        adopt(data, result.version);
        setSaveState({ kind: 'saved', at: result.updatedAt });
        failureShown.current = false;
        if (manual) notifications.show({ color: 'green', message: '草稿已保存', autoClose: 2000 });
      } catch (error) {
        if (error instanceof ApiError && error.errno === Errno.CONFLICT) void meetOtherCopy();
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
    // eslint-disable-next-line react-hooks/exhaustive-deps -- adopt only writes refs.
    [project.id, definition.id, fields, meetOtherCopy, eligibility],
  );

  // Draft autosave, debounced, of real changes only; paused during a conflict and after the deadline.
  const content = useMemo(() => snapshot(fields, form.values), [fields, form.values]);
  const unsaved = content !== lastSaved.current;
  useEffect(() => {
    if (saveState.kind === 'conflict' || closed || !unsaved || content === lastAttempt.current) return;
    const timer = setTimeout(() => void save(false), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [content, unsaved, save, saveState.kind, closed]);

  // Unsaved text is kept on this device, also while an earlier copy is offered back (the banner
  // holds that one); with nothing unsaved, the kept copy goes unless it is still being offered.
  const keep = useCallback(
    (offered: boolean) => {
      if (!place) return;
      const values = formRef.current.getValues();
      if (snapshot(fields, values) !== lastSaved.current) keepUnsaved(place, { values, version: version.current, at: new Date().toISOString() });
      else if (!offered) dropUnsaved(place);
    },
    [place, fields],
  );
  const keepNow = useCallback(() => keep(offer !== undefined), [keep, offer]);
  // Again after each save, which may make the kept copy unnecessary.
  useEffect(() => {
    const timer = setTimeout(keepNow, KEEP_MS);
    return () => clearTimeout(timer);
  }, [content, keepNow, saveState]);
  useEffect(() => {
    window.addEventListener('pagehide', keepNow);
    return () => window.removeEventListener('pagehide', keepNow);
  }, [keepNow]);

  // What this device kept from an earlier visit (a lost session, a closed tab) is offered back.
  useEffect(() => {
    if (!place) return;
    const kept = readUnsaved(place);
    if (!kept) return;
    if (snapshot(fields, kept.values) === lastSaved.current) dropUnsaved(place);
    else setOffer(kept);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the user is known.
  }, [place]);

  const restore = () => {
    if (!offer) return;
    setOffer(undefined);
    if (offer.version === version.current) {
      formRef.current.setValues(offer.values);
      return;
    }
    // Saved elsewhere since: compare as after a conflict, this device's text first.
    const restored = { ...base.current, ...offer.values };
    const found = differences(fields, base.current, restored, base.current).map((d) => ({ ...d, changedHere: true }));
    if (found.length === 0) return;
    setSaveState({ kind: 'conflict' });
    setConflict({ theirs: base.current, version: version.current, savedAt: detail.apply?.updatedAt ?? new Date().toISOString(), differences: found, detected: restored });
    formRef.current.setValues(restored);
    setResolving(true);
  };

  const discard = () => {
    setOffer(undefined);
    keep(false);
  };

  // Warn before leaving with changes not yet saved, while they could still be sent.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      // No token: a 1001 is resetting the session and the SDK reloads; the text is kept on this device.
      if (!api.session.getToken() || closed) return;
      if (snapshot(fields, formRef.current.getValues()) !== lastSaved.current) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [fields, closed]);

  const trySubmit = () => {
    setShowAll(true);
    const errors = errorsOf(form.getValues());
    if (Object.keys(errors).length > 0) {
      const message = `还有 ${Object.keys(errors).length} 处需要修改`;
      notifications.show({ color: 'red', title: '请检查填写内容', message, autoClose: 5000 });
      setRefusal({ title: '请检查填写内容', message, errors: {}, focus: false });
      scrollToFirstError();
      return;
    }
    setRefusal(undefined);
    setChecking(true);
  };

  const edit = (key: string | undefined) => {
    setChecking(false);
    setEditTarget({ key });
  };
  useEffect(() => {
    if (!editTarget) return;
    const block = editTarget.key ? document.getElementById(fieldBlockId(editTarget.key)) : document.querySelector<HTMLElement>('[data-testid="application-fields"]');
    block?.scrollIntoView({ block: 'start' });
    block?.focus({ preventScroll: true });
  }, [editTarget]);

  const submit = async () => {
    setSubmitting(true);
    try {
      if (saving.current) await saving.current.catch(() => {});
      const data = form.getValues();
      const result = await api.apply.save({ projectId: project.id, formId: definition.id, data, version: version.current, submit: true, eligibility, declarationAccepted: true });
      adopt(data, result.version);
      if (place) dropUnsaved(place);
      onSubmitted(result);
    } catch (error) {
      setChecking(false);
      if (error instanceof ApiError && error.errno === Errno.CONFLICT) void meetOtherCopy();
      else if (error instanceof ApiError && !(error instanceof SessionInvalidError)) {
        form.setErrors(error.fields);
        setRefusal({ title: '提交未成功', message: error.errmsg, errors: error.fields, focus: true });
      }
    } finally {
      setSubmitting(false);
    }
  };

  // The check's own refusal follows the fields as they are corrected.
  const refusalItems = refusal ? summaryItems(fields, refusal.focus ? refusal.errors : liveErrors) : [];

  const stateText = () => {
    if (closed) return '申报已截止，自动保存已停止；本页填写的内容保留在本设备上，不会丢失';
    switch (saveState.kind) {
      case 'saving':
        return '正在保存草稿…';
      case 'saved':
        return unsaved ? '有未保存的修改，稍后自动保存' : `草稿已保存 ${formatDateTime(saveState.at)}`;
      case 'failed':
        return `自动保存失败：${saveState.message}`;
      case 'conflict':
        return '自动保存已暂停';
      default:
        return '填写内容将自动保存为草稿';
    }
  };

  return (
    <Stack gap="lg">
      {returned && (
        <Alert color="#a63c06" variant="light" icon={<IconArrowBackUp />} title="审核意见" component="section" role="region" aria-label="审核意见" data-testid="review-message">
          <Stack gap={4}>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {detail.apply?.reviewMessage || '申报已被退回修改。'}
            </Text>
            <Text size="sm" c="dimmed">
              申报已退回修改：请按审核意见修改后重新提交。
            </Text>
          </Stack>
        </Alert>
      )}
      {offer && (
        <Alert color="#1c5fa8" variant="light" icon={<IconHistory />} title="恢复未保存的内容？">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">本设备上保留着您于北京时间 {formatDateTime(offer.at)} 填写、尚未保存的内容。恢复后将自动保存为草稿。</Text>
            <Group gap="sm">
              <Button size="xs" onClick={restore}>
                恢复
              </Button>
              <Button size="xs" variant="default" onClick={discard}>
                放弃
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {saveState.kind === 'conflict' && (
        <Alert color="#a63c06" variant="light" icon={<IconAlertTriangle />} title="申报内容已在别处更新">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">该申报在其他页面或设备上已被保存过，自动保存已暂停。本页填写的内容不会丢失：请逐项选择保留哪一份。</Text>
            <Button size="xs" color="#a63c06" onClick={() => (conflict ? setResolving(true) : void meetOtherCopy())}>
              查看差异并选择
            </Button>
          </Stack>
        </Alert>
      )}
      {refusal && (refusal.focus || refusalItems.length > 0) && <ErrorSummary title={refusal.title} message={refusal.focus ? refusal.message : `还有 ${refusalItems.length} 处需要修改`} items={refusalItems} focus={refusal.focus} />}
      {!returned && <DeadlineNotice project={project} phase={phase} />}
      {phase === 'upcoming' && !returned && (
        <Alert color="#865400" variant="light" icon={<IconAlertTriangle />}>
          申报将于北京时间 {formatDateTime(project.applyStart)} 开始，现在可以先保存草稿。
        </Alert>
      )}
      {checking && (
        <CheckAnswers formTitle={definition.title} fields={fields} values={form.values} declaration={detail.declaration} submitting={submitting} onEdit={edit} onSubmit={() => void submit()} />
      )}
      <DatesProvider settings={{ locale: 'zh-cn', firstDayOfWeek: 1 }}>
        <Paper withBorder p="xl" display={checking ? 'none' : undefined} data-testid="application-fields" tabIndex={-1}>
          <Stack gap="lg">
            {fields.map((field) =>
              field.kind === 'section' ? (
                <div key={field.key} id={fieldBlockId(field.key)} tabIndex={-1}>
                  <FieldInput field={field} value={undefined} onChange={() => {}} path={field.key} />
                </div>
              ) : (
                <div key={field.key} id={fieldBlockId(field.key)}>
                <FieldInput
                  field={field}
                  value={form.values[field.key]}
                  onChange={(value) => change(field.key, value)}
                  error={visibleErrors[field.key]}
                  errors={visibleErrors}
                  path={field.key}
                />
                </div>
              ),
            )}
          </Stack>
        </Paper>
      </DatesProvider>
      <Paper withBorder p="md" className="fs-form-bar" display={checking ? 'none' : undefined}>
        <Group justify="space-between">
          <Stack gap={2}>
            {!returned && isOpen(phase) && left !== undefined && <Countdown left={left} />}
            <Text size="sm" c={saveState.kind === 'failed' ? 'red.9' : 'dimmed'} role="status" aria-live="polite" data-testid="save-state">
              {stateText()}
            </Text>
          </Stack>
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
      {conflict && (
        <ConflictResolver key={conflict.version} opened={resolving} differences={conflict.differences} savedAt={formatDateTime(conflict.savedAt)} onApply={resolve} onClose={() => setResolving(false)} />
      )}
    </Stack>
  );
}

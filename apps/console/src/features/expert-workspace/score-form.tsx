import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Badge, Box, Button, Group, List, Modal, NumberInput, Paper, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconAlertTriangle, IconSend } from '@tabler/icons-react';
import { ApiError, Errno, REVIEW_RECOMMENDATIONS, REVIEW_RECOMMENDATION_LABELS, weightedTotal, type Criterion, type MyReview, type ReviewRecommendation } from '@flagship/api-client';
import { formatDateTime } from '@flagship/ui';
import { api, showError } from '../../lib/api';
import { TONE } from '../../lib/tones';
import { bandOf, draftOf, givenScores, keepTyped, missingBeforeSubmit, sameContent, saveBodyOf, type Draft } from './review-draft';

/** How long typing pauses before the draft is saved. */
export const AUTOSAVE_MS = 1200;

type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: string } | { kind: 'failed'; message: string } | { kind: 'conflict' };

export interface ScoreFormProps {
  review: MyReview;
  /** A newer copy from the server replaces this one (submitted, or reloaded after a conflict). */
  onReplace: (next: MyReview) => void;
  /** Why scoring is closed (outside the reviewing phase); the form is then read-only. */
  closedReason?: string;
}

/** The scheme filled in: scores with guidance and bands, recommendation, comments, live total; autosaved, then submitted. */
export function ScoreForm({ review, onReplace, closedReason }: ScoreFormProps) {
  const editable = !closedReason;
  const [draft, setDraft] = useState<Draft>(() => draftOf(review));
  const [saveState, setSaveState] = useState<SaveState>(review.savedAt ? { kind: 'saved', at: review.savedAt } : { kind: 'idle' });
  const [confirming, setConfirming] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const version = useRef(review.review.version);
  const lastSaved = useRef(draftOf(review));
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const pending = useRef<Promise<unknown> | undefined>(undefined);
  const failureShown = useRef(false);

  const unsaved = !sameContent(draft, lastSaved.current, review.applicantComments);

  const save = useCallback(async () => {
    const sent = draftRef.current;
    setSaveState({ kind: 'saving' });
    const request = api.console.myReviewSave({ id: review.id, ...saveBodyOf(sent, review.applicantComments), version: version.current, submit: false }, { silent: true });
    pending.current = request;
    try {
      const result = await request;
      version.current = result.review.version;
      lastSaved.current = sent;
      failureShown.current = false;
      setSaveState({ kind: 'saved', at: result.savedAt ?? new Date().toISOString() });
    } catch (error) {
      if (error instanceof ApiError && error.errno === Errno.CONFLICT) {
        setSaveState({ kind: 'conflict' });
      } else {
        const message = error instanceof Error ? error.message : '保存失败';
        setSaveState({ kind: 'failed', message });
        // Autosave is silent, yet the expert must learn once that the draft is not saved.
        if (!failureShown.current) showError(`评审草稿自动保存失败：${message}`);
        failureShown.current = true;
      }
    } finally {
      pending.current = undefined;
    }
  }, [review.id, review.applicantComments]);

  // Debounced autosave of real changes; paused while another window's save is unresolved.
  useEffect(() => {
    if (!editable || !unsaved || saveState.kind === 'conflict' || saveState.kind === 'saving' || saveState.kind === 'failed') return;
    const timer = setTimeout(() => void save(), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [draft, editable, unsaved, saveState.kind, save]);

  // A failed save is tried again at the next change.
  const change = (update: (current: Draft) => Draft) => {
    setDraft(update);
    if (saveState.kind === 'failed') setSaveState({ kind: 'idle' });
  };

  // Leaving with a change not yet saved asks first.
  useEffect(() => {
    if (!editable) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (!sameContent(draftRef.current, lastSaved.current, review.applicantComments)) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [editable, review.applicantComments]);

  /** After a 409: take the other window's version and keep what was typed here on top of it. */
  const reloadKeepingTyped = async () => {
    try {
      const latest = await api.console.myReviewGet({ id: review.id });
      if (latest.status !== 'declared') {
        onReplace(latest);
        return;
      }
      version.current = latest.review.version;
      lastSaved.current = draftOf(latest);
      setDraft((mine) => keepTyped(mine, draftOf(latest)));
      setSaveState(latest.savedAt ? { kind: 'saved', at: latest.savedAt } : { kind: 'idle' });
    } catch {
      // The error policy has said why; the alert stays to try again.
    }
  };

  const submit = async () => {
    setSubmitting(true);
    try {
      if (pending.current) await pending.current.catch(() => {});
      const sent = draftRef.current;
      const result = await api.console.myReviewSave({ id: review.id, ...saveBodyOf(sent, review.applicantComments), version: version.current, submit: true });
      lastSaved.current = sent;
      setConfirming(false);
      onReplace(result);
    } catch (error) {
      setConfirming(false);
      if (error instanceof ApiError && error.errno === Errno.CONFLICT) setSaveState({ kind: 'conflict' });
    } finally {
      setSubmitting(false);
    }
  };

  const total = weightedTotal(review.criteria, givenScores(draft));
  const scored = Object.keys(givenScores(draft)).length;
  const missing = missingBeforeSubmit(review.criteria, draft);

  return (
    <Paper withBorder p="lg" className="fc-panel fx-score-form" component="section" aria-labelledby="score-form-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={2} size="h4" className="fc-section-title" id="score-form-title">
            评分表
          </Title>
          <Box ta="right" aria-live="polite">
            <Text size="xs" c="dimmed">
              加权总分（满分 100）
            </Text>
            <Text fz={28} fw={700} lh={1.1} c={total === null ? 'dimmed' : 'cinnabar.8'} data-testid="live-total">
              {total === null ? '—' : total.toFixed(2)}
            </Text>
            <Text size="xs" c="dimmed">
              已评 {scored} / {review.criteria.length} 项
            </Text>
          </Box>
        </Group>

        {closedReason && (
          <Alert color={TONE.warning} variant="light" icon={<IconAlertTriangle size={18} />} title="评分未开放">
            <Text size="sm">{closedReason}</Text>
          </Alert>
        )}
        {saveState.kind === 'conflict' && (
          <Alert color={TONE.warning} variant="light" icon={<IconAlertTriangle size={18} />} title="另一个窗口已保存了这份评审">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">自动保存已暂停。重新载入后，本页已填写的分数和意见会保留，并覆盖另一个窗口中的相应内容；本页未填写的部分采用另一个窗口保存的内容。</Text>
              <Button size="xs" onClick={() => void reloadKeepingTyped()}>
                重新载入（保留本页填写的内容）
              </Button>
            </Stack>
          </Alert>
        )}

        {review.criteria.map((criterion) => (
          <CriterionInput
            key={criterion.key}
            criterion={criterion}
            value={draft.scores[criterion.key] ?? ''}
            disabled={!editable}
            onChange={(value) => change((current) => ({ ...current, scores: { ...current.scores, [criterion.key]: value } }))}
          />
        ))}

        <Radio.Group
          label="推荐意见"
          required
          value={draft.recommendation}
          onChange={(value) => change((current) => ({ ...current, recommendation: value as ReviewRecommendation }))}
        >
          <Group gap="lg" mt={6}>
            {REVIEW_RECOMMENDATIONS.map((value) => (
              <Radio key={value} value={value} label={REVIEW_RECOMMENDATION_LABELS[value]} disabled={!editable} />
            ))}
          </Group>
        </Radio.Group>
        <Textarea
          label="给项目办公室的意见"
          description="仅工作人员可见"
          autosize
          minRows={3}
          maxRows={10}
          maxLength={5000}
          disabled={!editable}
          value={draft.commentToStaff}
          onChange={(event) => {
            const value = event.currentTarget.value;
            change((current) => ({ ...current, commentToStaff: value }));
          }}
        />
        {review.applicantComments && (
          <Textarea
            label="给申报人的意见"
            description="将随审核结果展示给申报人，不显示评审专家姓名"
            autosize
            minRows={3}
            maxRows={10}
            maxLength={5000}
            disabled={!editable}
            value={draft.commentToApplicant}
            onChange={(event) => {
              const value = event.currentTarget.value;
              change((current) => ({ ...current, commentToApplicant: value }));
            }}
          />
        )}

        {editable && (
          <Group justify="space-between" align="center" className="fx-score-form__bar">
            <Text size="sm" c={saveState.kind === 'failed' ? TONE.danger : 'dimmed'} aria-live="polite" data-testid="save-state">
              {saveText(saveState, unsaved)}
            </Text>
            <Button leftSection={<IconSend size={16} />} onClick={() => setConfirming(true)} disabled={saveState.kind === 'conflict'}>
              提交评审
            </Button>
          </Group>
        )}
      </Stack>

      <Modal opened={confirming} onClose={() => setConfirming(false)} title={missing.length ? '还不能提交' : '确认提交评审'} centered>
        {missing.length ? (
          <Stack>
            <Text size="sm">提交前请补全以下内容：</Text>
            <List size="sm" spacing={4} c={TONE.danger}>
              {missing.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
            <Group justify="flex-end">
              <Button onClick={() => setConfirming(false)}>返回继续评分</Button>
            </Group>
          </Stack>
        ) : (
          <Stack>
            <Text size="sm">
              加权总分 <b>{total?.toFixed(2)}</b>，推荐意见「{draft.recommendation ? REVIEW_RECOMMENDATION_LABELS[draft.recommendation] : ''}」。
            </Text>
            <Text size="sm">提交后不能再修改；如需修改，请联系项目办公室重新开放。</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(false)} disabled={submitting}>
                取消
              </Button>
              <Button loading={submitting} onClick={() => void submit()}>
                确认提交
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Paper>
  );
}

function saveText(state: SaveState, unsaved: boolean): string {
  switch (state.kind) {
    case 'saving':
      return '正在保存草稿…';
    case 'failed':
      return `草稿未保存：${state.message}`;
    case 'conflict':
      return '自动保存已暂停';
    case 'saved':
      return unsaved ? '有未保存的修改，稍后自动保存' : `草稿已保存 ${formatDateTime(state.at)}`;
    default:
      return unsaved ? '有未保存的修改，稍后自动保存' : '评分将自动保存为草稿';
  }
}

/** One criterion: its guidance, its bands, and a number typed or stepped with the arrow keys. */
function CriterionInput({ criterion, value, disabled, onChange }: { criterion: Criterion; value: number | ''; disabled: boolean; onChange: (value: number | '') => void }) {
  const band = bandOf(criterion, value);
  return (
    <Paper withBorder p="sm" radius="sm" bg="var(--mantine-color-ink-0)">
      <Stack gap={6}>
        <Group gap="sm" align="flex-end" wrap="nowrap">
          <NumberInput
            flex={1}
            maw={360}
            label={criterion.label}
            description={
              <>
                {criterion.guidance && <span className="fx-guidance">{criterion.guidance}</span>}
                {`${criterion.min}–${criterion.max} 分 · 权重 ${criterion.weight}`}
              </>
            }
            required
            min={criterion.min}
            max={criterion.max}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="strict"
            disabled={disabled}
            value={value}
            onChange={(next) => onChange(typeof next === 'number' ? next : next === '' ? '' : Number.isFinite(Number(next)) ? Number(next) : '')}
          />
          {band && (
            <Badge color={TONE.success} variant="light" radius="sm" mb={6}>
              {band.label}
            </Badge>
          )}
        </Group>
        {criterion.bands.length > 0 && (
          <Text size="xs" c="dimmed">
            分段：{criterion.bands.map((b) => `${b.min}–${b.max} ${b.label}`).join('；')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

import { useState } from 'react';
import { ActionIcon, Alert, Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconDeviceFloppy, IconLock, IconPlus, IconTrash } from '@tabler/icons-react';
import { flattenIssues, PEER_VISIBILITY, PEER_VISIBILITY_LABELS, reviewRoundBody, type ReviewRound } from '@flagship/api-client';
import { focusFirstError, showServerFieldErrors } from '@flagship/ui';
import { BeijingDateTimePicker } from '../../components/beijing-date-time-picker';
import { FormSection } from '../../components/form-section';
import { api, showSuccess } from '../../lib/api';
import { fromShanghaiWallTime, toShanghaiWallTime } from '../../lib/format';
import { move } from '../../lib/list';
import { canCall } from '../../lib/navigation';
import { useStaff } from '../../lib/session';
import { TONE } from '../../lib/tones';
import { ScoreFormPreview } from './score-form-preview';
import type { BandValues, CriterionValues, NumberValue } from './review-shared';

interface Values {
  criteria: CriterionValues[];
  applicantComments: boolean;
  blind: boolean;
  peerVisibility: (typeof PEER_VISIBILITY)[number];
  /** Beijing wall time, `YYYY-MM-DD HH:mm:ss`. */
  reviewStartsAt: string | null;
  reviewEndsAt: string | null;
  expertsPerApplication: NumberValue;
  disagreementThreshold: NumberValue;
  reminderDaysBefore: NumberValue;
}

/** A first scheme to start from: three criteria on 0–10 that staff rename and reweigh. */
const STARTER: CriterionValues[] = [
  { key: 'c1', label: '艺术价值', guidance: '主题立意、艺术构思与创新程度', weight: 40, min: 0, max: 10, bands: [] },
  { key: 'c2', label: '实施可行性', guidance: '团队、计划与预算是否可行', weight: 30, min: 0, max: 10, bands: [] },
  { key: 'c3', label: '社会效益', guidance: '受众、传播与示范作用', weight: 30, min: 0, max: 10, bands: [] },
];

function toValues(round: ReviewRound | null): Values {
  return {
    criteria: round ? round.criteria.map((c) => ({ ...c, bands: c.bands.map((b) => ({ ...b })) })) : STARTER,
    applicantComments: round?.applicantComments ?? false,
    blind: round?.blind ?? false,
    peerVisibility: round?.peerVisibility ?? 'never',
    reviewStartsAt: toShanghaiWallTime(round?.reviewStartsAt),
    reviewEndsAt: toShanghaiWallTime(round?.reviewEndsAt),
    expertsPerApplication: round?.expertsPerApplication ?? 3,
    disagreementThreshold: round?.disagreementThreshold ?? 20,
    reminderDaysBefore: round?.reminderDaysBefore ?? 2,
  };
}

/** NumberInput's empty value is ''; the contract then says which number is missing. */
const num = (value: NumberValue): number | undefined => (value === '' ? undefined : Number(value));

function toBody(values: Values) {
  return {
    ...values,
    criteria: values.criteria.map((c) => ({ ...c, weight: num(c.weight), min: num(c.min), max: num(c.max), bands: c.bands.map((b) => ({ ...b, min: num(b.min), max: num(b.max) })) })),
    reviewStartsAt: fromShanghaiWallTime(values.reviewStartsAt) ?? '',
    reviewEndsAt: fromShanghaiWallTime(values.reviewEndsAt) ?? '',
    expertsPerApplication: num(values.expertsPerApplication),
    disagreementThreshold: num(values.disagreementThreshold),
    reminderDaysBefore: num(values.reminderDaysBefore),
  };
}

function validate(values: Values): Record<string, string> {
  const result = reviewRoundBody.safeParse(toBody(values));
  const errors: Record<string, string> = result.success ? {} : flattenIssues(result.error);
  if (!values.reviewStartsAt) errors.reviewStartsAt = '请选择评审开始时间';
  if (!values.reviewEndsAt) errors.reviewEndsAt = '请选择评审结束时间';
  return errors;
}

/** The next free key `c<n>`: keys stay stable, since scores are kept by them. */
function nextKey(criteria: CriterionValues[]): string {
  const taken = new Set(criteria.map((c) => c.key));
  let n = criteria.length + 1;
  while (taken.has(`c${n}`)) n += 1;
  return `c${n}`;
}

export function SchemePanel({ projectId, round, onSaved }: { projectId: number; round: ReviewRound | null; onSaved: (round: ReviewRound) => void }) {
  const staff = useStaff();
  const mayEdit = canCall(staff.role, 'reviewRoundSave');
  const form = useForm<Values>({ initialValues: toValues(round), validate });
  const [busy, setBusy] = useState(false);
  // A frozen scheme changes only in a new round, which starts from the current scheme.
  const [newRound, setNewRound] = useState(false);
  const locked = !mayEdit || (Boolean(round?.frozen) && !newRound);

  const save = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      const body = toBody(values) as Parameters<typeof api.console.reviewRoundSave>[0];
      const saved = newRound ? await api.console.reviewRoundNew({ ...body, projectId }) : await api.console.reviewRoundSave({ ...body, projectId });
      showSuccess(newRound ? `第 ${saved.number} 轮评审已创建` : '评审方案已保存');
      setNewRound(false);
      form.setValues(toValues(saved));
      form.resetDirty(toValues(saved));
      onSaved(saved);
    } catch (error) {
      showServerFieldErrors(form, error, { focus: true });
    } finally {
      setBusy(false);
    }
  }, focusFirstError);

  const criteria = form.values.criteria;
  const addCriterion = () => form.insertListItem('criteria', { key: nextKey(criteria), label: '', guidance: '', weight: 10, min: 0, max: 10, bands: [] } satisfies CriterionValues);

  return (
    <form onSubmit={save} noValidate aria-label="评审方案">
      <Stack gap="lg">
        {!mayEdit && (
          <Alert color={TONE.neutral} icon={<IconLock size={18} />} title="只读">
            评审方案由管理员设置；审核员可以查看方案、分配专家、查看进度与排名。
          </Alert>
        )}
        {round?.frozen && !newRound && (
          <Alert color={TONE.warning} icon={<IconLock size={18} />} title="评审方案已锁定">
            <Stack gap="xs">
              <Text size="sm">
                已有专家提交评分，为保证评分可比，评分项、匿名评审与互见设置不能再修改。评审时间、每份申报的专家人数、分歧阈值与提醒天数仍可修改。
              </Text>
              <Text size="sm">如需修改评分项，请新建评审轮次：新一轮沿用当前方案，可修改后重新分配专家评审。</Text>
              {mayEdit && (
                <Group>
                  <Button size="xs" variant="default" onClick={() => setNewRound(true)}>
                    新建评审轮次
                  </Button>
                </Group>
              )}
            </Stack>
          </Alert>
        )}
        {newRound && round && (
          <Alert color={TONE.info} title={`正在新建第 ${round.number + 1} 轮评审`}>
            <Group justify="space-between">
              <Text size="sm">下面是当前方案的副本，修改后点击「创建评审轮次」。当前一轮的评分保留在记录中。</Text>
              <Button
                size="xs"
                variant="default"
                onClick={() => {
                  setNewRound(false);
                  form.setValues(toValues(round));
                }}
              >
                取消新建
              </Button>
            </Group>
          </Alert>
        )}

        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <Stack gap="lg">
            <FormSection
              title="评分项"
              description="每项的分数按权重折算为 0–100 的总分。"
              actions={
                <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={addCriterion} disabled={locked || criteria.length >= 20}>
                  添加评分项
                </Button>
              }
            >
              {typeof form.errors.criteria === 'string' && (
                <Text size="sm" c={TONE.danger} role="alert">
                  {form.errors.criteria}
                </Text>
              )}
              {criteria.map((criterion, index) => (
                <CriterionEditor key={criterion.key} form={form} index={index} count={criteria.length} locked={locked} />
              ))}
            </FormSection>

            <FormSection title="选项">
              <Switch label="匿名评审：专家看不到申报人姓名、单位与附件文件名" disabled={locked} {...form.getInputProps('blind', { type: 'checkbox' })} />
              <Switch label="专家可填写给申报人的意见（公布结果时向申报人展示，不显示专家姓名）" disabled={locked} {...form.getInputProps('applicantComments', { type: 'checkbox' })} />
              <Select
                label="其他专家的评审"
                w={280}
                allowDeselect={false}
                disabled={locked}
                data={PEER_VISIBILITY.map((value) => ({ value, label: PEER_VISIBILITY_LABELS[value] }))}
                {...form.getInputProps('peerVisibility')}
              />
            </FormSection>

            <FormSection title="阶段与分配" description="评审开始前为分配阶段（分配专家、专家声明利益冲突）；评审期间专家评分；结束后只有工作人员可以调整。">
              <SimpleGrid cols={2}>
                <BeijingDateTimePicker label="评审开始时间" required disabled={!mayEdit} value={form.values.reviewStartsAt} onChange={(value) => form.setFieldValue('reviewStartsAt', value)} error={form.errors.reviewStartsAt} />
                <BeijingDateTimePicker label="评审结束时间" required disabled={!mayEdit} value={form.values.reviewEndsAt} onChange={(value) => form.setFieldValue('reviewEndsAt', value)} error={form.errors.reviewEndsAt} />
              </SimpleGrid>
              <SimpleGrid cols={3}>
                <NumberInput label="每份申报的专家人数" min={1} max={10} allowDecimal={false} disabled={!mayEdit} {...form.getInputProps('expertsPerApplication')} />
                <NumberInput label="分歧阈值（分）" description="极差超过即标记分歧" min={0} max={100} decimalScale={1} disabled={!mayEdit} {...form.getInputProps('disagreementThreshold')} />
                <NumberInput label="提前提醒天数" description="0：只在逾期后提醒" min={0} max={30} allowDecimal={false} disabled={!mayEdit} {...form.getInputProps('reminderDaysBefore')} />
              </SimpleGrid>
            </FormSection>
          </Stack>

          <Paper withBorder p="lg" className="fc-panel" component="section" aria-label="评分表预览" style={{ position: 'sticky', top: 72, alignSelf: 'start' }}>
            <Title order={2} size="h4" className="fc-section-title" mb={4}>
              评分表预览
            </Title>
            <Text size="sm" c="dimmed" mb="md">
              专家看到的评分表（仅供预览，不会保存）。
            </Text>
            <ScoreFormPreview criteria={criteria} applicantComments={form.values.applicantComments} />
          </Paper>
        </SimpleGrid>

        {mayEdit && (
          <Group justify="flex-end" p="sm" className="fc-sticky-bar">
            <Button type="submit" loading={busy} leftSection={<IconDeviceFloppy size={16} />}>
              {newRound ? '创建评审轮次' : round ? '保存评审方案' : '创建评审方案'}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

type SchemeForm = UseFormReturnType<Values, Values, (values: Values) => FormErrors>;

function CriterionEditor({ form, index, count, locked }: { form: SchemeForm; index: number; count: number; locked: boolean }) {
  const path = `criteria.${index}`;
  const criterion = form.values.criteria[index];
  if (!criterion) return null;
  const name = criterion.label || `评分项 ${index + 1}`;
  const reorder = (by: -1 | 1) => form.setFieldValue('criteria', move(form.values.criteria, index, by));
  const bandsError = form.errors[`${path}.bands`];
  return (
    <Paper withBorder p="md" radius="sm" role="group" aria-label={`评分项 ${index + 1}`}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text fw={600} size="sm">
          {index + 1}. {criterion.label || '（未命名）'}
          <Text span size="xs" c="dimmed" ml="xs" className="fc-mono">
            {criterion.key}
          </Text>
        </Text>
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="subtle" color="ink" aria-label={`上移「${name}」`} disabled={locked || index === 0} onClick={() => reorder(-1)}>
            <IconArrowUp size={16} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="ink" aria-label={`下移「${name}」`} disabled={locked || index === count - 1} onClick={() => reorder(1)}>
            <IconArrowDown size={16} />
          </ActionIcon>
          <ActionIcon variant="subtle" color={TONE.danger} aria-label={`删除「${name}」`} disabled={locked || count <= 1} onClick={() => form.removeListItem('criteria', index)}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      </Group>
      <Stack gap="sm">
        <TextInput label="评分项名称" required maxLength={50} disabled={locked} {...form.getInputProps(`${path}.label`)} />
        <Textarea label="评分说明" description="专家评分时看到的标准" autosize minRows={1} maxRows={4} maxLength={1000} disabled={locked} {...form.getInputProps(`${path}.guidance`)} />
        <SimpleGrid cols={3}>
          <NumberInput label="权重" min={0} max={100} decimalScale={2} disabled={locked} {...form.getInputProps(`${path}.weight`)} />
          <NumberInput label="最低分" min={0} max={1000} allowDecimal={false} disabled={locked} {...form.getInputProps(`${path}.min`)} />
          <NumberInput label="最高分" min={0} max={1000} allowDecimal={false} disabled={locked} {...form.getInputProps(`${path}.max`)} />
        </SimpleGrid>
        <Stack gap={6}>
          <Group justify="space-between">
            <Text size="sm" fw={500}>
              分段说明
            </Text>
            <Button
              size="compact-xs"
              variant="subtle"
              leftSection={<IconPlus size={12} />}
              disabled={locked || criterion.bands.length >= 10}
              onClick={() => form.insertListItem(`${path}.bands`, { min: criterion.min, max: criterion.max, label: '' } satisfies BandValues)}
              aria-label={`为「${name}」添加分段`}
            >
              添加分段
            </Button>
          </Group>
          {criterion.bands.length === 0 && (
            <Text size="xs" c="dimmed">
              可选：例如 8–10 分「优秀」、5–7 分「良好」。
            </Text>
          )}
          {criterion.bands.map((_, b) => (
            <Group key={b} gap="xs" align="flex-start" wrap="nowrap">
              <NumberInput aria-label={`「${name}」分段 ${b + 1} 下限`} placeholder="下限" w={80} min={0} max={1000} allowDecimal={false} disabled={locked} {...form.getInputProps(`${path}.bands.${b}.min`)} />
              <Text size="sm" pt={6}>
                –
              </Text>
              <NumberInput aria-label={`「${name}」分段 ${b + 1} 上限`} placeholder="上限" w={80} min={0} max={1000} allowDecimal={false} disabled={locked} {...form.getInputProps(`${path}.bands.${b}.max`)} />
              <TextInput aria-label={`「${name}」分段 ${b + 1} 说明`} placeholder="说明，例如：优秀" style={{ flex: 1 }} maxLength={50} disabled={locked} {...form.getInputProps(`${path}.bands.${b}.label`)} />
              <ActionIcon variant="subtle" color={TONE.danger} mt={4} aria-label={`删除「${name}」分段 ${b + 1}`} disabled={locked} onClick={() => form.removeListItem(`${path}.bands`, b)}>
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          {bandsError ? (
            <Text size="xs" c={TONE.danger} role="alert">
              {bandsError}
            </Text>
          ) : null}
        </Stack>
      </Stack>
    </Paper>
  );
}

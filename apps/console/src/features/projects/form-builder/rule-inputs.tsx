import type { ReactNode } from 'react';
import { ActionIcon, Button, Group, Input, NumberInput, Stack, TagsInput, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import type { FieldOption } from '@flagship/api-client';
import { CALENDAR_LABELS } from '../../../components/beijing-date-time-picker';
import { move } from '../../../lib/list';
import { TONE } from '../../../lib/tones';
import type { FieldErrors } from './fields';

/** An optional number rule: empty means no rule. */
export function OptionalNumber({ label, value, onChange, error, min, integer = true, description }: { label: string; value: number | undefined; onChange: (value: number | undefined) => void; error?: ReactNode; min?: number; integer?: boolean; description?: string }) {
  return (
    <NumberInput
      label={label}
      description={description}
      placeholder="不限"
      min={min}
      allowDecimal={!integer}
      value={value ?? ''}
      onChange={(next) => onChange(typeof next === 'number' ? next : undefined)}
      error={error}
      size="sm"
    />
  );
}

/** An optional calendar date rule (`YYYY-MM-DD`). */
export function OptionalDate({ label, value, onChange, error }: { label: string; value: string | undefined; onChange: (value: string | undefined) => void; error?: ReactNode }) {
  return (
    <DateInput ariaLabels={CALENDAR_LABELS} label={label} placeholder="不限" valueFormat="YYYY-MM-DD" clearable value={value ?? null} onChange={(next) => onChange(next ?? undefined)} error={error} size="sm" />
  );
}

const MB = 1024 * 1024;

/** The largest file in MB (stored in bytes). */
export function MaxSizeInput({ value, onChange, error }: { value: number | undefined; onChange: (bytes: number | undefined) => void; error?: ReactNode }) {
  return (
    <NumberInput
      label="单个文件大小上限（MB）"
      placeholder="默认 20"
      min={0.1}
      max={1024}
      decimalScale={1}
      value={value === undefined ? '' : Math.round((value / MB) * 10) / 10}
      onChange={(next) => onChange(typeof next === 'number' && next > 0 ? Math.round(next * MB) : undefined)}
      error={error}
      size="sm"
    />
  );
}

const ACCEPT_SUGGESTIONS = ['.pdf', '.doc', '.docx', '.xls', '.xlsx', '.ppt', '.pptx', '.jpg', '.png', '.zip', '.mp4', 'image/*', 'application/pdf'];

export function AcceptInput({ value, onChange, error }: { value: string[] | undefined; onChange: (value: string[] | undefined) => void; error?: ReactNode }) {
  return (
    <TagsInput
      label="允许的文件类型"
      description="扩展名（如 .pdf）或 MIME 类型（如 image/*）；留空表示不限"
      placeholder="输入后回车"
      data={ACCEPT_SUGGESTIONS}
      value={value ?? []}
      onChange={(next) => onChange(next.length > 0 ? next.map((v) => v.trim()).filter(Boolean) : undefined)}
      error={error}
      size="sm"
      clearable
    />
  );
}

/** The options of a choice field: label and stored value, ordered. */
export function OptionsEditor({ options, onChange, errors, fieldLabel }: { options: FieldOption[]; onChange: (options: FieldOption[]) => void; errors: FieldErrors; fieldLabel: string }) {
  const nextValue = () => {
    const used = new Set(options.map((o) => o.value));
    let n = options.length + 1;
    while (used.has(String(n))) n += 1;
    return String(n);
  };
  const set = (index: number, patch: Partial<FieldOption>) => onChange(options.map((o, i) => (i === index ? { ...o, ...patch } : o)));
  return (
    <Input.Wrapper label="选项" description="「显示文字」是申请人看到的，「值」保存在申报数据中（同一字段内不能重复）" error={errors.options} labelElement="div">
      <Stack gap={6} mt={6}>
        {options.map((option, index) => (
          <Group key={index} gap={6} wrap="nowrap" align="flex-start">
            <TextInput size="xs" style={{ flex: 2 }} aria-label={`「${fieldLabel}」选项 ${index + 1} 的显示文字`} placeholder="显示文字" value={option.label} onChange={(e) => set(index, { label: e.currentTarget.value })} error={errors[`options.${index}.label`]} />
            <TextInput size="xs" style={{ flex: 1 }} aria-label={`「${fieldLabel}」选项 ${index + 1} 的值`} placeholder="值" value={option.value} onChange={(e) => set(index, { value: e.currentTarget.value })} error={errors[`options.${index}.value`]} />
            <ActionIcon variant="subtle" color="ink" aria-label={`上移选项 ${index + 1}`} disabled={index === 0} onClick={() => onChange(move(options, index, -1))}>
              <IconArrowUp size={14} />
            </ActionIcon>
            <ActionIcon variant="subtle" color="ink" aria-label={`下移选项 ${index + 1}`} disabled={index === options.length - 1} onClick={() => onChange(move(options, index, 1))}>
              <IconArrowDown size={14} />
            </ActionIcon>
            <ActionIcon variant="subtle" color={TONE.danger} aria-label={`删除选项 ${index + 1}`} onClick={() => onChange(options.filter((_, i) => i !== index))}>
              <IconTrash size={14} />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => onChange([...options, { label: `选项 ${options.length + 1}`, value: nextValue() }])}>
            添加选项
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}

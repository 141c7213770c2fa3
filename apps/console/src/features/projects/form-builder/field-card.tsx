import { ActionIcon, Alert, Badge, Group, Paper, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput, Tooltip, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconChevronDown, IconChevronRight, IconCopy, IconTrash } from '@tabler/icons-react';
import { FORM_FIELD_KIND_LABELS, FORM_FIELD_KINDS, type FormField, type FormFieldKind } from '@flagship/api-client';
import { TONE } from '../../../lib/tones';
import { changeKind, type FieldErrors } from './fields';
import { FieldRules } from './field-rules';

const KIND_OPTIONS = FORM_FIELD_KINDS.map((kind) => ({ value: kind, label: FORM_FIELD_KIND_LABELS[kind] }));
/** Paths a card shows beside an input; anything else is listed at its top. */
const SHOWN = /^(key|label|help|required|kind|minLength|maxLength|pattern|patternMessage|placeholder|min|max|integer|options|minItems|maxItems|accept|maxSize|columns|minRows|maxRows|totals)(\.|$)/;

export interface FieldCardProps {
  field: FormField;
  /** The whole form, for rules that name another field (a table total's rule). */
  fields?: FormField[];
  index: number;
  count: number;
  errors: FieldErrors;
  expanded: boolean;
  /** Applications were submitted with this field: its key and kind must stay. */
  locked: boolean;
  onToggle: () => void;
  onChange: (field: FormField) => void;
  onMove: (by: -1 | 1) => void;
  onDuplicate: () => void;
  onRemove: () => void;
}

/** One field of the form definition: a summary line, and when expanded, everything about it. */
export function FieldCard({ field, fields = [], index, count, errors, expanded, locked, onToggle, onChange, onMove, onDuplicate, onRemove }: FieldCardProps) {
  const problems = Object.keys(errors).length;
  const other = Object.entries(errors).filter(([path]) => !SHOWN.test(path));
  const name = field.label || '（未命名）';
  return (
    <Paper withBorder radius="md" className="fc-field-card fc-panel" data-error={problems > 0 || undefined} data-testid={`field-card-${index}`}>
      <Group gap="xs" px="sm" py={8} wrap="nowrap" className="fc-field-card__head">
        <UnstyledButton onClick={onToggle} aria-expanded={expanded} title={expanded ? '收起' : '展开'} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap">
            {expanded ? <IconChevronDown size={16} aria-hidden="true" /> : <IconChevronRight size={16} aria-hidden="true" />}
            <Text size="sm" c="dimmed" w={24} ta="right">
              {index + 1}
            </Text>
            <Badge variant={field.kind === 'section' ? 'filled' : 'light'} color={field.kind === 'section' ? 'ink' : TONE.accent} radius="sm" style={{ flex: 'none' }}>
              {FORM_FIELD_KIND_LABELS[field.kind]}
            </Badge>
            <Text fw={500} size="sm" truncate>
              {name}
              {field.kind !== 'section' && field.required && (
                <Text span c={TONE.danger} aria-hidden="true">
                  {' '}*
                </Text>
              )}
            </Text>
            <Text size="xs" c="dimmed" className="fc-mono" truncate>
              {field.key}
            </Text>
            {problems > 0 && (
              <Badge color={TONE.danger} variant="filled" radius="sm" style={{ flex: 'none' }}>
                {problems} 处问题
              </Badge>
            )}
          </Group>
        </UnstyledButton>
        <Group gap={2} wrap="nowrap">
          <ActionIcon variant="subtle" color="ink" aria-label={`上移「${name}」`} disabled={index === 0} onClick={() => onMove(-1)}>
            <IconArrowUp size={16} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="ink" aria-label={`下移「${name}」`} disabled={index === count - 1} onClick={() => onMove(1)}>
            <IconArrowDown size={16} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="ink" aria-label={`复制「${name}」`} onClick={onDuplicate}>
            <IconCopy size={16} />
          </ActionIcon>
          <Tooltip label={locked ? '已有申报使用此字段，删除后保存会被拒绝' : '删除字段'}>
            <ActionIcon variant="subtle" color={TONE.danger} aria-label={`删除「${name}」`} onClick={onRemove}>
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {expanded && (
        <Stack gap="sm" px="md" pb="md" pt={4}>
          {other.length > 0 && (
            <Alert color={TONE.danger} variant="light" p="xs">
              {other.map(([path, message]) => (
                <Text key={path} size="sm">
                  {message}
                </Text>
              ))}
            </Alert>
          )}
          <SimpleGrid cols={2}>
            <Select
              label="字段类型"
              data={KIND_OPTIONS}
              value={field.kind}
              allowDeselect={false}
              onChange={(kind) => kind && onChange(changeKind(field, kind as FormFieldKind))}
              disabled={locked}
              description={locked ? '已有申报，不能修改类型' : undefined}
              error={errors.kind}
              size="sm"
              comboboxProps={{ withinPortal: true }}
              maxDropdownHeight={320}
            />
            <TextInput
              label="字段标识"
              required
              classNames={{ input: 'fc-mono' }}
              description={locked ? '已有申报，不能修改标识' : '保存数据用的英文名，字母开头'}
              value={field.key}
              onChange={(e) => onChange({ ...field, key: e.currentTarget.value.trim() })}
              readOnly={locked}
              error={errors.key}
              size="sm"
            />
          </SimpleGrid>
          <TextInput label={field.kind === 'section' ? '标题' : '字段名称'} required value={field.label} onChange={(e) => onChange({ ...field, label: e.currentTarget.value })} error={errors.label} size="sm" maxLength={100} />
          <Textarea label="填写说明" description="显示在字段名称下方" autosize minRows={1} maxRows={4} value={field.help ?? ''} onChange={(e) => onChange({ ...field, help: e.currentTarget.value || undefined })} error={errors.help} size="sm" />
          {field.kind !== 'section' && <Switch label="必填" checked={Boolean(field.required)} onChange={(e) => onChange({ ...field, required: e.currentTarget.checked })} />}
          <FieldRules field={field} fields={fields} onChange={onChange} errors={errors} />
        </Stack>
      )}
    </Paper>
  );
}

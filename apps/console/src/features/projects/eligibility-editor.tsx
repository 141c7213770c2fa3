import { ActionIcon, Badge, Button, Checkbox, Group, Menu, NumberInput, Paper, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { ELIGIBILITY_KIND_LABELS, ELIGIBILITY_KINDS, type EligibilityKind, type EligibilityQuestion } from '@flagship/api-client';
import { TONE } from '../../lib/tones';

type Errors = Record<string, string | undefined>;

/** A fresh question of a kind, with a key no other question has or had. */
function newQuestion(kind: EligibilityKind, taken: string[]): EligibilityQuestion {
  // Never a key used before, not even by a question since removed: answers stored with
  // applications are matched to questions by key (and wording).
  let n = Date.now();
  while (taken.includes(`q${n.toString(36)}`)) n++;
  const key = `q${n.toString(36)}`;
  switch (kind) {
    case 'yesNo':
      return { kind, key, label: '', reason: '', qualifying: true };
    case 'choice':
      return { kind, key, label: '', reason: '', options: [], qualifying: [] };
    case 'number':
      return { kind, key, label: '', reason: '' };
    case 'enterpriseAuthenticated':
      return { kind, key, label: '是否已完成企业认证', reason: '请先在个人中心完成企业认证' };
    case 'applicationsThisYear':
      return { kind, key, label: '本单位本年度已申报项目数', reason: '', max: 0 };
  }
}

const optionalNumber = (value: string | number) => (typeof value === 'number' ? value : undefined);

/** The call's eligibility questions: what is asked, which answers qualify, and why not. */
export function EligibilityEditor({ value, onChange, errors }: { value: EligibilityQuestion[]; onChange: (value: EligibilityQuestion[]) => void; errors: Errors }) {
  const set = (index: number, question: EligibilityQuestion) => onChange(value.map((q, i) => (i === index ? question : q)));
  return (
    <Stack gap="sm">
      {value.length === 0 && (
        <Text size="sm" c="dimmed">
          未设置申报资格问题：任何登录用户都可以开始申报。
        </Text>
      )}
      {value.map((q, index) => {
        const error = (name: string) => errors[`eligibility.${index}.${name}`];
        const n = index + 1;
        return (
          <Paper key={q.key} withBorder p="sm" radius="sm" data-testid={`eligibility-${index}`}>
            <Stack gap="xs">
              <Group gap="xs">
                <Badge variant="outline" color="ink" radius="sm">
                  问题 {n}
                </Badge>
                <Badge variant="light" radius="sm">
                  {ELIGIBILITY_KIND_LABELS[q.kind]}
                </Badge>
                <div style={{ flex: 1 }} />
                <ActionIcon variant="subtle" color={TONE.danger} aria-label={`删除问题 ${n}`} onClick={() => onChange(value.filter((_, i) => i !== index))}>
                  <IconTrash size={14} />
                </ActionIcon>
              </Group>
              <SimpleGrid cols={2}>
                <TextInput size="sm" label={`问题 ${n}`} required value={q.label} onChange={(e) => set(index, { ...q, label: e.currentTarget.value })} error={error('label')} maxLength={200} />
                <TextInput size="sm" label={`问题 ${n} 不符合时的说明`} required value={q.reason} onChange={(e) => set(index, { ...q, reason: e.currentTarget.value })} error={error('reason')} maxLength={500} />
              </SimpleGrid>
              {q.kind === 'yesNo' && (
                <Select
                  size="sm"
                  label={`问题 ${n} 符合条件的回答`}
                  w={200}
                  data={[{ value: 'true', label: '是' }, { value: 'false', label: '否' }]}
                  value={String(q.qualifying)}
                  allowDeselect={false}
                  onChange={(v) => set(index, { ...q, qualifying: v === 'true' })}
                  comboboxProps={{ withinPortal: true }}
                />
              )}
              {q.kind === 'choice' && (
                <SimpleGrid cols={2}>
                  <Textarea
                    size="sm"
                    label={`问题 ${n} 的选项`}
                    description="每行一个选项"
                    autosize
                    minRows={2}
                    value={q.options.map((o) => o.label).join('\n')}
                    onChange={(e) => {
                      const labels = e.currentTarget.value.split('\n').map((line) => line.trim());
                      const options = labels.filter((label, i) => label || i === labels.length - 1).map((label) => ({ label, value: label }));
                      set(index, { ...q, options, qualifying: q.qualifying.filter((v) => options.some((o) => o.value === v)) });
                    }}
                    error={error('options') ?? Object.entries(errors).find(([path]) => path.startsWith(`eligibility.${index}.options.`))?.[1]}
                  />
                  <Checkbox.Group label={`问题 ${n} 符合条件的选项`} value={q.qualifying} onChange={(qualifying) => set(index, { ...q, qualifying })} error={error('qualifying')}>
                    <Stack gap={4} mt={6}>
                      {q.options.filter((o) => o.value).map((o) => (
                        <Checkbox key={o.value} value={o.value} label={o.label} size="xs" />
                      ))}
                    </Stack>
                  </Checkbox.Group>
                </SimpleGrid>
              )}
              {(q.kind === 'number' || q.kind === 'applicationsThisYear') && (
                <Group gap="sm" align="flex-end">
                  <NumberInput size="sm" w={160} label={`问题 ${n} 最小值`} value={q.min ?? ''} onChange={(v) => set(index, { ...q, min: optionalNumber(v) })} error={error('min')} />
                  <NumberInput size="sm" w={160} label={`问题 ${n} 最大值`} value={q.max ?? ''} onChange={(v) => set(index, { ...q, max: optionalNumber(v) })} error={error('max')} />
                  {q.kind === 'number' && <Switch label="只允许整数" checked={Boolean(q.integer)} onChange={(e) => set(index, { ...q, integer: e.currentTarget.checked || undefined })} />}
                </Group>
              )}
              {q.kind === 'applicationsThisYear' && (
                <Text size="xs" c="dimmed">
                  由平台统计申请人本年度（北京时间）已提交申报的其他项目数，回答在范围内即符合条件。
                </Text>
              )}
              {q.kind === 'enterpriseAuthenticated' && (
                <Text size="xs" c="dimmed">
                  由平台核验：申请人最近一次企业认证已通过即符合条件。
                </Text>
              )}
            </Stack>
          </Paper>
        );
      })}
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} w="fit-content">
            添加资格问题
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {ELIGIBILITY_KINDS.map((kind) => (
            <Menu.Item key={kind} onClick={() => onChange([...value, newQuestion(kind, value.map((q) => q.key))])}>
              {ELIGIBILITY_KIND_LABELS[kind]}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Stack>
  );
}

import '@mantine/core/styles/Table.css';
import { useEffect, useRef, useState } from 'react';
import { Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPencil, IconSend } from '@tabler/icons-react';
import { DEFAULT_DECLARATION, type FormField } from '@flagship/api-client';
import { ApplyView } from '@flagship/ui/form-fields';
import { safeHtml } from '../../../lib/safe-html';
import type { Values } from '../lib/compare';

/** The form cut at its section headings; fields before the first heading have none. */
export interface Section {
  heading: FormField | undefined;
  fields: FormField[];
}

export function sectionsOf(fields: FormField[]): Section[] {
  const sections: Section[] = [];
  for (const field of fields) {
    if (field.kind === 'section') sections.push({ heading: field, fields: [] });
    else if (sections.length === 0) sections.push({ heading: undefined, fields: [field] });
    else sections.at(-1)!.fields.push(field);
  }
  return sections;
}

export interface CheckAnswersProps {
  formTitle: string;
  fields: FormField[];
  values: Values;
  /** The call's declaration; '' for the default one. */
  declaration: string;
  submitting: boolean;
  /** Back to the form at this section heading (undefined: the top of the form). */
  onEdit: (sectionKey: string | undefined) => void;
  onSubmit: () => void;
}

/**
 * Check your answers: every section read-only, each with a link back to it, then the call's
 * declaration, which must be accepted before 确认提交.
 */
export function CheckAnswers({ formTitle, fields, values, declaration, submitting, onEdit, onSubmit }: CheckAnswersProps) {
  const [accepted, setAccepted] = useState(false);
  const [refused, setRefused] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const checkbox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView({ block: 'start' });
  }, []);

  // What the applicant typed has not been through the server's sanitiser yet.
  const shown: Values = { ...values };
  for (const field of fields) {
    const value = values[field.key];
    if (field.kind === 'richText' && typeof value === 'string') shown[field.key] = safeHtml(value);
  }

  const confirm = () => {
    if (!accepted) {
      setRefused(true);
      checkbox.current?.focus();
      return;
    }
    onSubmit();
  };

  return (
    <Stack gap="lg" data-testid="check-answers">
      <Paper withBorder p="lg">
        <Title order={2} size="h3" ref={heading} tabIndex={-1}>
          核对申报内容
        </Title>
        <Text size="sm" c="dimmed" mt={4}>
          请逐项核对「{formTitle}」的填写内容。需要修改时点击该部分的“修改”，填写的内容不会丢失。
        </Text>
      </Paper>
      {sectionsOf(fields).map((section) => {
        const label = section.heading?.label ?? '基本信息';
        return (
          <Paper key={section.heading?.key ?? '_first'} withBorder p="lg" component="section" aria-label={label}>
            <Group justify="space-between" mb="sm">
              <Title order={3} size="h4">
                {label}
              </Title>
              <Button variant="subtle" size="compact-sm" leftSection={<IconPencil size={14} />} onClick={() => onEdit(section.heading?.key)} aria-label={`修改「${label}」`}>
                修改
              </Button>
            </Group>
            {section.fields.length > 0 ? (
              <ApplyView fields={section.fields} data={shown} />
            ) : (
              <Text size="sm" c="dimmed">
                本部分没有需要填写的内容
              </Text>
            )}
          </Paper>
        );
      })}
      <Paper withBorder p="lg" component="section" aria-label="申报声明">
        <Title order={3} size="h4" mb="sm">
          申报声明
        </Title>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="declaration-text">
          {declaration.trim() || DEFAULT_DECLARATION}
        </Text>
        <Checkbox
          mt="md"
          required
          label="我已阅读并同意"
          checked={accepted}
          aria-invalid={refused}
          ref={checkbox}
          onChange={(event) => {
            setAccepted(event.currentTarget.checked);
            if (event.currentTarget.checked) setRefused(false);
          }}
          error={refused ? '请阅读申报声明并勾选“我已阅读并同意”' : undefined}
        />
      </Paper>
      <Paper withBorder p="md" className="fs-form-bar">
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            提交后申报内容将不能修改（被退回修改时除外）。
          </Text>
          <Group>
            <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => onEdit(undefined)}>
              返回修改
            </Button>
            <Button leftSection={<IconSend size={16} />} loading={submitting} onClick={confirm}>
              确认提交
            </Button>
          </Group>
        </Group>
      </Paper>
    </Stack>
  );
}

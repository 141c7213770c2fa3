import { useState } from 'react';
import { Alert, Button, Group, List, NumberInput, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconChecklist } from '@tabler/icons-react';
import { AUTOMATIC_ELIGIBILITY_KINDS, type EligibilityAnswers, type EligibilityCheck, type EligibilityQuestion } from '@flagship/api-client';
import { Link } from 'react-router-dom';
import { api } from '../../../lib/api';

/**
 * The call's eligibility questions, asked before the applicant starts the form. The server answers
 * the automatic ones and checks the rest; only a qualifying applicant goes on to the form.
 */
export function EligibilityGate({ projectId, questions, onQualified }: { projectId: number; questions: EligibilityQuestion[]; onQualified: (answers: EligibilityAnswers) => void }) {
  const [answers, setAnswers] = useState<EligibilityAnswers>({});
  const [missing, setMissing] = useState<Set<string>>(new Set());
  const [check, setCheck] = useState<EligibilityCheck>();
  const [busy, setBusy] = useState(false);
  const asked = questions.filter((q) => !AUTOMATIC_ELIGIBILITY_KINDS.includes(q.kind));
  const automatic = questions.filter((q) => AUTOMATIC_ELIGIBILITY_KINDS.includes(q.kind));
  const answer = (key: string, value: boolean | string | number | undefined) => {
    setCheck(undefined);
    setAnswers((current) => {
      const next = { ...current };
      if (value === undefined) delete next[key];
      else next[key] = value;
      return next;
    });
  };

  const submit = async () => {
    const unanswered = new Set(asked.filter((q) => answers[q.key] === undefined).map((q) => q.key));
    setMissing(unanswered);
    if (unanswered.size > 0) return;
    setBusy(true);
    try {
      const result = await api.project.eligibility({ id: projectId, answers });
      setCheck(result);
      if (result.qualified) onQualified(answers);
    } catch {
      // The SDK's policy has shown the error.
    } finally {
      setBusy(false);
    }
  };

  const failed = check?.results.filter((r) => !r.qualified) ?? [];
  return (
    <Paper withBorder p="lg">
      <Stack gap="md">
        <Group gap="xs">
          <IconChecklist aria-hidden="true" />
          <Title order={2} size="h4">
            申报资格确认
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          开始填写申报表前，请先回答以下问题。不符合条件的单位或个人不能申报本项目。
        </Text>
        {asked.map((q, index) => {
          const error = missing.has(q.key) ? '请回答此问题' : undefined;
          const label = `${index + 1}. ${q.label}`;
          if (q.kind === 'number') {
            return (
              <NumberInput
                key={q.key}
                label={label}
                required
                maw={320}
                allowDecimal={!q.integer}
                value={typeof answers[q.key] === 'number' ? (answers[q.key] as number) : ''}
                onChange={(value) => answer(q.key, typeof value === 'number' ? value : undefined)}
                error={error}
              />
            );
          }
          const options = q.kind === 'yesNo' ? [{ value: 'true', label: '是' }, { value: 'false', label: '否' }] : q.kind === 'choice' ? q.options : [];
          const current = answers[q.key];
          return (
            <Radio.Group
              key={q.key}
              label={label}
              withAsterisk
              value={current === undefined ? null : String(current)}
              onChange={(value) => answer(q.key, q.kind === 'yesNo' ? value === 'true' : value)}
              error={error}
            >
              <Group mt={6} gap="lg">
                {options.map((o) => (
                  <Radio key={o.value} value={o.value} label={o.label} />
                ))}
              </Group>
            </Radio.Group>
          );
        })}
        {automatic.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              以下条件由平台自动核验：
            </Text>
            <List size="sm">
              {automatic.map((q) => (
                <List.Item key={q.key}>{q.label}</List.Item>
              ))}
            </List>
          </Stack>
        )}
        {check && !check.qualified && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle />} title="不符合申报条件，不能开始申报" role="alert">
            <List size="sm" spacing={4}>
              {failed.map((r) => (
                <List.Item key={r.key}>
                  「{r.label}」{r.automatic ? `（平台核验：${r.answer}）` : `（您的回答：${r.answer}）`}：{r.reason}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Group>
          <Button onClick={() => void submit()} loading={busy}>
            确认并开始申报
          </Button>
          <Button component={Link} to={`/projectDetail?id=${projectId}`} variant="default">
            返回项目详情
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

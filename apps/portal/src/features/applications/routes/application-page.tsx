import '@mantine/core/styles/Table.css';
import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { eligibilityToAsk, type Apply, type EligibilityAnswers, type FormDetail, type ProjectStatus } from '@flagship/api-client';
import { Link, useSearchParams } from 'react-router-dom';
import { toId } from '@flagship/ui';
import { ApplyStatusBadge, EDITABLE_STATUSES } from '../../../components/apply-status-badge';
import { Page } from '../../../components/page';
import { ProjectStatusBadge } from '../../../components/project-status-badge';
import { AsyncView } from '../../../components/states';
import { useFormDetail } from '../api/applications';
import { ApplicationForm } from '../components/application-form';
import { Deadline, useCallClock } from '../components/deadline';
import { EligibilityGate } from '../components/eligibility-gate';
import { Receipt } from '../components/receipt';

export default function ApplicationPage() {
  const [params] = useSearchParams();
  const formId = toId(params.get('formId'));
  const detail = useFormDetail(toId(params.get('projectId')), formId);
  const [sent, setSubmitted] = useState<Apply>();
  // The receipt links to the call's other forms: this page then shows another form.
  const submitted = sent?.formId === formId ? sent : undefined;

  return (
    <Page hideHeading>
      <AsyncView state={detail}>{(data) => <ApplicationView data={data} submitted={submitted} onSubmitted={setSubmitted} />}</AsyncView>
    </Page>
  );
}

function ApplicationView({ data, submitted, onSubmitted }: { data: FormDetail; submitted: Apply | undefined; onSubmitted: (apply: Apply) => void }) {
  // The call's state by the server's clock: the badge turns to 已截止 at the deadline.
  const { phase, left } = useCallClock(data.project);
  const status: ProjectStatus = phase === 'upcoming' ? 'upcoming' : phase === 'closed' ? 'closed' : 'open';
  // A new application starts only after the call's eligibility questions are answered and met; a
  // draft begun before staff added or reworded a question is asked again before it goes on.
  const [eligibility, setEligibility] = useState<EligibilityAnswers>();
  const unanswered = !data.apply || (data.apply.status === 'draft' && eligibilityToAsk(data.apply.eligibility, data.eligibility));
  const mustAsk = data.eligibility.length > 0 && !eligibility && unanswered;
  return (
    <Stack gap="lg">
      <Paper withBorder p="lg">
        <Group gap="sm" mb={6}>
          <ProjectStatusBadge status={status} size="sm" />
          <Deadline project={data.project} />
        </Group>
        <Title order={1} size="h2">
          {data.form.title}
        </Title>
        <Text c="dimmed" mt={4}>
          {data.project.title}
        </Text>
        {data.form.description && (
          <Text size="sm" mt="sm">
            {data.form.description}
          </Text>
        )}
      </Paper>
      {submitted ? (
        <Receipt apply={submitted} title={`${data.project.title} · ${data.form.title}`} />
      ) : data.apply && !EDITABLE_STATUSES.has(data.apply.status) ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle />} title="该申报已提交">
          <Stack gap="sm" align="flex-start">
            <Group gap="xs">
              <Text size="sm">当前状态：</Text>
              <ApplyStatusBadge status={data.apply.status} />
              {data.apply.serialNumber && <Text size="sm">申报编号：{data.apply.serialNumber}</Text>}
            </Group>
            <Button component={Link} to={`/decDetail?id=${data.apply.id}`} size="xs">
              查看申报详情
            </Button>
          </Stack>
        </Alert>
      ) : mustAsk ? (
        <EligibilityGate projectId={data.project.id} questions={data.eligibility} onQualified={setEligibility} />
      ) : (
        <ApplicationForm key={data.apply?.version ?? 0} detail={data} eligibility={eligibility} phase={phase} left={left} onSubmitted={onSubmitted} />
      )}
    </Stack>
  );
}

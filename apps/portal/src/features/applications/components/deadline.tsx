import { useEffect } from 'react';
import { Alert, Text } from '@mantine/core';
import { IconAlarm, IconAlertTriangle, IconClockOff } from '@tabler/icons-react';
import type { ProjectSummary } from '@flagship/api-client';
import { formatDateTime, TIME_ZONE_LABEL } from '@flagship/ui';
import { api } from '../../../lib/api';
import { hasServerTime, useServerNow } from '../../../lib/server-clock';
import { callPhase, formatCountdown, type CallPhase } from '../lib/deadline';

const SERVER_PHASE: Record<ProjectSummary['status'], CallPhase> = { upcoming: 'upcoming', open: 'open', closed: 'closed' };

/**
 * Where the call stands, by the server's clock, second by second. Before hydration (and on the
 * server) it is the status the data came with.
 */
export function useCallClock(project: ProjectSummary): { phase: CallPhase; left: number | undefined } {
  const now = useServerNow();
  useEffect(() => {
    // A page rendered on the server may not have called the API yet: one answer sets the clock.
    if (!hasServerTime()) api.base.health(undefined, { silent: true }).catch(() => {});
  }, []);
  // Until an answer has come, the browser's clock is no guide: the next tick after it counts.
  if (now === undefined || !hasServerTime()) return { phase: SERVER_PHASE[project.status], left: undefined };
  return { phase: callPhase(project.applyStart, project.applyEnd, now), left: Date.parse(project.applyEnd) - now };
}

export const isOpen = (phase: CallPhase) => phase === 'open' || phase === 'lastHour' || phase === 'lastMinutes';

/** The deadline, said with its time zone. */
export function Deadline({ project }: { project: ProjectSummary }) {
  return (
    <Text size="sm" c="dimmed" data-testid="deadline">
      申报时间 {formatDateTime(project.applyStart)} 至 <strong>{formatDateTime(project.applyEnd)}</strong>，{TIME_ZONE_LABEL}
    </Text>
  );
}

/** Time left, for the form's bar; a timer is not read out at each tick. */
export function Countdown({ left }: { left: number }) {
  return (
    <Text size="sm" fw={600} c={left <= 3_600_000 ? 'red.9' : undefined} span>
      距截止{' '}
      <span role="timer" aria-label="距申报截止剩余时间" data-testid="countdown" className="fs-countdown">
        {formatCountdown(left)}
      </span>
    </Text>
  );
}

/** The warnings of the last hour and last ten minutes, and the closed call. */
export function DeadlineNotice({ project, phase }: { project: ProjectSummary; phase: CallPhase }) {
  const end = `北京时间 ${formatDateTime(project.applyEnd)}`;
  if (phase === 'lastHour') {
    return (
      <Alert color="#865400" variant="light" icon={<IconAlarm />} title="距申报截止不到 1 小时">
        本项目将于{end}截止申报，请尽快检查并提交；截止后将不能提交。
      </Alert>
    );
  }
  if (phase === 'lastMinutes') {
    return (
      <Alert color="#b02525" variant="light" icon={<IconAlertTriangle />} title="距申报截止不到 10 分钟">
        本项目将于{end}截止申报，请立即提交；截止后将不能提交。
      </Alert>
    );
  }
  if (phase === 'closed') {
    return (
      <Alert color="#495057" variant="light" icon={<IconClockOff />} title="申报已截止">
        本项目已于{end}截止申报，不能再提交。您在本页填写的内容保留在本设备上，不会丢失。
      </Alert>
    );
  }
  return null;
}

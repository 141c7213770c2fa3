/** Where a call stands at a moment of the server's clock; the warnings come in its last hour and last ten minutes. */
export type CallPhase = 'upcoming' | 'open' | 'lastHour' | 'lastMinutes' | 'closed';

export const LAST_HOUR_MS = 3_600_000;
export const LAST_MINUTES_MS = 600_000;

/** The server refuses a submission when now < applyStart or now > applyEnd. */
export function callPhase(applyStart: string, applyEnd: string, now: number): CallPhase {
  if (now < Date.parse(applyStart)) return 'upcoming';
  const left = Date.parse(applyEnd) - now;
  if (left < 0) return 'closed';
  if (left <= LAST_MINUTES_MS) return 'lastMinutes';
  if (left <= LAST_HOUR_MS) return 'lastHour';
  return 'open';
}

const two = (n: number) => String(n).padStart(2, '0');

/** Time left as `3 天 04:05:06` (days only when there are some), counted down to the second. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86_400);
  const clock = `${two(Math.floor((total % 86_400) / 3600))}:${two(Math.floor((total % 3600) / 60))}:${two(total % 60)}`;
  return days > 0 ? `${days} 天 ${clock}` : clock;
}

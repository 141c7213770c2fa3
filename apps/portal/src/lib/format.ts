import dayjs from 'dayjs';

/** Remaining time until `end` as 「X 天 X 小时 X 分」; undefined once it has passed. */
export function remaining(end: string, now: number = Date.now()): string | undefined {
  const ms = dayjs(end).valueOf() - now;
  if (ms <= 0) return undefined;
  const minutes = Math.floor(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return `${days} 天 ${hours} 小时 ${mins} 分`;
  if (hours > 0) return `${hours} 小时 ${mins} 分`;
  return `${Math.max(mins, 1)} 分钟`;
}

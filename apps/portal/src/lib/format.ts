import dayjs from 'dayjs';

export { formatDate, formatDateTime } from '@flagship/ui';

const yuan = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Amounts in yuan; large ones in 万元. */
export function formatBudget(value: number): string {
  if (value >= 10_000) return `${Number((value / 10_000).toFixed(2)).toLocaleString('zh-CN')} 万元`;
  return `${yuan.format(value)} 元`;
}

export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} B`;
}

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

/** Positive integer from a query string value, or undefined. */
export function toId(value: string | null): number | undefined {
  if (!value || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 && Number.isSafeInteger(n) ? n : undefined;
}

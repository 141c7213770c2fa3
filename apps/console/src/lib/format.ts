import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { SHANGHAI_OFFSET_MINUTES } from '@flagship/ui';

dayjs.extend(utc);

export { formatDate, formatDateTime, TIME_ZONE_LABEL } from '@flagship/ui';

/** ISO timestamp → the `YYYY-MM-DD HH:mm:ss` wall-time string a DateTimePicker holds (Beijing time). */
export function toShanghaiWallTime(value: string | null | undefined): string | null {
  return value ? dayjs(value).utcOffset(SHANGHAI_OFFSET_MINUTES).format('YYYY-MM-DD HH:mm:ss') : null;
}

/** A DateTimePicker's `YYYY-MM-DD HH:mm[:ss]` (Beijing time) → ISO 8601 with the +08:00 offset. */
export function fromShanghaiWallTime(value: string | null | undefined): string | null {
  if (!value) return null;
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(value);
  if (!match) return null;
  const [, date, hours, minutes, seconds = '00'] = match;
  return `${date}T${hours}:${minutes}:${seconds}+08:00`;
}

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

/** Positive integer from a path or query value, or undefined. */
export function toId(value: string | null | undefined): number | undefined {
  if (!value || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 && Number.isSafeInteger(n) ? n : undefined;
}

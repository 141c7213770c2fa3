import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { SHANGHAI_OFFSET_MINUTES } from '@flagship/ui';

dayjs.extend(utc);

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

import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

// Times are shown as Beijing time (Asia/Shanghai, UTC+8 all year, no daylight saving), whatever
// the time zone of the machine: the programme's deadlines are Beijing time, and a page rendered
// on the server must read the same as in the browser that hydrates it.
export const SHANGHAI_OFFSET_MINUTES = 8 * 60;
export const TIME_ZONE_LABEL = '北京时间（UTC+8）';

/** An ISO timestamp as Beijing wall time, e.g. `2026-03-01 09:00`. */
export function formatDateTime(value: string | null | undefined): string {
  return value ? dayjs(value).utcOffset(SHANGHAI_OFFSET_MINUTES).format('YYYY-MM-DD HH:mm') : '—';
}

export function formatDate(value: string | null | undefined): string {
  return value ? dayjs(value).utcOffset(SHANGHAI_OFFSET_MINUTES).format('YYYY-MM-DD') : '—';
}

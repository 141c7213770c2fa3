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

/**
 * A moment an applicant acts by (a deadline, an opening), with its zone: a browser elsewhere
 * must not read it as local time. `2026-11-26 17:30 北京时间（UTC+8）`.
 */
export function formatDeadline(value: string | null | undefined): string {
  return value ? `${formatDateTime(value)} ${TIME_ZONE_LABEL}` : '—';
}

/** A call's application period, worded as on the form page: `… 至 …，北京时间（UTC+8）`. */
export function formatPeriod(start: string | null | undefined, end: string | null | undefined): string {
  return `${formatDateTime(start)} 至 ${formatDateTime(end)}，${TIME_ZONE_LABEL}`;
}

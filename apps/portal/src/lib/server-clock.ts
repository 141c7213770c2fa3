import { useEffect, useState } from 'react';

/**
 * The server's clock as the browser can know it: every API answer carries a `Date` header (whole
 * seconds), so the server's time when it answered lies in [date, date + 1 s) and the browser's
 * time then in [sent, received]. Each answer bounds the offset (server − browser); the bounds of
 * several answers are intersected, and a contradiction (a clock was set) starts over.
 */
export interface OffsetBounds {
  low: number;
  high: number;
}

export function narrowOffset(bounds: OffsetBounds | undefined, date: string | null, sentAt: number, receivedAt: number): OffsetBounds | undefined {
  const server = date ? Date.parse(date) : NaN;
  if (!Number.isFinite(server) || receivedAt < sentAt) return bounds;
  const sample = { low: server - receivedAt, high: server + 1000 - sentAt };
  if (!bounds) return sample;
  const low = Math.max(bounds.low, sample.low);
  const high = Math.min(bounds.high, sample.high);
  return low <= high ? { low, high } : sample;
}

export const offsetOf = (bounds: OffsetBounds | undefined): number => (bounds ? Math.round((bounds.low + bounds.high) / 2) : 0);

let bounds: OffsetBounds | undefined;

/** Whether an answer of the server has been seen yet. */
export const hasServerTime = (): boolean => bounds !== undefined;

/** The server's time now, in ms; the browser's own until an answer has been seen (and on the server itself). */
export const serverNow = (): number => Date.now() + offsetOf(bounds);

/** `fetch` that reads the `Date` header of every answer; the SDK client of the browser uses it. */
export const clockedFetch: typeof fetch = async (input, init) => {
  const sentAt = Date.now();
  const response = await fetch(input, init);
  bounds = narrowOffset(bounds, response.headers.get('date'), sentAt, Date.now());
  return response;
};

/** The server's time, refreshed every `everyMs`; undefined until the page has hydrated. */
export function useServerNow(everyMs = 1000): number | undefined {
  const [now, setNow] = useState<number>();
  useEffect(() => {
    setNow(serverNow());
    const timer = setInterval(() => setNow(serverNow()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

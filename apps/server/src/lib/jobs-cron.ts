// The few cron expressions the in-process queue needs: five fields (minute hour day month weekday)
// of numbers, `*`, lists, ranges and steps, read in Beijing time like pg-boss's schedules here.
import { BEIJING_OFFSET_MS } from './beijing-time';

type Matcher = (value: number) => boolean;

function field(text: string, min: number, max: number, name: string): Matcher {
  const allowed = new Set<number>();
  for (const part of text.split(',')) {
    const [range = '', stepText] = part.split('/');
    const step = stepText === undefined ? 1 : Number(stepText);
    let [from, to] = [min, max];
    if (range !== '*') {
      const [a, b] = range.split('-');
      from = Number(a);
      to = b === undefined ? (stepText === undefined ? from : max) : Number(b);
    }
    if (![from, to, step].every(Number.isInteger) || step < 1 || from < min || to > max || from > to) {
      throw new Error(`Invalid cron ${name} field: ${text}`);
    }
    for (let v = from; v <= to; v += step) allowed.add(v);
  }
  return (value) => allowed.has(value);
}

/** A test of whether a minute (any Date inside it) matches `cron`; throws on an expression it cannot read. */
export function cronMatcher(cron: string): (at: Date) => boolean {
  const parts = cron.trim().split(/\s+/);
  if (parts.length !== 5) throw new Error(`Cron needs five fields (minute hour day month weekday): ${cron}`);
  const [minute, hour, day, month, weekday] = [
    field(parts[0]!, 0, 59, 'minute'),
    field(parts[1]!, 0, 23, 'hour'),
    field(parts[2]!, 1, 31, 'day'),
    field(parts[3]!, 1, 12, 'month'),
    field(parts[4]!.replace(/\b7\b/, '0'), 0, 6, 'weekday'),
  ];
  return (at) => {
    const t = new Date(at.getTime() + BEIJING_OFFSET_MS);
    return minute(t.getUTCMinutes()) && hour(t.getUTCHours()) && day(t.getUTCDate()) && month(t.getUTCMonth() + 1) && weekday(t.getUTCDay());
  };
}

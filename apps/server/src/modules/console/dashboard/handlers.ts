import {
  APPLY_STATUSES,
  AUTH_AGE_BUCKETS,
  DASHBOARD_DAYS,
  DASHBOARD_DEADLINE_WINDOW_HOURS,
  DASHBOARD_TOP_CALLS,
  type Dashboard,
  type StatusCounts,
} from '@flagship/api-client';
import type { AppContext } from '../../../context';
import type { Handlers } from '../../../http/endpoints';
import { BEIJING_OFFSET_MS, beijingYear } from '../../../lib/beijing-time';
import { isOutstanding, isOverdue } from '../../../shared/review-scoring';
import { amounts, callFigures, deadlineHours, reviewProgress, submissionsPerDay, waitingAuthentications } from './repository';

const DAY = 86_400_000;
const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));
const emptyCounts = (): StatusCounts => Object.fromEntries(APPLY_STATUSES.map((s) => [s, 0])) as StatusCounts;

/** The Beijing day of an instant, as YYYY-MM-DD. */
const beijingDay = (at: number) => new Date(at + BEIJING_OFFSET_MS).toISOString().slice(0, 10);

export function dashboardHandlers({ db }: AppContext): Pick<Handlers['console'], 'dashboard'> {
  // Staff opening the dashboard at the same moment share one reading: the figures are the same for
  // every role allowed, and at programme scale a reading costs seconds of database time.
  let inFlight: Promise<Dashboard> | undefined;
  return {
    dashboard: () => {
      inFlight ??= figures().finally(() => {
        inFlight = undefined;
      });
      return inFlight;
    },
  };

  async function figures(): Promise<Dashboard> {
    const now = new Date();
    const since = new Date(`${beijingDay(now.getTime() - (DASHBOARD_DAYS - 1) * DAY)}T00:00:00+08:00`);
    // Independent queries: concurrent on a pool, queued on PGlite's one connection.
    const [perCall, perDay, nearDeadline, waiting, progress, money] = await Promise.all([
      callFigures(db, now, DASHBOARD_DAYS, DASHBOARD_TOP_CALLS),
      submissionsPerDay(db, since),
      deadlineHours(db, now, DASHBOARD_DEADLINE_WINDOW_HOURS, DASHBOARD_TOP_CALLS),
      waitingAuthentications(db, now),
      reviewProgress(db, now, DASHBOARD_TOP_CALLS),
      amounts(db, beijingYear(now)),
    ]);

    const countsOf = (row: (typeof perCall)[number]) => Object.fromEntries(APPLY_STATUSES.map((s) => [s, row[s]])) as StatusCounts;
    const byTotal = perCall
      .filter((row) => row.by_total <= DASHBOARD_TOP_CALLS)
      .sort((a, b) => a.by_total - b.by_total)
      .map((row) => ({ projectId: row.project_id, title: row.title, applyEnd: toDate(row.apply_end).toISOString(), counts: countsOf(row) }));
    const mostDrafts = perCall.filter((row) => row.open && row.by_drafts <= DASHBOARD_TOP_CALLS).sort((a, b) => a.by_drafts - b.by_drafts);
    // The sums over every call ride on each row; what the top calls do not hold is the rest.
    const sums = perCall[0];
    const otherCounts = emptyCounts();
    if (sums) for (const s of APPLY_STATUSES) otherCounts[s] = sums[`all_${s}`] - byTotal.reduce((sum, call) => sum + call.counts[s], 0);

    const days = new Map(perDay.map((r) => [r.day, r.n]));
    const deadlineCalls = new Map<number, Dashboard['deadlineCalls'][number]>();
    for (const row of nearDeadline) {
      const call = deadlineCalls.get(row.project_id) ?? { projectId: row.project_id, title: row.title, applyEnd: toDate(row.apply_end).toISOString(), perHour: [] };
      if (row.hour !== null) call.perHour.push({ hour: toDate(row.hour).toISOString(), count: row.n });
      deadlineCalls.set(row.project_id, call);
    }
    for (const call of deadlineCalls.values()) call.perHour.sort((a, b) => a.hour.localeCompare(b.hour));

    const rounds = new Map<number, Dashboard['reviews'][number]>();
    for (const row of progress) {
      const reviewEndsAt = toDate(row.review_ends_at);
      const round = rounds.get(row.project_id) ?? { projectId: row.project_id, title: row.title, roundNumber: row.round_number, reviewEndsAt: reviewEndsAt.toISOString(), done: 0, outstanding: 0, overdue: 0 };
      if (row.status === 'submitted') round.done += row.n;
      else if (row.status !== null && isOutstanding(row.status)) {
        round.outstanding += row.n;
        if (isOverdue(row.status, { reviewEndsAt }, now)) round.overdue += row.n;
      }
      rounds.set(row.project_id, round);
    }

    const ages = new Map(waiting.map((r) => [r.bucket, r.n]));
    return {
      generatedAt: now.toISOString(),
      calls: byTotal,
      otherCalls: { calls: (sums?.calls ?? 0) - byTotal.length, counts: otherCounts },
      submissionsPerDay: Array.from({ length: DASHBOARD_DAYS }, (_, i) => {
        const day = beijingDay(since.getTime() + i * DAY);
        return { day, count: days.get(day) ?? 0 };
      }),
      deadlineCalls: [...deadlineCalls.values()].sort((a, b) => a.applyEnd.localeCompare(b.applyEnd)),
      drafts: mostDrafts.map((row) => ({ projectId: row.project_id, title: row.title, drafts: row.draft })),
      otherDrafts: (sums?.all_open_drafts ?? 0) - mostDrafts.reduce((sum, row) => sum + row.draft, 0),
      authentications: {
        waiting: waiting.reduce((sum, r) => sum + r.n, 0),
        ages: AUTH_AGE_BUCKETS.map((bucket) => ({ bucket, count: ages.get(bucket) ?? 0 })),
      },
      reviews: [...rounds.values()].sort((a, b) => a.reviewEndsAt.localeCompare(b.reviewEndsAt)),
      amounts: money.map((r) => ({
        categoryId: r.category_id,
        categoryName: r.category_name ?? '未分类',
        regionId: r.region_id,
        regionName: r.region_name ?? '未指定地区',
        requested: Number(r.requested),
        granted: Number(r.granted),
      })),
    };
  }
}

import { z } from 'zod';
import { APPLY_STATUSES } from './project';

// The programme dashboard (issue 14): where the round stands, in aggregate figures. Each figure
// carries the ids the console needs to link to the list behind it.

/** Calls shown one by one in the per-call charts; the rest are summed into `otherCalls`. */
export const DASHBOARD_TOP_CALLS = 8;
/** Days of the submissions-per-day chart. */
export const DASHBOARD_DAYS = 30;
/** A deadline is "near or just passed" within this many hours either side of now. */
export const DASHBOARD_DEADLINE_WINDOW_HOURS = 48;

export const statusCountsSchema = z.object(Object.fromEntries(APPLY_STATUSES.map((s) => [s, z.number().int()])) as Record<(typeof APPLY_STATUSES)[number], z.ZodNumber>);
export type StatusCounts = z.infer<typeof statusCountsSchema>;

export const AUTH_AGE_BUCKETS = ['lt1d', 'd1to3', 'd3to7', 'gt7d'] as const;
export type AuthAgeBucket = (typeof AUTH_AGE_BUCKETS)[number];
export const AUTH_AGE_BUCKET_LABELS: Record<AuthAgeBucket, string> = { lt1d: '不足 1 天', d1to3: '1–3 天', d3to7: '3–7 天', gt7d: '超过 7 天' };

export const dashboardSchema = z.object({
  generatedAt: z.string(),
  /** Open calls and calls closed in the last DASHBOARD_DAYS days, the largest first. */
  calls: z.array(z.object({ projectId: z.number().int(), title: z.string(), applyEnd: z.string(), counts: statusCountsSchema })),
  otherCalls: z.object({ calls: z.number().int(), counts: statusCountsSchema }),
  /** First submissions per Beijing day, oldest first, every day present. */
  submissionsPerDay: z.array(z.object({ day: z.string(), count: z.number().int() })),
  /** Calls whose deadline is within DASHBOARD_DEADLINE_WINDOW_HOURS of now: submissions per hour in the 48 hours before it. */
  deadlineCalls: z.array(
    z.object({
      projectId: z.number().int(),
      title: z.string(),
      applyEnd: z.string(),
      perHour: z.array(z.object({ hour: z.string(), count: z.number().int() })),
    }),
  ),
  /** Drafts not yet sent, per open call, the most first (top calls; the rest summed). */
  drafts: z.array(z.object({ projectId: z.number().int(), title: z.string(), drafts: z.number().int() })),
  otherDrafts: z.number().int(),
  authentications: z.object({ waiting: z.number().int(), ages: z.array(z.object({ bucket: z.enum(AUTH_AGE_BUCKETS), count: z.number().int() })) }),
  /** Per call's current round: assignments done, outstanding, and outstanding past the reviewing phase. */
  reviews: z.array(
    z.object({
      projectId: z.number().int(),
      title: z.string(),
      roundNumber: z.number().int(),
      reviewEndsAt: z.string(),
      done: z.number().int(),
      outstanding: z.number().int(),
      overdue: z.number().int(),
    }),
  ),
  /** Yuan, per the call's category and region (calls of the current year). */
  amounts: z.array(
    z.object({
      categoryId: z.number().int().nullable(),
      categoryName: z.string(),
      regionId: z.number().int().nullable(),
      regionName: z.string(),
      requested: z.number(),
      granted: z.number(),
    }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

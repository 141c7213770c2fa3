// The dashboard's figures. Those over applications read the stored counts that triggers keep
// (application_counts, submission_hours: migrations 0012 and 0013), not the million rows themselves; the
// small pages (authentications, review rounds) stay live aggregates. The database session runs on
// Beijing time (db/client.ts), so date_trunc gives Beijing days.
import { APPLY_STATUSES, ENTERPRISE_AUTH_STATUS, type ApplyStatus, type AssignmentStatus, type AuthAgeBucket } from '@flagship/api-client';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { reviewRounds } from '../../../db/schema';
import { rowsOf } from '../../../lib/rows';
import { CURRENT_ROUND } from '../../../shared/review-rounds-repository';

const DAY = 86_400_000;

type StatusColumns = Record<ApplyStatus, number> & Record<`all_${ApplyStatus}`, number>;

/**
 * Open calls and those closed within `days`, ranked in the database so that only the calls shown
 * travel: the `limit` with most live applications (`by_total`), and the `limit` open ones with most
 * drafts (`by_drafts`), each with its count per status. Every row also carries the sums over all
 * those calls (`calls`, `all_<status>`, `all_open_drafts`), from which the rest is told.
 */
export async function callFigures(db: Executor, now: Date, days: number, limit: number) {
  const perStatus = sql.join(
    APPLY_STATUSES.map((status) => sql`coalesce(sum(c.n) filter (where c.status = ${status}), 0)::int as ${sql.identifier(status)}`),
    sql`, `,
  );
  const sums = sql.join(
    APPLY_STATUSES.map((status) => sql`sum(${sql.identifier(status)}) over ()::int as ${sql.identifier(`all_${status}`)}`),
    sql`, `,
  );
  return rowsOf<StatusColumns & { project_id: number; title: string; apply_end: Date | string; open: boolean; by_total: number; by_drafts: number; calls: number; all_open_drafts: number }>(
    await db.execute(sql`with per_call as (
        select p.id, p.apply_end, p.apply_end >= ${now} as open, sum(c.n)::int as total, ${perStatus}
        from projects p join application_counts c on c.project_id = p.id and c.n > 0
        where p.published and p.apply_start <= ${now} and p.apply_end >= ${new Date(now.getTime() - days * DAY)}
        group by p.id, p.apply_end),
      ranked as (
        select per_call.*, ${sums},
          row_number() over (order by total desc, id)::int as by_total,
          row_number() over (partition by open order by draft desc, id)::int as by_drafts,
          count(*) over ()::int as calls,
          coalesce(sum(draft) filter (where open) over (), 0)::int as all_open_drafts
        from per_call)
      select ranked.*, ranked.id as project_id, p.title
      from ranked join projects p on p.id = ranked.id
      where ranked.by_total <= ${limit} or (ranked.open and ranked.by_drafts <= ${limit})`),
  );
}

/** Submissions of live applications per Beijing day since `since` (a Beijing midnight, so a whole hour). */
export async function submissionsPerDay(db: Executor, since: Date) {
  return rowsOf<{ day: string; n: number }>(
    await db.execute(sql`select to_char(date_trunc('day', hour), 'YYYY-MM-DD') as day, sum(n)::int as n
      from submission_hours where hour >= ${since} and n > 0 group by 1`),
  );
}

/**
 * Calls whose deadline is within `hours` of now, and their submissions per hour in the `hours`
 * before it: the stored hours from the one holding the window's start to the one holding the deadline.
 */
export async function deadlineHours(db: Executor, now: Date, hours: number, limit: number) {
  return rowsOf<{ project_id: number; title: string; apply_end: Date | string; hour: Date | string | null; n: number }>(
    await db.execute(sql`with near as (
        select id, title, apply_end from projects
        where published and apply_end between ${new Date(now.getTime() - hours * 3_600_000)} and ${new Date(now.getTime() + hours * 3_600_000)}
        order by apply_end limit ${limit})
      select near.id as project_id, near.title, near.apply_end, h.hour, coalesce(h.n, 0)::int as n
      from near left join submission_hours h on h.project_id = near.id and h.n > 0
        and h.hour >= date_trunc('hour', near.apply_end - ${hours} * interval '1 hour', 'UTC') and h.hour < near.apply_end`),
  );
}

/** Authentications waiting for their decision, by age. */
export async function waitingAuthentications(db: Executor, now: Date) {
  return rowsOf<{ bucket: AuthAgeBucket; n: number }>(
    await db.execute(sql`select case
          when created_at > ${new Date(now.getTime() - DAY)} then 'lt1d'
          when created_at > ${new Date(now.getTime() - 3 * DAY)} then 'd1to3'
          when created_at > ${new Date(now.getTime() - 7 * DAY)} then 'd3to7'
          else 'gt7d' end as bucket, count(*)::int as n
      from enterprise_authentications where status = ${ENTERPRISE_AUTH_STATUS.AUTHING} group by 1`),
  );
}

/** Assignments per status of the current rounds of the `limit` calls whose reviewing closes nearest to now. */
export async function reviewProgress(db: Executor, now: Date, limit: number) {
  return rowsOf<{ project_id: number; title: string; round_number: number; review_ends_at: Date | string; status: AssignmentStatus | null; n: number }>(
    await db.execute(sql`with rounds as (
        select ${reviewRounds.id} as id, ${reviewRounds.projectId} as project_id, ${reviewRounds.number} as number, ${reviewRounds.reviewEndsAt} as review_ends_at
        from ${reviewRounds} where ${CURRENT_ROUND}
        order by abs(extract(epoch from ${reviewRounds.reviewEndsAt} - ${now}::timestamptz)) limit ${limit})
      select r.project_id, p.title, r.number as round_number, r.review_ends_at, ra.status, count(ra.id)::int as n
      from rounds r join projects p on p.id = r.project_id
        left join review_assignments ra on ra.round_id = r.id
      group by r.project_id, p.title, r.number, r.review_ends_at, ra.status`),
  );
}

/**
 * Yuan requested (applications sent to staff, from the stored counts) and granted (published
 * announcements), per the call's category and region, for the calls of `year`. Which form field is
 * the requested amount: `amount_field_key` in migration 0022.
 */
export async function amounts(db: Executor, year: number) {
  return rowsOf<{ category_id: number | null; category_name: string | null; region_id: number | null; region_name: string | null; requested: string | number; granted: string | number }>(
    await db.execute(sql`with money as (
        select p.category_id, p.region_id, c.requested, 0 as granted
        from application_counts c join projects p on p.id = c.project_id
        where p.year = ${year} and c.status in ('submitted', 'reviewing', 'returned', 'approved', 'rejected') and c.n > 0
        union all
        select p.category_id, p.region_id, 0, i.amount_granted
        from result_announcements ann join projects p on p.id = ann.project_id
          join result_announcement_items i on i.announcement_id = ann.id
        where p.year = ${year} and ann.status = 'published'),
      per_place as (
        select category_id, region_id, coalesce(sum(requested), 0) as requested, coalesce(sum(granted), 0) as granted
        from money group by category_id, region_id)
      select pp.category_id, cat.name as category_name, pp.region_id, reg.name as region_name, pp.requested, pp.granted
      from per_place pp
        left join categories cat on cat.id = pp.category_id
        left join regions reg on reg.id = pp.region_id
      order by pp.requested desc, pp.category_id, pp.region_id`),
  );
}

// The dashboard's figures. Those over applications read the stored counts that triggers keep
// (application_counts, submission_hours: migrations 0012 and 0013), not the million rows themselves; the
// small pages (authentications, review rounds) stay live aggregates. The database session runs on
// Beijing time (db/client.ts), so date_trunc gives Beijing days.
import { ENTERPRISE_AUTH_STATUS, type AssignmentStatus, type AuthAgeBucket } from '@flagship/api-client';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { reviewRounds } from '../../../db/schema';
import { rowsOf } from '../../../lib/rows';
import { CURRENT_ROUND } from '../../../shared/review-rounds-repository';

const DAY = 86_400_000;

/** Open calls and those closed within `days`: live applications per call and status. */
export async function countsPerCall(db: Executor, now: Date, days: number) {
  return rowsOf<{ project_id: number; title: string; apply_end: Date | string; status: string; n: number }>(
    await db.execute(sql`select p.id as project_id, p.title, p.apply_end, c.status, c.n
      from projects p join application_counts c on c.project_id = p.id and c.n > 0
      where p.published and p.apply_start <= ${now} and p.apply_end >= ${new Date(now.getTime() - days * DAY)}`),
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
 * the requested amount: `requested_amount_of` in migration 0013.
 */
export async function amounts(db: Executor, year: number) {
  return rowsOf<{ category_id: number | null; category_name: string | null; region_id: number | null; region_name: string | null; requested: string | number; granted: string | number }>(
    await db.execute(sql`with calls as (
        select id, category_id, region_id from projects where year = ${year}),
      requested as (
        select c.project_id, sum(c.requested) as amount
        from application_counts c join calls on calls.id = c.project_id
        where c.status in ('submitted', 'reviewing', 'returned', 'approved', 'rejected') and c.n > 0
        group by c.project_id),
      granted as (
        select ann.project_id, sum(i.amount_granted) as amount
        from result_announcements ann join calls on calls.id = ann.project_id
          join result_announcement_items i on i.announcement_id = ann.id
        where ann.status = 'published'
        group by ann.project_id),
      per_call as (
        select coalesce(r.project_id, g.project_id) as project_id, coalesce(r.amount, 0) as requested, coalesce(g.amount, 0) as granted
        from requested r full join granted g on g.project_id = r.project_id)
      select c.category_id, cat.name as category_name, c.region_id, reg.name as region_name,
        sum(pc.requested) as requested, sum(pc.granted) as granted
      from per_call pc join calls c on c.id = pc.project_id
        left join categories cat on cat.id = c.category_id
        left join regions reg on reg.id = c.region_id
      group by c.category_id, cat.name, c.region_id, reg.name
      order by sum(pc.requested) desc, c.category_id, c.region_id`),
  );
}

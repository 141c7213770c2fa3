// The dashboard's figures, each one aggregate query (group by). The database session runs on
// Beijing time (db/client.ts), so date_trunc gives Beijing days and hours.
import { ENTERPRISE_AUTH_STATUS, type AssignmentStatus, type AuthAgeBucket } from '@flagship/api-client';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { reviewRounds } from '../../../db/schema';
import { rowsOf } from '../../../lib/rows';
import { CURRENT_ROUND } from '../../../shared/review-rounds-repository';

const DAY = 86_400_000;

/** Open calls and those closed within `days`: applications per call and status. */
export async function countsPerCall(db: Executor, now: Date, days: number) {
  return rowsOf<{ project_id: number; title: string; apply_end: Date | string; status: string; n: number }>(
    await db.execute(sql`select p.id as project_id, p.title, p.apply_end, a.status, count(*)::int as n
      from projects p join applications a on a.project_id = p.id and a.deleted_at is null
      where p.published and p.apply_start <= ${now} and p.apply_end >= ${new Date(now.getTime() - days * DAY)}
      group by p.id, a.status`),
  );
}

/** First submissions per Beijing day since `since`. */
export async function submissionsPerDay(db: Executor, since: Date) {
  return rowsOf<{ day: string; n: number }>(
    await db.execute(sql`select to_char(date_trunc('day', submitted_at), 'YYYY-MM-DD') as day, count(*)::int as n
      from applications where submitted_at >= ${since} and deleted_at is null group by 1`),
  );
}

/** Calls whose deadline is within `hours` of now, and their submissions per hour in the `hours` before it. */
export async function deadlineHours(db: Executor, now: Date, hours: number, limit: number) {
  return rowsOf<{ project_id: number; title: string; apply_end: Date | string; hour: Date | string | null; n: number }>(
    await db.execute(sql`with near as (
        select id, title, apply_end from projects
        where published and apply_end between ${new Date(now.getTime() - hours * 3_600_000)} and ${new Date(now.getTime() + hours * 3_600_000)}
        order by apply_end limit ${limit})
      select near.id as project_id, near.title, near.apply_end, date_trunc('hour', a.submitted_at) as hour, count(a.id)::int as n
      from near left join applications a on a.project_id = near.id and a.deleted_at is null
        and a.submitted_at > near.apply_end - ${hours} * interval '1 hour' and a.submitted_at <= near.apply_end
      group by near.id, near.title, near.apply_end, 4`),
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
 * Yuan requested (applications sent to staff) and granted (published announcements), per the
 * call's category and region, for the calls of `year`. The requested amount is the form's
 * top-level money field keyed `requestedAmount`, else the first one labelled 申请…: forms have no
 * marker of their own, and every demo form names it so.
 */
export async function amounts(db: Executor, year: number) {
  return rowsOf<{ category_id: number | null; category_name: string | null; region_id: number | null; region_name: string | null; requested: string | number; granted: string | number }>(
    await db.execute(sql`with calls as (
        select id, category_id, region_id from projects where year = ${year}),
      amount_keys as materialized (
        select f.id as form_id, (
          select fld->>'key' from jsonb_array_elements(f.fields) with ordinality e(fld, i)
          where fld->>'kind' = 'money' and (fld->>'key' = 'requestedAmount' or fld->>'label' like '申请%')
          order by (fld->>'key' = 'requestedAmount') desc, i limit 1) as key
        from forms f join calls on calls.id = f.project_id),
      requested as (
        select a.project_id, sum(case when jsonb_typeof(a.data->k.key) = 'number' then (a.data->>k.key)::numeric else 0 end) as amount
        from amount_keys k join applications a on a.form_id = k.form_id
        where k.key is not null and a.submitted_at is not null and a.deleted_at is null
          and a.status in ('submitted', 'reviewing', 'returned', 'approved', 'rejected')
        group by a.project_id),
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

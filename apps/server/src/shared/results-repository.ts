// The open data of results announcements (issue 14): the funded projects of published announcements
// and the notices the portal links to. Read by the public results handlers.
import type { FundedProject, ResultNotice } from '@flagship/api-client';
import { and, asc, desc, eq, gt, inArray, min, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../db/client';
import { keptUntilChanged, PROJECTS_CHANGED, RESULTS_CHANGED } from '../db/kept-until-changed';
import { perDatabase } from '../db/per-database';
import { projects, resultAnnouncementItems, resultAnnouncements } from '../db/schema';
import { escapeLike, likePattern } from './like-pattern';

/** The content group's endpoints served by the results handlers. */
export type ResultsPublicEndpoint = 'fundedList' | 'fundedCsv' | 'fundedXlsx' | 'resultNotices';

// ---------------------------------------------------------------------------------------------
// The open list: items of published announcements.

export interface FundedFilter {
  year?: number;
  category?: string;
  region?: string;
  keyword?: string;
}

function fundedWhere(filter: FundedFilter): SQL {
  const conditions: SQL[] = [eq(resultAnnouncements.status, 'published')];
  if (filter.year !== undefined) conditions.push(eq(projects.year, filter.year));
  if (filter.category) conditions.push(eq(resultAnnouncementItems.category, filter.category));
  if (filter.region) conditions.push(sql`(${resultAnnouncementItems.region} = ${filter.region} or ${resultAnnouncementItems.region} like ${`${escapeLike(filter.region)}/%`})`);
  if (filter.keyword) {
    const pattern = likePattern(filter.keyword);
    conditions.push(sql`(${resultAnnouncementItems.title} like ${pattern} or ${resultAnnouncementItems.organisation} like ${pattern})`);
  }
  return and(...conditions) as SQL;
}

const fundedFrom = (db: Executor) =>
  db
    .select({
      announcementId: resultAnnouncements.id,
      policyId: resultAnnouncements.policyId,
      projectId: projects.id,
      callTitle: projects.title,
      year: projects.year,
      title: resultAnnouncementItems.title,
      organisation: resultAnnouncementItems.organisation,
      region: resultAnnouncementItems.region,
      category: resultAnnouncementItems.category,
      amountGranted: resultAnnouncementItems.amountGranted,
      publishedAt: resultAnnouncements.publishedAt,
    })
    .from(resultAnnouncementItems)
    .innerJoin(resultAnnouncements, eq(resultAnnouncements.id, resultAnnouncementItems.announcementId))
    .innerJoin(projects, eq(projects.id, resultAnnouncements.projectId));

/** Funded projects, newest call year first; `limit` undefined reads them all (for the downloads). */
export async function fundedRows(db: Executor, filter: FundedFilter, limit?: number, offset = 0): Promise<FundedProject[]> {
  const query = fundedFrom(db)
    .where(fundedWhere(filter))
    .orderBy(desc(projects.year), desc(resultAnnouncements.publishedAt), asc(resultAnnouncements.id), asc(resultAnnouncementItems.position));
  const rows = limit === undefined ? await query : await query.limit(limit).offset(offset);
  return rows.map((r) => ({ ...r, amountGranted: Number(r.amountGranted ?? 0), publishedAt: (r.publishedAt ?? new Date(0)).toISOString() }));
}

export async function fundedTotals(db: Executor, filter: FundedFilter): Promise<{ count: number; amountGranted: number }> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, amount: sql<string>`coalesce(sum(${resultAnnouncementItems.amountGranted}), 0)::text` })
    .from(resultAnnouncementItems)
    .innerJoin(resultAnnouncements, eq(resultAnnouncements.id, resultAnnouncementItems.announcementId))
    .innerJoin(projects, eq(projects.id, resultAnnouncements.projectId))
    .where(fundedWhere(filter));
  return { count: Number(row?.count ?? 0), amountGranted: Number(row?.amount ?? 0) };
}

/** What the filters offer: every published year, category and top-level region. */
export async function fundedFacets(db: Executor): Promise<{ years: number[]; categories: string[]; regions: string[] }> {
  const published = eq(resultAnnouncements.status, 'published');
  const distinct = (value: SQL) =>
    db
      .selectDistinct({ v: value })
      .from(resultAnnouncementItems)
      .innerJoin(resultAnnouncements, eq(resultAnnouncements.id, resultAnnouncementItems.announcementId))
      .innerJoin(projects, eq(projects.id, resultAnnouncements.projectId))
      .where(published);
  const [years, cats, regions] = await Promise.all([
    distinct(sql`${projects.year}`),
    distinct(sql`${resultAnnouncementItems.category}`),
    distinct(sql`split_part(${resultAnnouncementItems.region}, '/', 1)`),
  ]);
  return {
    years: years.map((r) => Number(r.v)).sort((a, b) => b - a),
    categories: cats.map((r) => String(r.v)).filter(Boolean).sort(),
    regions: regions.map((r) => String(r.v)).filter(Boolean).sort(),
  };
}

/** Notices for the portal: a call's published and withdrawn ones, or all whose objection period runs at `now`. */
async function resultNotices(db: Executor, projectId: number | undefined, now: Date): Promise<ResultNotice[]> {
  const where =
    projectId !== undefined
      ? and(eq(resultAnnouncements.projectId, projectId), inArray(resultAnnouncements.status, ['published', 'withdrawn']))
      : and(eq(resultAnnouncements.status, 'published'), sql`${resultAnnouncements.objectionStartsAt} <= ${now}`, sql`${resultAnnouncements.objectionEndsAt} > ${now}`);
  const rows = await db
    .select({ a: resultAnnouncements, projectTitle: projects.title })
    .from(resultAnnouncements)
    .innerJoin(projects, eq(projects.id, resultAnnouncements.projectId))
    .where(where)
    .orderBy(desc(resultAnnouncements.publishedAt))
    .limit(20);
  return rows.map(({ a, projectTitle }) => ({
    id: a.id,
    projectId: a.projectId,
    projectTitle,
    title: a.title,
    policyId: a.policyId,
    status: a.status,
    objectionStartsAt: a.objectionStartsAt.toISOString(),
    objectionEndsAt: a.objectionEndsAt.toISOString(),
    withdrawalReason: a.withdrawalReason,
  }));
}

/** Calls whose notices are kept at once (most have none: an empty list is kept too). */
const MAX_KEPT_NOTICES = 2_000;

const keptNoticesOf = perDatabase((db: Database, log?: FastifyBaseLogger) =>
  keptUntilChanged<ResultNotice[]>(db, { channel: [RESULTS_CHANGED, PROJECTS_CHANGED], maxEntries: MAX_KEPT_NOTICES, maxAgeMs: 5 * 60_000, what: 'results notices', log }),
);

/**
 * `resultNotices` as now, kept by each instance until an announcement or a call changes
 * (db/kept-until-changed.ts): every call page asks for its call's, signed in or not. The notices
 * of no call in particular (those whose objection period runs) are kept only until the first of
 * them ends or the next one's begins.
 */
export function keptResultNotices(db: Database, projectId: number | undefined, log?: FastifyBaseLogger): Promise<ResultNotice[]> {
  return keptNoticesOf(db, log).get(projectId === undefined ? 'running' : String(projectId), async () => {
    const now = new Date();
    if (projectId !== undefined) return { value: await resultNotices(db, projectId, now), until: Number.POSITIVE_INFINITY };
    const [running, [next]] = await Promise.all([
      resultNotices(db, undefined, now),
      db
        .select({ startsAt: min(resultAnnouncements.objectionStartsAt) })
        .from(resultAnnouncements)
        .where(and(eq(resultAnnouncements.status, 'published'), gt(resultAnnouncements.objectionStartsAt, now))),
    ]);
    const ends = running.map((notice) => Date.parse(notice.objectionEndsAt));
    return { value: running, until: Math.min(next?.startsAt?.getTime() ?? Number.POSITIVE_INFINITY, ...ends) };
  });
}

import type { ApplyStatus, ApplySummary, ProjectStatus, ProjectSummary } from '@flagship/api-client';
import { and, asc, desc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { CallListCache, CountedSegments } from './list-counts';
import { categories, projects, regions } from '../../db/schema';
import { pageWindow } from '../../lib/paging';
import { myApplicationSummaries, myApplicationsOfProject, myApplicationsPage, toApplySummary, countMyApplications } from '../../shared/applications-repository';
import type { KeptCalls } from '../../shared/kept-calls-repository';
import { keywordCondition } from '../../shared/search-repository';
import { projectSummaryColumns, toProjectSummary, type ProjectSummaryRow } from '../../shared/projects-repository';

const now = sql`now()`;

type Segment = 'open' | 'upcoming' | 'closed';

/**
 * The list shows open calls first (nearest deadline first), then upcoming ones (soonest start),
 * then closed ones (latest first). Each status is a range on the window columns with an order an
 * index can serve, so a page is read segment by segment instead of sorting every call.
 */
const SEGMENTS: Record<Segment, { where: SQL; orderBy: SQL[] }> = {
  open: { where: and(lte(projects.applyStart, now), gt(projects.applyEnd, now)) as SQL, orderBy: [asc(projects.applyEnd), desc(projects.id)] },
  upcoming: { where: gt(projects.applyStart, now), orderBy: [asc(projects.applyStart), desc(projects.id)] },
  closed: { where: lte(projects.applyEnd, now), orderBy: [desc(projects.applyEnd), desc(projects.id)] },
};

function segmentsOf(status: ProjectStatus | 'active' | undefined): Segment[] {
  if (status === 'active') return ['open', 'upcoming'];
  return status ? [status] : ['open', 'upcoming', 'closed'];
}

export interface ProjectListFilter {
  page: number;
  pageSize: number;
  keyword?: string | undefined;
  categoryId?: number | undefined;
  regionId?: number | undefined;
  status?: ProjectStatus | 'active' | undefined;
  year?: number | undefined;
}

/** How many calls match `where` in each segment, and when the next one opens or closes (database clock). */
async function countSegments(db: Database, where: SQL | undefined): Promise<CountedSegments> {
  const [row] = await db
    .select({
      open: sql<number>`count(*) filter (where ${SEGMENTS.open.where})`.mapWith(Number),
      upcoming: sql<number>`count(*) filter (where ${SEGMENTS.upcoming.where})`.mapWith(Number),
      closed: sql<number>`count(*) filter (where ${SEGMENTS.closed.where})`.mapWith(Number),
      next: sql<number | null>`extract(epoch from least(min(${projects.applyStart}) filter (where ${projects.applyStart} > now()), min(${projects.applyEnd}) filter (where ${projects.applyEnd} > now())))`.mapWith(Number),
      now: sql<number>`extract(epoch from now())`.mapWith(Number),
    })
    .from(projects)
    .where(where);
  return { open: row?.open ?? 0, upcoming: row?.upcoming ?? 0, closed: row?.closed ?? 0, nextChangeEpoch: row?.next ?? null, nowEpoch: row?.now ?? Date.now() / 1000 };
}

export async function listProjects(db: Database, cache: CallListCache, filter: ProjectListFilter) {
  const key = JSON.stringify([filter.categoryId, filter.regionId, filter.year, filter.keyword]);
  const list = await cache.page(JSON.stringify([key, filter.status, filter.page, filter.pageSize]), () => readListPage(db, cache, key, filter));
  return { ...list, page: filter.page, pageSize: filter.pageSize };
}

async function readListPage(db: Database, cache: CallListCache, key: string, filter: ProjectListFilter) {
  const common = and(
    eq(projects.published, true),
    filter.categoryId ? eq(projects.categoryId, filter.categoryId) : undefined,
    filter.regionId ? eq(projects.regionId, filter.regionId) : undefined,
    filter.year ? eq(projects.year, filter.year) : undefined,
    keywordCondition(projects.searchVector, filter.keyword),
  );
  const segments = segmentsOf(filter.status);
  const { counts, until } = await cache.counts(key, () => countSegments(db, common));
  const list: ProjectSummary[] = [];
  let skip = (filter.page - 1) * filter.pageSize;
  let total = 0;
  for (const segment of segments) {
    const size = counts[segment];
    total += size;
    const want = filter.pageSize - list.length;
    if (want <= 0 || skip >= size) {
      skip = Math.max(0, skip - size);
      continue;
    }
    const rows = await db
      .select(projectSummaryColumns)
      .from(projects)
      .leftJoin(categories, eq(categories.id, projects.categoryId))
      .leftJoin(regions, eq(regions.id, projects.regionId))
      .where(and(common, SEGMENTS[segment].where))
      .orderBy(...SEGMENTS[segment].orderBy)
      .limit(want)
      .offset(skip);
    // The status is the segment the database read the row in: a kept page and its expiry follow
    // the database's clock, which may differ from this process's by a little.
    list.push(...rows.map((r) => ({ ...toProjectSummary(r as ProjectSummaryRow), status: segment })));
    skip = 0;
  }
  // Until a call of the filter opens or closes, no call moves between segments and no status changes.
  return { page: { list, total }, until };
}

/** My applications to a call (newest first), e.g. to show my status on each of its forms. */
export async function myApplySummaries(db: Database, calls: KeptCalls, userId: number, projectId: number): Promise<ApplySummary[]> {
  const rows = await myApplicationsOfProject(db, userId, projectId);
  return (await calls.titled(rows)).map(toApplySummary);
}

/** A page of my applications, newest first. */
export async function myApplyPage(db: Database, calls: KeptCalls, userId: number, query: { status?: ApplyStatus | undefined; page: number; pageSize: number }) {
  const filter = { status: query.status };
  const { limit, offset } = pageWindow(query.page, query.pageSize);
  // The whole list (no status filter) is what the user centre opens with: its query is prepared.
  const { rows, total } = filter.status
    ? { rows: await myApplicationSummaries(db, userId, filter).limit(limit).offset(offset), total: await countMyApplications(db, userId, filter) }
    : await myApplicationsPage(db, userId, limit, offset);
  return { list: (await calls.titled(rows)).map(toApplySummary), total, page: query.page, pageSize: query.pageSize };
}

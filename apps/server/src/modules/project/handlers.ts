import type { ProjectStatus, ProjectSummary } from '@flagship/api-client';
import { and, asc, desc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { categories, forms, projects, regions } from '../../db/schema';
import { searchQuery } from '../../db/search';
import type { Handlers } from '../../http/endpoints';
import { notFound } from '../../http/errors';
import { applicationReadHandlers, myApplySummaries } from '../apply/handlers';
import { iso } from '../../lib/dates';

/** A call's status follows from its window. */
export function projectStatus(applyStart: Date, applyEnd: Date, now = new Date()): ProjectStatus {
  if (now < applyStart) return 'upcoming';
  if (now > applyEnd) return 'closed';
  return 'open';
}

export const projectSummaryColumns = {
  id: projects.id,
  title: projects.title,
  categoryId: projects.categoryId,
  categoryName: categories.name,
  regionId: projects.regionId,
  regionName: regions.name,
  cover: projects.cover,
  summary: projects.summary,
  budget: projects.budget,
  budgetNote: projects.budgetNote,
  applyStart: projects.applyStart,
  applyEnd: projects.applyEnd,
  year: projects.year,
};

type SummaryRow = { [K in keyof typeof projectSummaryColumns]: (typeof projectSummaryColumns)[K]['_']['data'] | null } & {
  id: number;
  title: string;
  applyStart: Date;
  applyEnd: Date;
};

export function toProjectSummary(row: SummaryRow): ProjectSummary {
  return {
    id: row.id,
    title: row.title,
    categoryId: row.categoryId ?? null,
    categoryName: row.categoryName ?? null,
    regionId: row.regionId ?? null,
    regionName: row.regionName ?? null,
    cover: row.cover ?? null,
    summary: row.summary ?? '',
    budget: Number(row.budget ?? 0),
    budgetNote: row.budgetNote ?? '',
    applyStart: iso(row.applyStart),
    applyEnd: iso(row.applyEnd),
    year: row.year ?? row.applyStart.getFullYear(),
    status: projectStatus(row.applyStart, row.applyEnd),
  };
}

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

export async function listProjects(db: Database, filter: ProjectListFilter) {
  const keyword = filter.keyword ? searchQuery(filter.keyword) : undefined;
  const common = and(
    eq(projects.published, true),
    filter.categoryId ? eq(projects.categoryId, filter.categoryId) : undefined,
    filter.regionId ? eq(projects.regionId, filter.regionId) : undefined,
    filter.year ? eq(projects.year, filter.year) : undefined,
    filter.keyword ? (keyword ? sql`${projects.searchVector} @@ ${keyword}` : sql`false`) : undefined,
  );
  const segments = segmentsOf(filter.status);
  const [counts] = await db
    .select({
      open: sql<number>`count(*) filter (where ${SEGMENTS.open.where})`.mapWith(Number),
      upcoming: sql<number>`count(*) filter (where ${SEGMENTS.upcoming.where})`.mapWith(Number),
      closed: sql<number>`count(*) filter (where ${SEGMENTS.closed.where})`.mapWith(Number),
    })
    .from(projects)
    .where(common);
  const list: ProjectSummary[] = [];
  let skip = (filter.page - 1) * filter.pageSize;
  let total = 0;
  for (const segment of segments) {
    const size = counts?.[segment] ?? 0;
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
    list.push(...rows.map((r) => toProjectSummary(r as SummaryRow)));
    skip = 0;
  }
  return { list, total, page: filter.page, pageSize: filter.pageSize };
}

/** A published call, or an unpublished one too with `includeUnpublished` (an applicant reading their own application). */
export async function loadProjectRow(db: Database, id: number, { includeUnpublished = false } = {}) {
  const [row] = await db
    .select({ ...projectSummaryColumns, guide: projects.guide, attachments: projects.attachments })
    .from(projects)
    .leftJoin(categories, eq(categories.id, projects.categoryId))
    .leftJoin(regions, eq(regions.id, projects.regionId))
    .where(and(eq(projects.id, id), includeUnpublished ? undefined : eq(projects.published, true)))
    .limit(1);
  if (!row) throw notFound('项目不存在或已下线');
  return { summary: toProjectSummary(row as SummaryRow), guide: row.guide, attachments: row.attachments ?? [] };
}

export function projectHandlers(ctx: AppContext): Handlers['project'] {
  const { db } = ctx;
  return {
    list: ({ query }) => listProjects(db, query),

    detail: async ({ params, principal }) => {
      const project = await loadProjectRow(db, params.id);
      const formRows = await db
        .select({ id: forms.id, title: forms.title, description: forms.description })
        .from(forms)
        .where(eq(forms.projectId, params.id))
        .orderBy(asc(forms.sort), asc(forms.id));
      const mine = principal?.kind === 'user' ? await myApplySummaries(db, principal.userId, { projectId: params.id }) : [];
      return {
        ...project.summary,
        guide: project.guide,
        attachments: project.attachments,
        forms: formRows.map((f) => ({ ...f, myApply: mine.find((a) => a.formId === f.id) ?? null })),
      };
    },

    ...applicationReadHandlers(ctx),
  };
}

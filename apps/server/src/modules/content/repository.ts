import type { SearchKind } from '@flagship/api-client';
import { and, asc, count, desc, eq, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { categories, enterprises, experts, policies, projects, regions } from '../../db/schema';
import { searchQuery } from '../../db/search';
import { iso } from '../../lib/dates';
import { pageWindow } from '../../lib/paging';
import { rowsOf } from '../../lib/rows';
import { keywordCondition } from '../../shared/search-repository';

interface Page {
  page: number;
  pageSize: number;
}

const policyColumns = {
  id: policies.id,
  title: policies.title,
  categoryId: policies.categoryId,
  categoryName: categories.name,
  summary: policies.summary,
  publishedAt: policies.publishedAt,
  pinned: policies.pinned,
};

const expertColumns = {
  id: experts.id,
  name: experts.name,
  photo: experts.photo,
  title: experts.title,
  organisation: experts.organisation,
  specialities: experts.specialities,
  categoryId: experts.categoryId,
  categoryName: categories.name,
  regionId: experts.regionId,
  regionName: regions.name,
};

const published = (column: typeof policies.publishedAt) => and(isNotNull(column), lte(column, sql`now()`));

export async function listPolicies(db: Database, query: Page & { categoryId?: number; keyword?: string }) {
  const where = and(published(policies.publishedAt), query.categoryId ? eq(policies.categoryId, query.categoryId) : undefined, keywordCondition(policies.searchVector, query.keyword));
  const { limit, offset } = pageWindow(query.page, query.pageSize);
  const [rows, [total]] = await Promise.all([
    db.select(policyColumns).from(policies).leftJoin(categories, eq(categories.id, policies.categoryId)).where(where)
      .orderBy(desc(policies.pinned), desc(policies.publishedAt), desc(policies.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(policies).where(where),
  ]);
  return { list: rows.map((r) => ({ ...r, publishedAt: iso(r.publishedAt as Date) })), total: total?.n ?? 0 };
}

/** A published policy, counting this reading as one view. */
export async function readPolicy(db: Database, id: number) {
  const [row] = await db
    .update(policies)
    .set({ views: sql`${policies.views} + 1` })
    .where(and(eq(policies.id, id), published(policies.publishedAt)))
    .returning();
  if (!row) return undefined;
  const [category] = row.categoryId ? await db.select({ name: categories.name }).from(categories).where(eq(categories.id, row.categoryId)) : [];
  return {
    id: row.id,
    title: row.title,
    categoryId: row.categoryId,
    categoryName: category?.name ?? null,
    summary: row.summary,
    publishedAt: iso(row.publishedAt as Date),
    pinned: row.pinned,
    content: row.content,
    attachments: row.attachments,
    views: row.views,
  };
}

export async function listExperts(db: Database, query: Page & { categoryId?: number; regionId?: number; keyword?: string }) {
  const where = and(
    eq(experts.published, true),
    query.categoryId ? eq(experts.categoryId, query.categoryId) : undefined,
    query.regionId ? eq(experts.regionId, query.regionId) : undefined,
    keywordCondition(experts.searchVector, query.keyword),
  );
  const { limit, offset } = pageWindow(query.page, query.pageSize);
  const [rows, [total]] = await Promise.all([
    db.select(expertColumns).from(experts).leftJoin(categories, eq(categories.id, experts.categoryId)).leftJoin(regions, eq(regions.id, experts.regionId))
      .where(where).orderBy(asc(experts.sort), asc(experts.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(experts).where(where),
  ]);
  return { list: rows, total: total?.n ?? 0 };
}

export async function findPublishedExpert(db: Database, id: number) {
  const [row] = await db
    .select({ ...expertColumns, biography: experts.biography })
    .from(experts)
    .leftJoin(categories, eq(categories.id, experts.categoryId))
    .leftJoin(regions, eq(regions.id, experts.regionId))
    .where(and(eq(experts.id, id), eq(experts.published, true)))
    .limit(1);
  return row;
}

export interface SearchHit {
  kind: SearchKind;
  id: number;
  title: string;
  summary: string;
  date: string | null;
}

/** A page of hits and the counts of each kind, with the database's clock: now, and when the next scheduled notice appears (null: none). */
export interface SearchFound {
  hits: SearchHit[];
  counts: Record<SearchKind, number>;
  nextChangeEpoch: number | null;
  nowEpoch: number;
}

/**
 * Published calls, policies, experts and companies matching a keyword: a page of hits (of one
 * kind, or of all; `perKind` takes the first hits of each kind instead) and the count of each
 * kind. Null when the keyword has no words to search for.
 */
export async function searchPublished(
  db: Database,
  keyword: string,
  query: Page & { type?: SearchKind; perKind?: number },
): Promise<SearchFound | null> {
  const match = searchQuery(keyword);
  if (!match) return null;
  // One row shape for every kind, so one UNION ALL pages across all of them.
  const parts: Record<SearchKind, SQL> = {
    project: sql`select 'project' as kind, ${projects.id} as id, ${projects.title} as title, ${projects.summary} as summary, ${projects.applyStart} as date from ${projects} where ${projects.published} and ${projects.searchVector} @@ ${match}`,
    policy: sql`select 'policy' as kind, ${policies.id} as id, ${policies.title} as title, ${policies.summary} as summary, ${policies.publishedAt} as date from ${policies} where ${policies.publishedAt} is not null and ${policies.publishedAt} <= now() and ${policies.searchVector} @@ ${match}`,
    expert: sql`select 'expert' as kind, ${experts.id} as id, ${experts.name} as title, ${experts.title} || ' · ' || ${experts.organisation} as summary, null::timestamptz as date from ${experts} where ${experts.published} and ${experts.searchVector} @@ ${match}`,
    enterprise: sql`select 'enterprise' as kind, ${enterprises.id} as id, ${enterprises.name} as title, ${enterprises.type} || ' · ' || ${enterprises.address} as summary, null::timestamptz as date from ${enterprises} where ${enterprises.published} and ${enterprises.searchVector} @@ ${match}`,
  };
  const kinds = query.type ? [query.type] : (Object.keys(parts) as SearchKind[]);
  const union = sql.join(kinds.map((k) => parts[k]), sql` union all `);
  const { limit, offset } = pageWindow(query.page, query.pageSize);
  const counted = sql.join(
    (Object.keys(parts) as SearchKind[]).map((k) => sql`(select count(*) from (${parts[k]}) as c)::int as ${sql.identifier(k)}`),
    sql`, `,
  );
  const order = sql`order by date desc nulls last, kind, id desc`;
  const hitsPage =
    query.perKind && !query.type
      ? sql.join(kinds.map((k) => sql`(select * from (${parts[k]}) as hits ${order} limit ${query.perKind})`), sql` union all `)
      : sql`select * from (${union}) as hits ${order} limit ${limit} offset ${offset}`;
  // The page and the counts in one statement (one round trip); the hits in the page's order, by
  // kind first when each kind has its own first hits.
  const kindOrder = sql.raw(`array[${kinds.map((k) => `'${k}'`).join(', ')}]`);
  const aggregated =
    query.perKind && !query.type
      ? sql`json_agg(h order by array_position(${kindOrder}, h.kind), h.date desc nulls last, h.kind, h.id desc)`
      : sql`json_agg(h order by h.date desc nulls last, h.kind, h.id desc)`;
  // And when the next scheduled notice appears (the one change no statement announces), by the
  // database's clock.
  const nextPublished = sql`extract(epoch from (select min(${policies.publishedAt}) from ${policies} where ${policies.publishedAt} > now()))::float8 as next_epoch, extract(epoch from now())::float8 as now_epoch`;
  const [row] = rowsOf<
    Partial<Record<SearchKind, number>> & {
      hits: { kind: SearchKind; id: number; title: string; summary: string | null; date: string | null }[] | string;
      next_epoch: number | string | null;
      now_epoch: number | string;
    }
  >(await db.execute(sql`select (select coalesce(${aggregated}, '[]'::json) from (${hitsPage}) as h) as hits, ${counted}, ${nextPublished}`));
  const counts: Partial<Record<SearchKind, number>> = row ?? {};
  // Parsed by the driver, or text (whichever a driver's settings give).
  const hits = typeof row?.hits === 'string' ? (JSON.parse(row.hits) as Exclude<typeof row.hits, string>) : (row?.hits ?? []);
  return {
    hits: hits.map((h) => ({
      kind: h.kind,
      id: Number(h.id),
      title: h.title,
      summary: h.summary ?? '',
      date: h.date ? new Date(h.date).toISOString() : null,
    })),
    counts: {
      project: Number(counts.project ?? 0),
      policy: Number(counts.policy ?? 0),
      expert: Number(counts.expert ?? 0),
      enterprise: Number(counts.enterprise ?? 0),
    },
    nextChangeEpoch: row?.next_epoch == null ? null : Number(row.next_epoch),
    nowEpoch: Number(row?.now_epoch ?? Date.now() / 1000),
  };
}

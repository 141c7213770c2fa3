import type { SearchKind, Settings } from '@flagship/api-client';
import { and, asc, count, desc, eq, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { categories, enterprises, experts, policies, projects, regions, settings } from '../../db/schema';
import { searchQuery as tsQuery } from '../../db/search';
import type { Handlers } from '../../http/endpoints';
import { notFound } from '../../http/errors';
import { iso } from '../../lib/dates';
import { pageWindow } from '../../lib/paging';
import { rowsOf } from '../../lib/rows';

export async function loadSettings(db: Database): Promise<Settings> {
  const [row] = await db.select().from(settings).limit(1);
  if (!row) throw new Error('Site settings are missing: the database was not seeded');
  return {
    siteTitle: row.siteTitle,
    about: row.about,
    friendlyLinks: row.friendlyLinks,
    supportCredit: row.supportCredit,
    copyright: row.copyright,
    banners: row.banners.map((b) => ({ title: b.title, subtitle: b.subtitle ?? '', link: b.link ?? '', image: b.image ?? '' })),
    accessPasswordEnabled: row.accessPasswordEnabled,
  };
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

/** The search condition of a keyword, or a condition that matches nothing when it has no words. */
function keywordCondition(vector: AnyPgColumn, keyword: string | undefined): SQL | undefined {
  if (!keyword) return undefined;
  const query = tsQuery(keyword);
  return query ? sql`${vector} @@ ${query}` : sql`false`;
}

export function contentHandlers({ db }: AppContext): Handlers['content'] {
  return {
    settings: () => loadSettings(db),

    policyList: async ({ query }) => {
      const where = and(published(policies.publishedAt), query.categoryId ? eq(policies.categoryId, query.categoryId) : undefined, keywordCondition(policies.searchVector, query.keyword));
      const { limit, offset } = pageWindow(query.page, query.pageSize);
      const [rows, [total]] = await Promise.all([
        db.select(policyColumns).from(policies).leftJoin(categories, eq(categories.id, policies.categoryId)).where(where)
          .orderBy(desc(policies.pinned), desc(policies.publishedAt), desc(policies.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(policies).where(where),
      ]);
      return {
        list: rows.map((r) => ({ ...r, publishedAt: iso(r.publishedAt as Date) })),
        total: total?.n ?? 0,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    policyDetail: async ({ params }) => {
      const [row] = await db
        .update(policies)
        .set({ views: sql`${policies.views} + 1` })
        .where(and(eq(policies.id, params.id), published(policies.publishedAt)))
        .returning();
      if (!row) throw notFound('公告不存在或已下线');
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
    },

    expertList: async ({ query }) => {
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
      return { list: rows, total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
    },

    expertDetail: async ({ params }) => {
      const [row] = await db
        .select({ ...expertColumns, biography: experts.biography })
        .from(experts)
        .leftJoin(categories, eq(categories.id, experts.categoryId))
        .leftJoin(regions, eq(regions.id, experts.regionId))
        .where(and(eq(experts.id, params.id), eq(experts.published, true)))
        .limit(1);
      if (!row) throw notFound('专家不存在');
      return row;
    },

    search: async ({ query }) => {
      const match = tsQuery(query.keyword);
      const empty = { list: [], total: 0, page: query.page, pageSize: query.pageSize, counts: { project: 0, policy: 0, expert: 0, enterprise: 0 } };
      if (!match) return empty;
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
      const [hits, countRows] = await Promise.all([
        db.execute(hitsPage),
        db.execute(sql`select ${counted}`),
      ]);
      const counts = rowsOf<Record<SearchKind, number>>(countRows)[0] ?? empty.counts;
      return {
        list: rowsOf<{ kind: SearchKind; id: number; title: string; summary: string; date: Date | string | null }>(hits).map((h) => ({
          kind: h.kind,
          id: Number(h.id),
          title: h.title,
          summary: h.summary ?? '',
          date: h.date ? new Date(h.date).toISOString() : null,
        })),
        total: kinds.reduce((sum, k) => sum + Number(counts[k] ?? 0), 0),
        page: query.page,
        pageSize: query.pageSize,
        counts: {
          project: Number(counts.project ?? 0),
          policy: Number(counts.policy ?? 0),
          expert: Number(counts.expert ?? 0),
          enterprise: Number(counts.enterprise ?? 0),
        },
      };
    },
  };
}

import type { ConsoleEnterprise, consoleEnterpriseListQuery, ConsoleExpert, consoleExpertListQuery, consoleExpertSummarySchema, ConsolePolicy, consolePolicyListQuery } from '@flagship/api-client';
import { and, asc, count, desc, eq, gt, isNull, lte, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../../db/client';
import { categories, enterprises, experts, policies, regions } from '../../../db/schema';
import { iso } from '../../../lib/dates';
import { pageWindow } from '../../../lib/paging';
import { keywordCondition } from '../../../shared/search-repository';
import { expertAccountsOf, interestEnterprisesOf } from '../../../shared/experts-repository';

type PolicyValues = Omit<typeof policies.$inferInsert, 'id' | 'searchVector' | 'views' | 'createdAt' | 'updatedAt'>;
type ExpertValues = Omit<typeof experts.$inferInsert, 'id' | 'searchVector' | 'createdAt' | 'updatedAt'>;
type EnterpriseValues = Omit<typeof enterprises.$inferInsert, 'id' | 'searchVector' | 'authenticationId' | 'userId' | 'createdAt' | 'updatedAt'>;

// --- Notices. ---

/** One page of notices, drafts and scheduled ones included: pinned first, drafts first, then newest. */
export async function listPolicies(db: Executor, query: z.output<typeof consolePolicyListQuery>) {
  const now = sql`now()`;
  const state =
    query.state === 'draft'
      ? isNull(policies.publishedAt)
      : query.state === 'scheduled'
        ? gt(policies.publishedAt, now)
        : query.state === 'published'
          ? lte(policies.publishedAt, now)
          : undefined;
  const where = and(state, query.categoryId ? eq(policies.categoryId, query.categoryId) : undefined, keywordCondition(policies.searchVector, query.keyword));
  const { limit, offset } = pageWindow(query.page, query.pageSize);
  const [rows, [total]] = await Promise.all([
    db
      .select({ p: policies, categoryName: categories.name })
      .from(policies)
      .leftJoin(categories, eq(categories.id, policies.categoryId))
      .where(where)
      .orderBy(desc(policies.pinned), sql`${policies.publishedAt} desc nulls first`, desc(policies.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(policies).where(where),
  ]);
  return {
    list: rows.map(({ p, categoryName }) => ({
      id: p.id,
      title: p.title,
      categoryId: p.categoryId,
      categoryName,
      summary: p.summary,
      publishedAt: iso(p.publishedAt),
      pinned: p.pinned,
      views: p.views,
      createdAt: iso(p.createdAt),
      updatedAt: iso(p.updatedAt),
    })),
    total: total?.n ?? 0,
  };
}

export async function findPolicy(db: Executor, id: number): Promise<ConsolePolicy | undefined> {
  const [row] = await db
    .select({ p: policies, categoryName: categories.name })
    .from(policies)
    .leftJoin(categories, eq(categories.id, policies.categoryId))
    .where(eq(policies.id, id))
    .limit(1);
  if (!row) return undefined;
  const p = row.p;
  return {
    id: p.id,
    title: p.title,
    categoryId: p.categoryId,
    categoryName: row.categoryName,
    summary: p.summary,
    publishedAt: iso(p.publishedAt),
    pinned: p.pinned,
    content: p.content,
    attachments: p.attachments,
    views: p.views,
    createdAt: iso(p.createdAt),
    updatedAt: iso(p.updatedAt),
  };
}

export async function insertPolicy(tx: Executor, values: PolicyValues): Promise<number> {
  const [row] = await tx.insert(policies).values(values).returning({ id: policies.id });
  if (!row) throw new Error('Policy was not written');
  return row.id;
}

/** Whether the notice was there to change. */
export async function updatePolicy(tx: Executor, id: number, values: PolicyValues): Promise<boolean> {
  const rows = await tx.update(policies).set(values).where(eq(policies.id, id)).returning({ id: policies.id });
  return rows.length > 0;
}

export async function deletePolicy(tx: Executor, id: number): Promise<{ id: number; title: string } | undefined> {
  const [row] = await tx.delete(policies).where(eq(policies.id, id)).returning({ id: policies.id, title: policies.title });
  return row;
}

// --- Experts. ---

const expertSelect = (db: Executor) =>
  db
    .select({ e: experts, categoryName: categories.name, regionName: regions.name })
    .from(experts)
    .leftJoin(categories, eq(categories.id, experts.categoryId))
    .leftJoin(regions, eq(regions.id, experts.regionId));

type ConsoleExpertSummary = z.infer<typeof consoleExpertSummarySchema>;
type ExpertRow = { e: typeof experts.$inferSelect; categoryName: string | null; regionName: string | null };

function toExpertSummary({ e, categoryName, regionName }: ExpertRow, account: ConsoleExpert['account']): ConsoleExpertSummary {
  return {
    id: e.id,
    name: e.name,
    photo: e.photo,
    title: e.title,
    organisation: e.organisation,
    specialities: e.specialities,
    categoryId: e.categoryId,
    categoryName,
    regionId: e.regionId,
    regionName,
    published: e.published,
    sort: e.sort,
    account,
    createdAt: iso(e.createdAt),
    updatedAt: iso(e.updatedAt),
  };
}

/** One page of experts, published or not, in their sort order (without biographies). */
export async function listExperts(db: Executor, query: z.output<typeof consoleExpertListQuery>) {
  const where = and(
    query.published === undefined ? undefined : eq(experts.published, query.published),
    query.categoryId ? eq(experts.categoryId, query.categoryId) : undefined,
    query.regionId ? eq(experts.regionId, query.regionId) : undefined,
    keywordCondition(experts.searchVector, query.keyword),
  );
  const { limit, offset } = pageWindow(query.page, query.pageSize);
  const [rows, [total]] = await Promise.all([
    expertSelect(db).where(where).orderBy(asc(experts.sort), asc(experts.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(experts).where(where),
  ]);
  const accounts = await expertAccountsOf(db, rows.map((r) => r.e.id));
  return { list: rows.map((r) => toExpertSummary(r, accounts.get(r.e.id) ?? null)), total: total?.n ?? 0 };
}

export async function findExpert(db: Executor, id: number): Promise<ConsoleExpert | undefined> {
  const [row] = await expertSelect(db).where(eq(experts.id, id)).limit(1);
  if (!row) return undefined;
  const [accounts, interestEnterprises] = await Promise.all([expertAccountsOf(db, [id]), interestEnterprisesOf(db, row.e.interestEnterpriseIds)]);
  return {
    ...toExpertSummary(row, accounts.get(id) ?? null),
    biography: row.e.biography,
    declaredInterests: row.e.declaredInterests,
    // Only enterprises still in the library, so that saving the form back does not trip over one deleted since.
    interestEnterpriseIds: interestEnterprises.map((e) => e.id),
    interestEnterprises,
  };
}

export async function insertExpert(tx: Executor, values: ExpertValues): Promise<number> {
  const [row] = await tx.insert(experts).values(values).returning({ id: experts.id });
  if (!row) throw new Error('Expert was not written');
  return row.id;
}

/** Whether the expert was there to change. */
export async function updateExpert(tx: Executor, id: number, values: ExpertValues): Promise<boolean> {
  const rows = await tx.update(experts).set(values).where(eq(experts.id, id)).returning({ id: experts.id });
  return rows.length > 0;
}

export async function deleteExpert(tx: Executor, id: number): Promise<{ id: number; name: string } | undefined> {
  const [row] = await tx.delete(experts).where(eq(experts.id, id)).returning({ id: experts.id, name: experts.name });
  return row;
}

// --- Enterprise library. ---

const enterpriseSelect = (db: Executor) =>
  db
    .select({ e: enterprises, categoryName: categories.name, regionName: regions.name })
    .from(enterprises)
    .leftJoin(categories, eq(categories.id, enterprises.categoryId))
    .leftJoin(regions, eq(regions.id, enterprises.regionId));

function toEnterprise({ e, categoryName, regionName }: { e: typeof enterprises.$inferSelect; categoryName: string | null; regionName: string | null }): ConsoleEnterprise {
  return {
    id: e.id,
    name: e.name,
    creditCode: e.creditCode,
    type: e.type,
    categoryId: e.categoryId,
    categoryName,
    regionId: e.regionId,
    regionName,
    logo: e.logo,
    legalRepresentative: e.legalRepresentative,
    address: e.address,
    introduction: e.introduction,
    establishedOn: e.establishedOn,
    published: e.published,
    authenticationId: e.authenticationId,
    userId: e.userId,
    createdAt: iso(e.createdAt),
    updatedAt: iso(e.updatedAt),
  };
}

/** One page of the library, published or not, newest first (without introductions). */
export async function listEnterprises(db: Executor, query: z.output<typeof consoleEnterpriseListQuery>) {
  const where = and(
    query.published === undefined ? undefined : eq(enterprises.published, query.published),
    query.categoryId ? eq(enterprises.categoryId, query.categoryId) : undefined,
    query.regionId ? eq(enterprises.regionId, query.regionId) : undefined,
    keywordCondition(enterprises.searchVector, query.keyword),
  );
  const { limit, offset } = pageWindow(query.page, query.pageSize);
  const [rows, [total]] = await Promise.all([
    enterpriseSelect(db).where(where).orderBy(desc(enterprises.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(enterprises).where(where),
  ]);
  return {
    list: rows.map((r) => {
      const { introduction: _introduction, ...summary } = toEnterprise(r);
      return summary;
    }),
    total: total?.n ?? 0,
  };
}

export async function findEnterprise(db: Executor, id: number): Promise<ConsoleEnterprise | undefined> {
  const [row] = await enterpriseSelect(db).where(eq(enterprises.id, id)).limit(1);
  return row && toEnterprise(row);
}

/** A new library entry; undefined when its credit code is already listed. */
export async function insertEnterprise(tx: Executor, values: EnterpriseValues): Promise<number | undefined> {
  const [row] = await tx.insert(enterprises).values(values).onConflictDoNothing({ target: enterprises.creditCode }).returning({ id: enterprises.id });
  return row?.id;
}

/** Whether another entry than `id` lists this credit code. */
export async function creditCodeTaken(tx: Executor, creditCode: string, id: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: enterprises.id })
    .from(enterprises)
    .where(and(eq(enterprises.creditCode, creditCode), ne(enterprises.id, id)))
    .limit(1);
  return row !== undefined;
}

/** Whether the entry was there to change. */
export async function updateEnterprise(tx: Executor, id: number, values: EnterpriseValues): Promise<boolean> {
  const rows = await tx.update(enterprises).set(values).where(eq(enterprises.id, id)).returning({ id: enterprises.id });
  return rows.length > 0;
}

export async function deleteEnterprise(tx: Executor, id: number): Promise<{ id: number; name: string; creditCode: string } | undefined> {
  const [row] = await tx.delete(enterprises).where(eq(enterprises.id, id)).returning({ id: enterprises.id, name: enterprises.name, creditCode: enterprises.creditCode });
  return row;
}

import type { Enterprise, EnterpriseSummary } from '@flagship/api-client';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { categories, enterpriseAuthentications, enterprises, regions, users } from '../../db/schema';
import { pageWindow } from '../../lib/paging';
import { keywordCondition } from '../../shared/search-repository';

const summaryColumns = {
  id: enterprises.id,
  name: enterprises.name,
  creditCode: enterprises.creditCode,
  type: enterprises.type,
  categoryId: enterprises.categoryId,
  categoryName: categories.name,
  regionId: enterprises.regionId,
  regionName: regions.name,
  logo: enterprises.logo,
};

/** Published library entries, filtered, one page of them and how many there are. */
export async function publishedEnterprisePage(
  db: Database,
  query: { keyword?: string; categoryId?: number; regionId?: number; page: number; pageSize: number },
): Promise<{ rows: EnterpriseSummary[]; total: number }> {
  const where = and(
    eq(enterprises.published, true),
    query.categoryId ? eq(enterprises.categoryId, query.categoryId) : undefined,
    query.regionId ? eq(enterprises.regionId, query.regionId) : undefined,
    keywordCondition(enterprises.searchVector, query.keyword),
  );
  const { limit, offset } = pageWindow(query.page, query.pageSize);
  const [rows, [total]] = await Promise.all([
    db.select(summaryColumns).from(enterprises)
      .leftJoin(categories, eq(categories.id, enterprises.categoryId))
      .leftJoin(regions, eq(regions.id, enterprises.regionId))
      .where(where)
      .orderBy(asc(enterprises.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(enterprises).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One published library entry, its public fields only. */
export async function publishedEnterprise(db: Database, id: number): Promise<Enterprise | undefined> {
  const [row] = await db
    .select({
      ...summaryColumns,
      legalRepresentative: enterprises.legalRepresentative,
      address: enterprises.address,
      introduction: enterprises.introduction,
      establishedOn: enterprises.establishedOn,
    })
    .from(enterprises)
    .leftJoin(categories, eq(categories.id, enterprises.categoryId))
    .leftJoin(regions, eq(regions.id, enterprises.regionId))
    .where(and(eq(enterprises.id, id), eq(enterprises.published, true)))
    .limit(1);
  return row;
}

/** Hold the user's row until the transaction ends, so that the user's submissions come one at a time. */
export async function lockUser(tx: Executor, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** A new enterprise authentication; its id. */
export async function insertAuthentication(tx: Executor, values: typeof enterpriseAuthentications.$inferInsert): Promise<number | undefined> {
  const [row] = await tx.insert(enterpriseAuthentications).values(values).returning({ id: enterpriseAuthentications.id });
  return row?.id;
}

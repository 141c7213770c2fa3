import type { CategoryKind } from '@flagship/api-client';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { categories, regions } from '../db/schema';
import { badRequest } from '../http/errors';

/** The category's name, after checking it exists and is of the right kind. */
export async function checkCategory(tx: Executor, id: number | null | undefined, kind: CategoryKind): Promise<string | null> {
  if (id == null) return null;
  const [row] = await tx.select({ name: categories.name, kind: categories.kind }).from(categories).where(eq(categories.id, id)).limit(1);
  if (!row || row.kind !== kind) throw badRequest('分类：分类不存在', { categoryId: '分类不存在' });
  return row.name;
}

export async function checkRegion(tx: Executor, id: number | null | undefined): Promise<void> {
  if (id == null) return;
  const [row] = await tx.select({ id: regions.id }).from(regions).where(eq(regions.id, id)).limit(1);
  if (!row) throw badRequest('地区：地区不存在', { regionId: '地区不存在' });
}

/** The categories, of one kind or all, in their sort order. */
export function categoryList(db: Executor, kind: CategoryKind | undefined) {
  return db
    .select({ id: categories.id, kind: categories.kind, name: categories.name, sort: categories.sort })
    .from(categories)
    .where(kind ? eq(categories.kind, kind) : undefined)
    .orderBy(asc(categories.kind), asc(categories.sort), asc(categories.id));
}

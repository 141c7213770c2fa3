import type { CategoryKind, Region } from '@flagship/api-client';
import { and, count, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { categories, enterprises, projects, regions } from '../../../db/schema';

export type CategoryRow = typeof categories.$inferSelect;
export type RegionRow = typeof regions.$inferSelect;

const categoryColumns = { id: categories.id, kind: categories.kind, name: categories.name, sort: categories.sort };

// --- Categories. ---

export async function findCategory(tx: Executor, id: number): Promise<CategoryRow | undefined> {
  const [row] = await tx.select().from(categories).where(eq(categories.id, id)).limit(1);
  return row;
}

/** Whether a category of this kind other than `exceptId` has this name. */
export async function categoryNameTaken(tx: Executor, kind: CategoryKind, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.kind, kind), eq(categories.name, name), exceptId === undefined ? undefined : ne(categories.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

export async function insertCategory(tx: Executor, values: { kind: CategoryKind; name: string; sort?: number | undefined }) {
  const [row] = await tx.insert(categories).values(values).returning(categoryColumns);
  if (!row) throw new Error('Category was not written');
  return row;
}

export async function updateCategory(tx: Executor, id: number, values: { name: string; sort?: number | undefined }) {
  const [row] = await tx.update(categories).set(values).where(eq(categories.id, id)).returning(categoryColumns);
  return row;
}

export async function deleteCategory(tx: Executor, id: number): Promise<void> {
  await tx.delete(categories).where(eq(categories.id, id));
}

/** Ids of the calls, or of the library's enterprises, filed under a category (other kinds file nothing searchable by it). */
export async function filedUnder(tx: Executor, category: { id: number; kind: string }): Promise<{ projects: number[]; enterprises: number[] }> {
  const projectRows = category.kind === 'project' ? await tx.select({ id: projects.id }).from(projects).where(eq(projects.categoryId, category.id)) : [];
  const enterpriseRows = category.kind === 'enterprise' ? await tx.select({ id: enterprises.id }).from(enterprises).where(eq(enterprises.categoryId, category.id)) : [];
  return { projects: projectRows.map((r) => r.id), enterprises: enterpriseRows.map((r) => r.id) };
}

// --- Regions. ---

export function toRegion(r: RegionRow): Region {
  return { id: r.id, parentId: r.parentId, name: r.name, level: r.level, sort: r.sort };
}

export async function findRegion(tx: Executor, id: number): Promise<RegionRow | undefined> {
  const [row] = await tx.select().from(regions).where(eq(regions.id, id)).limit(1);
  return row;
}

export function allRegions(tx: Executor): Promise<RegionRow[]> {
  return tx.select().from(regions);
}

export async function insertRegion(tx: Executor, values: { parentId: number | null; name: string; sort?: number | undefined; level: number }): Promise<RegionRow> {
  const [row] = await tx.insert(regions).values(values).returning();
  if (!row) throw new Error('Region was not written');
  return row;
}

export async function updateRegion(tx: Executor, id: number, patch: Partial<typeof regions.$inferInsert>): Promise<RegionRow | undefined> {
  const [row] = await tx.update(regions).set(patch).where(eq(regions.id, id)).returning();
  return row;
}

export async function setRegionLevel(tx: Executor, id: number, level: number): Promise<void> {
  await tx.update(regions).set({ level }).where(eq(regions.id, id));
}

export async function countChildRegions(tx: Executor, id: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(regions).where(eq(regions.parentId, id));
  return row?.n ?? 0;
}

export async function deleteRegion(tx: Executor, id: number): Promise<void> {
  await tx.delete(regions).where(eq(regions.id, id));
}

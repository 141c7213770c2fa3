import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import { categories, enterprises, experts, policies, projects } from '../db/schema';
import { searchQuery, searchVectorSql } from '../db/search';

/** The search condition of a keyword, or a condition that matches nothing when it has no words. */
export function keywordCondition(vector: AnyPgColumn, keyword: string | undefined): SQL | undefined {
  if (!keyword) return undefined;
  const query = searchQuery(keyword);
  return query ? sql`${vector} @@ ${query}` : sql`false`;
}

// Search vectors are recomputed from the stored row, so every writer agrees.

/** A call's vector: title, category, summary, budget note, guide. */
export async function refreshProjectVector(tx: Executor, id: number): Promise<void> {
  const [row] = await tx
    .select({ title: projects.title, category: categories.name, summary: projects.summary, budgetNote: projects.budgetNote, guide: projects.guide })
    .from(projects)
    .leftJoin(categories, eq(categories.id, projects.categoryId))
    .where(eq(projects.id, id));
  if (!row) return;
  await tx
    .update(projects)
    .set({ searchVector: searchVectorSql(row.title, row.category, row.summary, row.budgetNote, row.guide) })
    .where(eq(projects.id, id));
}

export async function refreshPolicyVector(tx: Executor, id: number): Promise<void> {
  const [row] = await tx.select({ title: policies.title, summary: policies.summary, content: policies.content }).from(policies).where(eq(policies.id, id));
  if (row) await tx.update(policies).set({ searchVector: searchVectorSql(row.title, row.summary, row.content) }).where(eq(policies.id, id));
}

export async function refreshExpertVector(tx: Executor, id: number): Promise<void> {
  const [row] = await tx.select().from(experts).where(eq(experts.id, id));
  if (row) {
    await tx
      .update(experts)
      .set({ searchVector: searchVectorSql(row.name, row.title, row.organisation, row.specialities.join(' '), row.biography) })
      .where(eq(experts.id, id));
  }
}

export async function refreshEnterpriseVector(tx: Executor, id: number): Promise<void> {
  const [row] = await tx
    .select({ e: enterprises, category: categories.name })
    .from(enterprises)
    .leftJoin(categories, eq(categories.id, enterprises.categoryId))
    .where(eq(enterprises.id, id));
  if (row) {
    const e = row.e;
    await tx
      .update(enterprises)
      .set({ searchVector: searchVectorSql(e.name, e.type, row.category, e.address, e.creditCode, e.introduction) })
      .where(eq(enterprises.id, id));
  }
}

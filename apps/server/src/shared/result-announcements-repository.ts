// Results announcements (立项公示): their rows, items and notice; shared because the demo seed publishes one too.
import { ENTERPRISE_AUTH_STATUS, RESULTS_NOTICE_CATEGORY, type ResultAnnouncement, type ResultItem } from '@flagship/api-client';
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { applications, categories, policies, projects, resultAnnouncementItems, resultAnnouncements, users } from '../db/schema';

export type AnnouncementRow = typeof resultAnnouncements.$inferSelect;
type ItemRow = typeof resultAnnouncementItems.$inferSelect;

const amount = (v: string | null) => (v === null ? null : Number(v));

/** The applicant's authenticated enterprise, the newest if there were several. */
const authenticated = (column: string) =>
  sql.raw(
    `(select ea.${column} from enterprise_authentications ea where ea.user_id = "applications"."user_id" and ea.status = ${ENTERPRISE_AUTH_STATUS.SUCCESS} order by ea.reviewed_at desc nulls last, ea.id desc limit 1)`,
  );

/** A region's name path (province/city/district) for a region id expression. */
const regionPath = (regionId: SQL) =>
  sql<string>`coalesce((select concat_ws('/', r3.name, r2.name, r1.name) from regions r1 left join regions r2 on r2.id = r1.parent_id left join regions r3 on r3.id = r2.parent_id where r1.id = ${regionId}), '')`;

/** The call's approved applications as announcement items, in serial-number order. */
export async function approvedSnapshot(db: Executor, projectId: number) {
  return db
    .select({
      applicationId: applications.id,
      title: sql<string>`coalesce(nullif(${applications.data}->>'projectName', ''), ${projects.title})`,
      organisation: sql<string>`coalesce(${authenticated('enterprise_name')}, nullif(${users.name}, ''), ${users.account})`,
      region: regionPath(sql`coalesce(${authenticated('region_id')}, ${projects.regionId})`),
      category: sql<string>`coalesce(${categories.name}, '')`,
    })
    .from(applications)
    .innerJoin(projects, eq(projects.id, applications.projectId))
    .innerJoin(users, eq(users.id, applications.userId))
    .leftJoin(categories, eq(categories.id, projects.categoryId))
    .where(and(eq(applications.projectId, projectId), eq(applications.status, 'approved'), isNull(applications.deletedAt)))
    .orderBy(asc(applications.serialNumber), asc(applications.id));
}

export async function findAnnouncement(db: Executor, id: number, { lock = false } = {}): Promise<AnnouncementRow | undefined> {
  const query = db.select().from(resultAnnouncements).where(eq(resultAnnouncements.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export function announcementsOfCall(db: Executor, projectId: number): Promise<AnnouncementRow[]> {
  return db.select().from(resultAnnouncements).where(eq(resultAnnouncements.projectId, projectId)).orderBy(desc(resultAnnouncements.id));
}

export async function itemsOf(db: Executor, announcementIds: number[]): Promise<(ItemRow & { serialNumber: string | null })[]> {
  if (announcementIds.length === 0) return [];
  return db
    .select({ ...itemColumns, serialNumber: applications.serialNumber })
    .from(resultAnnouncementItems)
    .innerJoin(applications, eq(applications.id, resultAnnouncementItems.applicationId))
    .where(inArray(resultAnnouncementItems.announcementId, announcementIds))
    .orderBy(asc(resultAnnouncementItems.position));
}
const itemColumns = {
  announcementId: resultAnnouncementItems.announcementId,
  applicationId: resultAnnouncementItems.applicationId,
  position: resultAnnouncementItems.position,
  title: resultAnnouncementItems.title,
  organisation: resultAnnouncementItems.organisation,
  region: resultAnnouncementItems.region,
  category: resultAnnouncementItems.category,
  amountGranted: resultAnnouncementItems.amountGranted,
  notifiedAt: resultAnnouncementItems.notifiedAt,
};

export function toResultItem(row: ItemRow & { serialNumber: string | null }): ResultItem {
  return {
    applicationId: row.applicationId,
    serialNumber: row.serialNumber,
    position: row.position,
    title: row.title,
    organisation: row.organisation,
    region: row.region,
    category: row.category,
    amountGranted: amount(row.amountGranted),
  };
}

export function toAnnouncement(row: AnnouncementRow, projectTitle: string, items: ResultItem[]): ResultAnnouncement {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    id: row.id,
    projectId: row.projectId,
    projectTitle,
    title: row.title,
    introduction: row.introduction,
    objectionStartsAt: row.objectionStartsAt.toISOString(),
    objectionEndsAt: row.objectionEndsAt.toISOString(),
    contact: row.contact,
    status: row.status,
    policyId: row.policyId,
    publishedAt: iso(row.publishedAt),
    withdrawnAt: iso(row.withdrawnAt),
    withdrawalReason: row.withdrawalReason,
    items,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function insertAnnouncement(tx: Executor, values: typeof resultAnnouncements.$inferInsert): Promise<AnnouncementRow> {
  const [row] = await tx.insert(resultAnnouncements).values(values).returning();
  if (!row) throw new Error('Announcement was not written');
  return row;
}

export async function updateAnnouncement(tx: Executor, id: number, values: Partial<typeof resultAnnouncements.$inferInsert>): Promise<void> {
  await tx.update(resultAnnouncements).set(values).where(eq(resultAnnouncements.id, id));
}

export async function insertItems(tx: Executor, rows: (typeof resultAnnouncementItems.$inferInsert)[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await tx.insert(resultAnnouncementItems).values(rows.slice(i, i + 500));
}

export async function deleteItems(tx: Executor, announcementId: number): Promise<void> {
  await tx.delete(resultAnnouncementItems).where(eq(resultAnnouncementItems.announcementId, announcementId));
}

/** Marks the items whose applicants were not told yet as told; returns those applicants (once each). */
export async function claimUnnotified(tx: Executor, announcementId: number): Promise<{ userId: number; title: string }[]> {
  const rows = await tx
    .update(resultAnnouncementItems)
    .set({ notifiedAt: new Date() })
    .where(and(eq(resultAnnouncementItems.announcementId, announcementId), isNull(resultAnnouncementItems.notifiedAt)))
    .returning({ applicationId: resultAnnouncementItems.applicationId, title: resultAnnouncementItems.title });
  if (rows.length === 0) return [];
  const owners = await tx.select({ id: applications.id, userId: applications.userId }).from(applications).where(inArray(applications.id, rows.map((r) => r.applicationId)));
  const byId = new Map(owners.map((o) => [o.id, o.userId]));
  const seen = new Map<number, string>();
  for (const r of rows) {
    const userId = byId.get(r.applicationId);
    if (userId !== undefined && !seen.has(userId)) seen.set(userId, r.title);
  }
  return [...seen].map(([userId, title]) => ({ userId, title }));
}

/** The 立项公示 notice category, created the first time it is needed. */
export async function resultsCategoryId(tx: Executor): Promise<number> {
  const [found] = await tx.select({ id: categories.id }).from(categories).where(and(eq(categories.kind, 'policy'), eq(categories.name, RESULTS_NOTICE_CATEGORY))).limit(1);
  if (found) return found.id;
  const [row] = await tx.insert(categories).values({ kind: 'policy', name: RESULTS_NOTICE_CATEGORY, sort: 100 }).returning({ id: categories.id });
  if (!row) throw new Error('Category was not written');
  return row.id;
}

export async function writeNotice(tx: Executor, policyId: number | null, values: { title: string; summary: string; content: string; categoryId: number; publishedAt: Date }): Promise<number> {
  if (policyId !== null) {
    const rows = await tx.update(policies).set(values).where(eq(policies.id, policyId)).returning({ id: policies.id });
    if (rows[0]) return rows[0].id;
  }
  const [row] = await tx.insert(policies).values(values).returning({ id: policies.id });
  if (!row) throw new Error('Notice was not written');
  return row.id;
}

export async function findCall(db: Executor, id: number): Promise<{ id: number; title: string } | undefined> {
  const [row] = await db.select({ id: projects.id, title: projects.title }).from(projects).where(eq(projects.id, id)).limit(1);
  return row;
}

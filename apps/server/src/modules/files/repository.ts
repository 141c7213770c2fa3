import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/client';
import { applications, applicationSubmissions, enterpriseAuthentications, forms, uploads } from '../../db/schema';
import { SENT_TO_STAFF } from '../../shared/sent-to-staff-repository';
import { orphanUploadGraceMs } from '../../shared/orphan-uploads-repository';
import type { UploadRow } from '../../shared/uploads-repository';

/** Whose uploads are counted together for the quota and the rate. */
export interface UploadOwner {
  kind: 'user' | 'staff';
  id: number;
}

const ownedBy = (owner: UploadOwner) => (owner.kind === 'user' ? eq(uploads.ownerUserId, owner.id) : eq(uploads.ownerStaffId, owner.id));

/** Advisory-lock classes ("upu", "ups"): applicants and staff have separate id spaces. */
const OWNER_LOCK = { user: 0x757075, staff: 0x757073 } as const;

/**
 * Hold the owner's uploads for the rest of the transaction, on every instance: quota and rate are
 * counted and the new row written under it, so a burst of uploads is counted one after another.
 */
export async function lockOwnerUploads(tx: Transaction, owner: UploadOwner): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${OWNER_LOCK[owner.kind]}::int, ${owner.id}::int)`);
}

/** What an owner keeps, and what they uploaded within the last `windowMs` (oldest first; null: not asked). */
export interface UploadUsage {
  keptBytes: number;
  /** How long an unused upload is kept (staff's setting, else the server's default); asked with `kept`. */
  graceMs: number;
  /** Each recent upload's size and how soon it leaves the window (ms). */
  recent: { size: number; leavesWindowInMs: number }[];
}

export async function uploadUsage(
  db: Executor,
  owner: UploadOwner,
  ask: { kept: boolean; windowMs: number | null },
  defaultGraceMs: number,
): Promise<UploadUsage> {
  let keptBytes = 0;
  let graceMs = defaultGraceMs;
  if (ask.kept) {
    const [row] = await db.select({ bytes: sql<string>`coalesce(sum(${uploads.size}), 0)` }).from(uploads).where(ownedBy(owner));
    keptBytes = Number(row?.bytes ?? 0);
    graceMs = await orphanUploadGraceMs(db, defaultGraceMs);
  }
  const windowMs = ask.windowMs;
  const recent =
    windowMs === null
      ? []
      : await db
          .select({ size: uploads.size, leavesWindowInMs: sql<number>`(extract(epoch from ${uploads.createdAt} - now()) * 1000 + ${windowMs}::float8)::float8` })
          .from(uploads)
          .where(and(ownedBy(owner), sql`${uploads.createdAt} > now() - make_interval(secs => ${windowMs / 1000}::float8)`))
          .orderBy(asc(uploads.createdAt))
          // More than any rate allows; only an over-full window would reach it.
          .limit(100_000);
  return { keptBytes, graceMs, recent: recent.map((r) => ({ size: Number(r.size), leavesWindowInMs: Number(r.leavesWindowInMs) })) };
}

export async function insertUpload(db: Executor, values: typeof uploads.$inferInsert): Promise<UploadRow> {
  const [row] = await db.insert(uploads).values(values).returning();
  if (!row) throw new Error('Upload row was not written');
  return row;
}

export async function uploadById(db: Database, id: number): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
  return row;
}

/** Whether one of the user's enterprise authentications has the upload among its licence files. */
export async function licenceHoldsUpload(db: Database, userId: number, uploadId: number): Promise<boolean> {
  const [licence] = await db
    .select({ id: enterpriseAuthentications.id })
    .from(enterpriseAuthentications)
    .where(and(eq(enterpriseAuthentications.userId, userId), sql`${enterpriseAuthentications.licenseFiles} @> ${JSON.stringify([uploadId])}::jsonb`))
    .limit(1);
  return Boolean(licence);
}

/** The data (with its form's fields) of the user's applications sent to staff and of every earlier submission. */
export async function applicationDataSeenByStaff(db: Database, userId: number): Promise<{ data: Record<string, unknown>; fields: unknown }[]> {
  const sent = await db
    .select({ data: applications.data, fields: forms.fields })
    .from(applications)
    .innerJoin(forms, eq(forms.id, applications.formId))
    .where(and(eq(applications.userId, userId), SENT_TO_STAFF));
  const earlier = await db
    .select({ data: applicationSubmissions.data, fields: forms.fields })
    .from(applicationSubmissions)
    .innerJoin(applications, eq(applications.id, applicationSubmissions.applicationId))
    .innerJoin(forms, eq(forms.id, applications.formId))
    .where(eq(applications.userId, userId));
  return [...sent, ...earlier];
}

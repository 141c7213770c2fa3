// Account deletion at the applicant's request (issue 16, PIPL): the requests, and the anonymisation
// staff carry out. The account row stays, as 已注销用户#<id>, because submitted applications (kept
// for the programme's records) refer to it; everything else personal goes.
import { anonymisedName, type AccountDeletionStatus } from '@flagship/api-client';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import {
  accountDeletionRequests,
  applications,
  applicationSubmissions,
  downloadJobs,
  enterpriseAuthentications,
  enterprises,
  staff,
  uploads,
  users,
  verificationCodes,
} from '../db/schema';
import { revokeSessions } from '../auth/principal-repository';
import { deleteUnreferencedUploads } from './orphan-uploads-repository';
import { refreshEnterpriseVector } from './search-repository';

export type DeletionRequestRow = typeof accountDeletionRequests.$inferSelect;

/** The applicant's latest request, if they ever made one. */
export async function latestDeletionRequest(db: Executor, userId: number): Promise<DeletionRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(accountDeletionRequests)
    .where(eq(accountDeletionRequests.userId, userId))
    .orderBy(desc(accountDeletionRequests.createdAt), desc(accountDeletionRequests.id))
    .limit(1);
  return row;
}

/** A new pending request; undefined when one is pending already (the partial unique index decides). */
export async function insertDeletionRequest(db: Executor, userId: number): Promise<DeletionRequestRow | undefined> {
  const [row] = await db.insert(accountDeletionRequests).values({ userId }).onConflictDoNothing().returning();
  return row;
}

/** Cancel the applicant's pending request; undefined when none is pending. */
export async function cancelDeletionRequest(db: Executor, userId: number): Promise<DeletionRequestRow | undefined> {
  const [row] = await db
    .update(accountDeletionRequests)
    .set({ status: 'cancelled', decidedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(accountDeletionRequests.userId, userId), eq(accountDeletionRequests.status, 'pending')))
    .returning();
  return row;
}

const draftCondition = sql`${applications.status} = 'draft' and not exists (select 1 from ${applicationSubmissions} s where s.application_id = ${applications.id})`;

/** Requests as staff see them: the person, what they hold, who decided. */
export async function deletionRequestList(db: Database, query: { status?: AccountDeletionStatus | undefined; page: number; pageSize: number }, onlyId?: number) {
  const where = and(query.status ? eq(accountDeletionRequests.status, query.status) : undefined, onlyId === undefined ? undefined : eq(accountDeletionRequests.id, onlyId));
  const held = (condition: ReturnType<typeof sql>) =>
    sql<number>`(select count(*)::int from ${applications} where ${applications.userId} = ${accountDeletionRequests.userId} and ${applications.deletedAt} is null and ${condition})`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: accountDeletionRequests.id,
        userId: accountDeletionRequests.userId,
        status: accountDeletionRequests.status,
        reason: accountDeletionRequests.reason,
        createdAt: accountDeletionRequests.createdAt,
        decidedAt: accountDeletionRequests.decidedAt,
        account: users.account,
        name: users.name,
        decidedByAccount: staff.account,
        drafts: held(draftCondition),
        inReview: held(sql`${applications.status} in ('submitted', 'reviewing')`),
        submitted: held(sql`exists (select 1 from ${applicationSubmissions} s where s.application_id = ${applications.id})`),
      })
      .from(accountDeletionRequests)
      .innerJoin(users, eq(users.id, accountDeletionRequests.userId))
      .leftJoin(staff, eq(staff.id, accountDeletionRequests.decidedBy))
      .where(where)
      // Pending first, the oldest on top: those are the ones waiting.
      .orderBy(sql`${accountDeletionRequests.status} = 'pending' desc`, sql`case when ${accountDeletionRequests.status} = 'pending' then ${accountDeletionRequests.createdAt} end asc`, desc(accountDeletionRequests.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(accountDeletionRequests).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r, drafts: Number(r.drafts), inReview: Number(r.inReview), submitted: Number(r.submitted) })), total: total?.n ?? 0 };
}

/** Lock a request for a decision; undefined when it does not exist. */
export async function lockDeletionRequest(tx: Executor, id: number): Promise<DeletionRequestRow | undefined> {
  const [row] = await tx.select().from(accountDeletionRequests).where(eq(accountDeletionRequests.id, id)).for('update').limit(1);
  return row;
}

export async function refuseDeletionRequest(tx: Executor, id: number, staffId: number, reason: string): Promise<void> {
  await tx.update(accountDeletionRequests).set({ status: 'refused', reason, decidedBy: staffId, decidedAt: new Date(), updatedAt: new Date() }).where(eq(accountDeletionRequests.id, id));
}

/**
 * Anonymise the applicant inside the caller's transaction and mark the request done. Answers the
 * storage keys of the files to delete once it has committed. Submitted applications stay as they
 * were sent (with their receipts and files); the person behind them becomes 已注销用户#<id>.
 */
export async function anonymiseApplicant(tx: Executor, requestId: number, userId: number, staffId: number): Promise<{ storageKeys: string[]; drafts: number[]; uploads: number; endedSessions: string[] }> {
  const marker = anonymisedName(userId);
  const now = new Date();
  const [before] = await tx.select({ account: users.account }).from(users).where(eq(users.id, userId)).for('update').limit(1);
  // The account name is freed (the phone or e-mail can register again); the password can match nothing.
  await tx.update(users).set({ account: marker, name: marker, mobile: '', email: '', avatar: null, passwordHash: '!', totpSecret: null, totpEnabledAt: null, totpLastStep: null, recoveryCodeHashes: [], anonymizedAt: now, updatedAt: now }).where(eq(users.id, userId));
  const endedSessions = await revokeSessions(tx, userId);
  if (before) await tx.delete(verificationCodes).where(eq(verificationCodes.account, before.account));

  // Enterprise authentication: the company's own registration stays; the people in it and the licence images go.
  await tx
    .update(enterpriseAuthentications)
    .set({ legalRepresentative: marker, contactName: marker, contactPhone: '', address: '', licenseFiles: [], updatedAt: now })
    .where(eq(enterpriseAuthentications.userId, userId));
  const entries = await tx
    .update(enterprises)
    .set({ legalRepresentative: marker, address: '', updatedAt: now })
    .where(eq(enterprises.userId, userId))
    .returning({ id: enterprises.id });
  for (const entry of entries) await refreshEnterpriseVector(tx, entry.id);

  // Drafts never sent (their reminders and packages go with them by cascade); sent ones stay.
  const drafts = await tx.delete(applications).where(and(eq(applications.userId, userId), draftCondition)).returning({ id: applications.id });
  const packages = await tx.delete(downloadJobs).where(eq(downloadJobs.userId, userId)).returning({ key: downloadJobs.storageKey });

  const owned = await tx.select({ id: uploads.id }).from(uploads).where(eq(uploads.ownerUserId, userId));
  const uploadKeys = await deleteUnreferencedUploads(
    tx,
    owned.map((u) => u.id),
  );

  await tx.update(accountDeletionRequests).set({ status: 'done', decidedBy: staffId, decidedAt: now, updatedAt: now }).where(eq(accountDeletionRequests.id, requestId));
  return {
    storageKeys: [...uploadKeys, ...packages.flatMap((p) => (p.key ? [p.key] : []))],
    drafts: drafts.map((d) => d.id),
    uploads: uploadKeys.length,
    // The hashes of the sessions ended, for `forgetSessions`.
    endedSessions,
  };
}

import { ENTERPRISE_AUTH_STATUS, type ConsoleAuthentication, type EnterpriseAuthStatus } from '@flagship/api-client';
import { and, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../../db/client';
import { enterpriseAuthentications, enterprises, regions, staff, uploads, users } from '../../../db/schema';
import { iso } from '../../../lib/dates';
import { pageWindow } from '../../../lib/paging';
import { likePattern } from '../../../shared/like-pattern';
import { noticeEmail } from '../../../shared/notices';
import { refreshEnterpriseVector } from '../../../shared/search-repository';
import { toUpload } from '../../../shared/uploads-repository';

export type AuthenticationRecord = typeof enterpriseAuthentications.$inferSelect;

export interface AuthenticationQuery {
  status?: EnterpriseAuthStatus;
  keyword?: string;
  page: number;
  pageSize: number;
}

const reviewer = alias(staff, 'reviewer');

const authenticationSelect = (db: Executor) =>
  db
    .select({
      a: enterpriseAuthentications,
      account: users.account,
      email: users.email,
      regionName: regions.name,
      reviewerAccount: reviewer.account,
      enterpriseId: enterprises.id,
    })
    .from(enterpriseAuthentications)
    .innerJoin(users, eq(users.id, enterpriseAuthentications.userId))
    .leftJoin(regions, eq(regions.id, enterpriseAuthentications.regionId))
    .leftJoin(reviewer, eq(reviewer.id, enterpriseAuthentications.reviewedBy))
    .leftJoin(enterprises, eq(enterprises.authenticationId, enterpriseAuthentications.id));

type AuthenticationRow = Awaited<ReturnType<ReturnType<typeof authenticationSelect>['where']>>[number];

function toAuthenticationSummary({ a, account, email, regionName, reviewerAccount, enterpriseId }: AuthenticationRow) {
  return {
    id: a.id,
    userId: a.userId,
    account,
    applicantEmail: noticeEmail({ account, email }),
    enterpriseName: a.enterpriseName,
    creditCode: a.creditCode,
    type: a.type,
    legalRepresentative: a.legalRepresentative,
    regionId: a.regionId,
    regionName,
    address: a.address,
    contactName: a.contactName,
    contactPhone: a.contactPhone,
    licenseFiles: a.licenseFiles,
    status: a.status as EnterpriseAuthStatus,
    reason: a.reason,
    createdAt: iso(a.createdAt),
    reviewedAt: iso(a.reviewedAt),
    reviewedBy: a.reviewedBy,
    reviewerAccount,
    enterpriseId,
  };
}

export async function listAuthentications(db: Database, query: AuthenticationQuery) {
  const where = and(
    query.status !== undefined ? eq(enterpriseAuthentications.status, query.status) : undefined,
    query.keyword
      ? or(
          sql`${enterpriseAuthentications.enterpriseName} ilike ${likePattern(query.keyword)}`,
          sql`${enterpriseAuthentications.creditCode} ilike ${likePattern(query.keyword)}`,
          sql`${enterpriseAuthentications.contactName} ilike ${likePattern(query.keyword)}`,
          sql`${users.account} ilike ${likePattern(query.keyword)}`,
        )
      : undefined,
  );
  const { limit, offset } = pageWindow(query.page, query.pageSize);
  const [rows, [total]] = await Promise.all([
    authenticationSelect(db)
      .where(where)
      // The queue first, oldest first; decided ones after, latest decision first.
      .orderBy(
        sql`case when ${enterpriseAuthentications.status} = ${ENTERPRISE_AUTH_STATUS.AUTHING} then 0 else 1 end`,
        sql`case when ${enterpriseAuthentications.status} = ${ENTERPRISE_AUTH_STATUS.AUTHING} then ${enterpriseAuthentications.createdAt} end asc`,
        sql`${enterpriseAuthentications.reviewedAt} desc nulls last`,
        desc(enterpriseAuthentications.id),
      )
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(enterpriseAuthentications).innerJoin(users, eq(users.id, enterpriseAuthentications.userId)).where(where),
  ]);
  return { list: rows.map(toAuthenticationSummary), total: total?.n ?? 0 };
}

/** An authentication with its licence files (the applicant's own uploads only). */
export async function findAuthentication(db: Executor, id: number): Promise<ConsoleAuthentication | undefined> {
  const [row] = await authenticationSelect(db).where(eq(enterpriseAuthentications.id, id)).limit(1);
  if (!row) return undefined;
  const files = row.a.licenseFiles.length
    ? await db.select().from(uploads).where(and(inArray(uploads.id, row.a.licenseFiles), eq(uploads.ownerUserId, row.a.userId)))
    : [];
  const byId = new Map(files.map((f) => [f.id, f]));
  return {
    ...toAuthenticationSummary(row),
    introduction: row.a.introduction,
    licenseUploads: row.a.licenseFiles.flatMap((fileId) => {
      const file = byId.get(fileId);
      return file ? [toUpload(file)] : [];
    }),
  };
}

export async function lockAuthentication(tx: Executor, id: number): Promise<AuthenticationRecord | undefined> {
  const [row] = await tx.select().from(enterpriseAuthentications).where(eq(enterpriseAuthentications.id, id)).for('update').limit(1);
  return row;
}

/** A reviewer's decision, taken now: 1 approved, 2 refused (with the reason). */
export async function saveDecision(tx: Executor, id: number, decision: { status: 1 | 2; reason: string | null; reviewedBy: number }): Promise<void> {
  await tx
    .update(enterpriseAuthentications)
    .set({ ...decision, reviewedAt: new Date() })
    .where(eq(enterpriseAuthentications.id, id));
}

/** The library's entry with this credit code, locked, if any. */
export async function lockLibraryEntry(tx: Executor, creditCode: string): Promise<{ id: number; categoryId: number | null } | undefined> {
  const [row] = await tx
    .select({ id: enterprises.id, categoryId: enterprises.categoryId })
    .from(enterprises)
    .where(eq(enterprises.creditCode, creditCode))
    .for('update')
    .limit(1);
  return row;
}

/** The company of an approved authentication, published in the library: a new entry, or `entryId` taken over. */
export async function saveLibraryEntry(tx: Executor, entryId: number | undefined, a: AuthenticationRecord, categoryId: number | null): Promise<number | undefined> {
  const values = {
    authenticationId: a.id,
    userId: a.userId,
    name: a.enterpriseName,
    creditCode: a.creditCode,
    type: a.type,
    legalRepresentative: a.legalRepresentative,
    categoryId,
    regionId: a.regionId,
    address: a.address,
    introduction: a.introduction,
    published: true,
  };
  if (entryId !== undefined) {
    await tx.update(enterprises).set(values).where(eq(enterprises.id, entryId));
    await refreshEnterpriseVector(tx, entryId);
    return entryId;
  }
  const [row] = await tx.insert(enterprises).values(values).returning({ id: enterprises.id });
  if (row) await refreshEnterpriseVector(tx, row.id);
  return row?.id;
}

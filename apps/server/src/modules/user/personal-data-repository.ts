// The records of one applicant for their copy of their personal data (personal-data.ts).
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  applications,
  applicationSubmissions,
  auditLogs,
  enterpriseAuthentications,
  enterprises,
  forms,
  projects,
  sessions,
  uploads,
  users,
} from '../../db/schema';
import { visibleName } from '../../lib/file-names';

export const FILES_FOLDER = '文件';

/** The records of one applicant; null when the account does not exist. */
export async function personalRecords(db: Database, userId: number) {
  const [account] = await db
    .select({
      id: users.id,
      account: users.account,
      name: users.name,
      mobile: users.mobile,
      email: users.email,
      avatar: users.avatar,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
      // Whether two-factor sign-in is on and since when; never the secret or the recovery codes.
      twoFactorEnabledAt: users.totpEnabledAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!account) return null;
  const [signIns, authentications, libraryEntries, applied, files, actions] = await Promise.all([
    db
      .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, revokedAt: sessions.revokedAt, ip: sessions.ip, userAgent: sessions.userAgent })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(asc(sessions.createdAt)),
    db.select().from(enterpriseAuthentications).where(eq(enterpriseAuthentications.userId, userId)).orderBy(asc(enterpriseAuthentications.createdAt)),
    db
      .select({ id: enterprises.id, name: enterprises.name, creditCode: enterprises.creditCode, published: enterprises.published, createdAt: enterprises.createdAt })
      .from(enterprises)
      .where(eq(enterprises.userId, userId)),
    db
      .select({
        id: applications.id,
        call: projects.title,
        form: forms.title,
        status: applications.status,
        serialNumber: applications.serialNumber,
        version: applications.version,
        data: applications.data,
        submittedAt: applications.submittedAt,
        receiptHash: applications.receiptHash,
        reviewMessage: applications.reviewMessage,
        reviewedAt: applications.reviewedAt,
        createdAt: applications.createdAt,
        updatedAt: applications.updatedAt,
        deletedAt: applications.deletedAt,
      })
      .from(applications)
      .innerJoin(projects, eq(projects.id, applications.projectId))
      .innerJoin(forms, eq(forms.id, applications.formId))
      .where(eq(applications.userId, userId))
      .orderBy(asc(applications.createdAt)),
    db
      .select({ id: uploads.id, name: uploads.originalName, mime: uploads.mime, size: uploads.size, sha256: uploads.sha256, storageKey: uploads.storageKey, createdAt: uploads.createdAt })
      .from(uploads)
      .where(eq(uploads.ownerUserId, userId))
      .orderBy(asc(uploads.id)),
    db
      .select({ action: auditLogs.action, objectType: auditLogs.objectType, objectId: auditLogs.objectId, ip: auditLogs.ip, createdAt: auditLogs.createdAt })
      .from(auditLogs)
      .where(and(eq(auditLogs.actorKind, 'user'), eq(auditLogs.actorId, userId)))
      .orderBy(asc(auditLogs.createdAt)),
  ]);
  const submissions =
    applied.length === 0
      ? []
      : await db
          .select({ applicationId: applicationSubmissions.applicationId, version: applicationSubmissions.version, data: applicationSubmissions.data, receiptHash: applicationSubmissions.receiptHash, submittedAt: applicationSubmissions.submittedAt })
          .from(applicationSubmissions)
          .where(inArray(applicationSubmissions.applicationId, applied.map((a) => a.id)))
          .orderBy(asc(applicationSubmissions.submittedAt));

  const fileEntries = files.map(({ storageKey, ...file }) => ({ ...file, storageKey, inArchive: `${FILES_FOLDER}/${file.id}-${visibleName(file.name)}` }));
  return {
    record: {
      exportedAt: new Date().toISOString(),
      account: (({ twoFactorEnabledAt, ...rest }) => ({ ...rest, twoFactor: { enabled: twoFactorEnabledAt !== null, enabledAt: twoFactorEnabledAt } }))(account),
      signIns,
      // Who at the programme reviewed it is the programme's record, not the applicant's data.
      enterpriseAuthentications: authentications.map(({ reviewedBy: _reviewedBy, ...rest }) => rest),
      enterpriseLibraryEntries: libraryEntries,
      applications: applied.map((application) => ({ ...application, submissions: submissions.filter((s) => s.applicationId === application.id).map(({ applicationId: _id, ...s }) => s) })),
      uploads: fileEntries.map(({ storageKey: _key, ...file }) => file),
      actions,
    },
    files: fileEntries,
  };
}


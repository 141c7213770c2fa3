import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { applications, applicationSubmissions, enterpriseAuthentications, forms, uploads } from '../../db/schema';
import { SENT_TO_STAFF } from '../../shared/sent-to-staff-repository';
import type { UploadRow } from '../../shared/uploads-repository';

export async function insertUpload(db: Database, values: typeof uploads.$inferInsert): Promise<UploadRow> {
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

// Download packages: the application as .docx plus its attachments in one zip. The applicant's
// are built in the background as jobs whose state lives in the database, so any server process
// can answer for them; staff download packages of several applications at once.
import { randomBytes } from 'node:crypto';
import { formFieldsSchema, type DownloadJob, type FormField } from '@flagship/api-client';
import type { FastifyBaseLogger } from 'fastify';
import { and, desc, eq, gt, inArray, lt, lte, not } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { applications, downloadJobs, forms, projects, regions, uploads, users } from '../db/schema';
import { iso } from '../lib/dates';
import { applicationDocx } from '../lib/documents';
import { startSweeper } from '../lib/sweeper';
import { packageZip } from '../lib/zips';
import { newStorageKey, type Storage } from '../lib/storage';
import { documentName, referencedUploads } from './applications';

const JOB_TTL_MS = 24 * 3600_000;
/** A job that has not moved for this long was cut short (the process died): it is failed. */
const STALLED_MS = 5 * 60_000;
const STALLED_ERROR = '打包中断，请重新下载';
/** Pending or running, yet untouched for STALLED_MS. */
const stalled = () => and(inArray(downloadJobs.status, ['pending', 'running']), lt(downloadJobs.updatedAt, new Date(Date.now() - STALLED_MS)))!;

type ApplicationRow = typeof applications.$inferSelect;
export type JobRow = typeof downloadJobs.$inferSelect;

export interface JobDeps {
  db: Database;
  storage: Storage;
  log: FastifyBaseLogger;
}

/** Everything a document of one application needs. */
export interface ApplicationBundle {
  application: ApplicationRow;
  projectTitle: string;
  formTitle: string;
  account: string;
  fields: FormField[];
  /** The applicant's own uploads referenced by file, files and image fields, in field order. */
  attachments: (typeof uploads.$inferSelect)[];
}

export async function loadBundle(db: Executor, applicationId: number): Promise<ApplicationBundle> {
  const [row] = await db
    .select({ application: applications, projectTitle: projects.title, formTitle: forms.title, fields: forms.fields, account: users.account })
    .from(applications)
    .innerJoin(projects, eq(projects.id, applications.projectId))
    .innerJoin(forms, eq(forms.id, applications.formId))
    .innerJoin(users, eq(users.id, applications.userId))
    .where(eq(applications.id, applicationId))
    .limit(1);
  if (!row) throw new Error(`Application ${applicationId} not found`);
  const fields = formFieldsSchema.parse(row.fields);
  const ids = referencedUploads(fields, row.application.data);
  const found =
    ids.length > 0
      ? await db
          .select()
          .from(uploads)
          .where(and(inArray(uploads.id, ids), eq(uploads.ownerUserId, row.application.userId)))
      : [];
  const byId = new Map(found.map((u) => [u.id, u]));
  return {
    application: row.application,
    projectTitle: row.projectTitle,
    formTitle: row.formTitle,
    account: row.account,
    fields,
    attachments: ids.flatMap((id) => byId.get(id) ?? []),
  };
}

/** Region names as full paths (浙江省 杭州市 西湖区). */
export async function regionNames(db: Executor): Promise<Map<number, string>> {
  const rows = await db.select({ id: regions.id, parentId: regions.parentId, name: regions.name }).from(regions);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const path = (id: number): string => {
    const parts: string[] = [];
    for (let r = byId.get(id); r && parts.length < 5; r = r.parentId ? byId.get(r.parentId) : undefined) parts.unshift(r.name);
    return parts.join(' ');
  };
  return new Map(rows.map((r) => [r.id, path(r.id)]));
}

export async function renderBundle(db: Executor, bundle: ApplicationBundle): Promise<Buffer> {
  const names = await regionNames(db);
  const files = new Map(bundle.attachments.map((u) => [u.id, u.originalName]));
  const a = bundle.application;
  return applicationDocx({
    projectTitle: bundle.projectTitle,
    formTitle: bundle.formTitle,
    applicant: bundle.account,
    status: a.status,
    serialNumber: a.serialNumber,
    submittedAt: a.submittedAt,
    sha256: a.receiptHash,
    fields: bundle.fields,
    data: a.data,
    lookups: { region: (id) => names.get(id), file: (id) => files.get(id) },
  });
}

export async function buildPackage(db: Executor, storage: Storage, applicationId: number): Promise<Buffer> {
  const bundle = await loadBundle(db, applicationId);
  const docx = await renderBundle(db, bundle);
  const attachments = [];
  for (const upload of bundle.attachments) {
    const body = await storage.get(upload.storageKey);
    if (!body) throw new Error(`Upload ${upload.id} is missing from storage (${upload.storageKey})`);
    attachments.push({ name: upload.originalName, mime: upload.mime, body });
  }
  return packageZip({ name: `${documentName(bundle)}.docx`, body: docx }, attachments);
}

export function toDownloadJob(job: JobRow): DownloadJob {
  return { name: job.name, status: job.status, error: job.error, createdAt: iso(job.createdAt), expiresAt: iso(job.expiresAt) };
}

/**
 * Housekeeping for everyone's jobs, whichever process made them: jobs left pending or running by a
 * process that died are failed, and expired jobs are deleted with their files.
 */
export async function sweepJobs({ db, storage }: Pick<JobDeps, 'db' | 'storage'>): Promise<void> {
  await db.update(downloadJobs).set({ status: 'failed', error: STALLED_ERROR }).where(stalled());
  const expired = await db
    .select({ id: downloadJobs.id, storageKey: downloadJobs.storageKey })
    .from(downloadJobs)
    .where(lte(downloadJobs.expiresAt, new Date()));
  if (expired.length === 0) return;
  // Files first: a crash in between leaves a row the next sweep finishes, never a file nobody knows.
  for (const job of expired) if (job.storageKey) await storage.delete(job.storageKey);
  await db.delete(downloadJobs).where(inArray(downloadJobs.id, expired.map((job) => job.id)));
}

/** Run `sweepJobs` every `intervalMs` until the returned function is called. */
export function startJobSweeper(deps: JobDeps, intervalMs: number): () => void {
  return startSweeper(
    intervalMs,
    () => sweepJobs(deps),
    (error) => deps.log.error({ err: error }, 'download job sweep failed'),
  );
}

/** Mark a job failed when the process that ran it died half-way. */
export async function failIfStalled(db: Database, job: JobRow): Promise<JobRow> {
  if ((job.status !== 'pending' && job.status !== 'running') || Date.now() - job.updatedAt.getTime() < STALLED_MS) return job;
  const [failed] = await db
    .update(downloadJobs)
    .set({ status: 'failed', error: STALLED_ERROR })
    .where(and(eq(downloadJobs.id, job.id), stalled()))
    .returning();
  if (failed) return failed;
  // Changed meanwhile (failed by the sweeper, say): answer what it is now.
  const [current] = await db.select().from(downloadJobs).where(eq(downloadJobs.id, job.id));
  return current ?? job;
}

/** A user's job by name, with the call and form of its application; expired ones still included. */
export async function findUserJob(db: Database, userId: number, name: string) {
  const [row] = await db
    .select({ job: downloadJobs, projectId: applications.projectId, formId: applications.formId })
    .from(downloadJobs)
    .innerJoin(applications, eq(applications.id, downloadJobs.applicationId))
    .where(and(eq(downloadJobs.name, name), eq(downloadJobs.userId, userId)))
    .limit(1);
  return row;
}

/**
 * The user's job for an application: a live one made after the application last changed, or a
 * new one, started right away in this process.
 */
export async function createOrReuseJob(deps: JobDeps, userId: number, application: ApplicationRow): Promise<JobRow> {
  const { db } = deps;
  const [existing] = await db
    .select()
    .from(downloadJobs)
    .where(
      and(
        eq(downloadJobs.userId, userId),
        eq(downloadJobs.applicationId, application.id),
        inArray(downloadJobs.status, ['pending', 'running', 'done']),
        // A stalled job will never finish: a new one is made instead.
        not(stalled()),
        gt(downloadJobs.expiresAt, new Date()),
        // A job made before the last change would package old data.
        gt(downloadJobs.createdAt, application.updatedAt),
      ),
    )
    .orderBy(desc(downloadJobs.createdAt))
    .limit(1);
  if (existing) return existing;
  const [job] = await db
    .insert(downloadJobs)
    .values({
      name: randomBytes(16).toString('hex'),
      userId,
      applicationId: application.id,
      status: 'pending',
      expiresAt: new Date(Date.now() + JOB_TTL_MS),
    })
    .returning();
  if (!job) throw new Error('Download job was not written');
  setImmediate(() => void runJob(deps, job.id));
  return job;
}

async function runJob({ db, storage, log }: JobDeps, jobId: number): Promise<void> {
  try {
    const [job] = await db
      .update(downloadJobs)
      .set({ status: 'running' })
      .where(and(eq(downloadJobs.id, jobId), eq(downloadJobs.status, 'pending')))
      .returning();
    if (!job) return;
    const zip = await buildPackage(db, storage, job.applicationId);
    const storageKey = newStorageKey('downloads', 'zip');
    await storage.put(storageKey, zip);
    await db.update(downloadJobs).set({ status: 'done', storageKey, error: null }).where(eq(downloadJobs.id, jobId));
  } catch (error) {
    log.error({ err: error, jobId }, 'download job failed');
    await db
      .update(downloadJobs)
      .set({ status: 'failed', error: '打包失败，请稍后重试' })
      .where(eq(downloadJobs.id, jobId))
      .catch(() => {});
  }
}

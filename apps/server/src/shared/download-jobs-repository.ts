// Download packages: the application as .docx plus its attachments in one zip. The applicant's
// are built by the job queue (kind `application-package`, any instance, retried) while their
// state lives in download_jobs, which is what the API reads; staff download packages of several
// applications at once. Packages are written into storage as streams, attachment after attachment.
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { formFieldsSchema, type DownloadJob, type FormField, type TextLookups } from '@flagship/api-client';
import type { FastifyBaseLogger } from 'fastify';
import { and, desc, eq, gt, inArray, lt, lte, not } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { applications, downloadJobs, forms, projects, regions, uploads, users } from '../db/schema';
import { iso } from '../lib/dates';
import { visibleName } from '../lib/file-names';
import { applicationDocx } from '../lib/documents';
import type { JobOptions, Jobs } from '../lib/jobs';
import { packageZipStream, type PackageFile } from '../lib/zips';
import { newStorageKey, type Storage } from '../lib/storage';
import { documentName, referencedUploads } from './applications';
import { reviewSummaryOf } from './review-summary-repository';

const JOB_TTL_MS = 24 * 3600_000;
const REUSE_MARGIN_MS = 3600_000;
/** The queue's kind for one applicant's package, and for the sweep of everyone's download jobs. */
export const PACKAGE_JOB = 'application-package';
export const DOWNLOAD_SWEEP_JOB = 'download-jobs-sweep';
/** Every 10 minutes, by one instance. */
const SWEEP_CRON = '*/10 * * * *';
/**
 * An attempt is presumed dead after PACKAGE_ATTEMPT_S (pg-boss notices a killed worker sooner, by
 * its missing heartbeat) and retried twice: 5 then 10 s later (pg-boss adds up to as much again).
 */
const PACKAGE_ATTEMPT_S = 10 * 60;
const PACKAGE_JOB_OPTIONS = { retryLimit: 2, retryDelay: 5, retryBackoff: true, expireInSeconds: PACKAGE_ATTEMPT_S } satisfies JobOptions;
/**
 * A row pending or running yet untouched for this long will not finish: no attempt of the queue
 * can still be on it (each attempt touches the row when it starts, and lives at most
 * PACKAGE_ATTEMPT_S; the retry delays and a wait in a busy queue fit in the rest). It is failed.
 */
const STALLED_MS = PACKAGE_ATTEMPT_S * 1000 + 10 * 60_000;
const STALLED_ERROR = '打包中断，请重新下载';
const FAILED_ERROR = '打包失败，请稍后重试';
/** Pending or running, yet untouched for STALLED_MS. */
const stalled = () => and(inArray(downloadJobs.status, ['pending', 'running']), lt(downloadJobs.updatedAt, new Date(Date.now() - STALLED_MS)))!;

type ApplicationRow = typeof applications.$inferSelect;
export type JobRow = typeof downloadJobs.$inferSelect;

export interface JobDeps {
  db: Database;
  storage: Storage;
  log: FastifyBaseLogger;
  jobs: Jobs;
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

/** How a bundle's region and file values read in its documents. */
export async function bundleLookups(db: Executor, bundle: ApplicationBundle): Promise<TextLookups> {
  const names = await regionNames(db);
  // Names as they show, also of files stored before names were cleaned.
  const files = new Map(bundle.attachments.map((u) => [u.id, visibleName(u.originalName)]));
  return { region: (id) => names.get(id), file: (id) => files.get(id) };
}

/** The document; `forStaff` adds the experts' reviews (who wrote them included), never for the applicant. */
export async function renderBundle(db: Executor, bundle: ApplicationBundle, options: { forStaff?: boolean } = {}): Promise<Buffer> {
  const lookups = await bundleLookups(db, bundle);
  const reviews = options.forStaff ? await reviewSummaryOf(db, bundle.application) : null;
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
    lookups,
    eligibility: a.eligibility,
    reviews,
  });
}

/**
 * One application's package as a stream (`name` is the zip's file name): the document first, then
 * each attachment opened from storage when its turn comes. A missing attachment fails the stream.
 */
export async function packageStream(db: Executor, storage: Storage, applicationId: number, options: { forStaff?: boolean } = {}): Promise<{ name: string; body: Readable }> {
  const bundle = await loadBundle(db, applicationId);
  const docx = await renderBundle(db, bundle, options);
  async function* attachments(): AsyncGenerator<PackageFile> {
    for (const upload of bundle.attachments) {
      const stored = await storage.open(upload.storageKey);
      if (!stored) throw new Error(`Upload ${upload.id} is missing from storage (${upload.storageKey})`);
      yield { name: upload.originalName, mime: upload.mime, body: stored.body };
    }
  }
  return { name: `${documentName(bundle)}.zip`, body: packageZipStream({ name: `${documentName(bundle)}.docx`, body: docx }, attachments()) };
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
 * The user's job for an application: a live one made after the application last changed (with an
 * hour left before it expires), or a new one, queued.
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
        // One about to expire may be swept between the status poll and the download: an hour left at least.
        gt(downloadJobs.expiresAt, new Date(Date.now() + REUSE_MARGIN_MS)),
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
  try {
    await queuePackage(deps.jobs, job.id);
  } catch (error) {
    deps.log.error({ err: error, jobId: job.id }, 'download job could not be queued');
    const [failed] = await db.update(downloadJobs).set({ status: 'failed', error: FAILED_ERROR }).where(eq(downloadJobs.id, job.id)).returning();
    return failed ?? job;
  }
  return job;
}

/** Queue the building of a download job's package; its row's id keeps it from being built twice at once. */
async function queuePackage(jobs: Jobs, jobId: number): Promise<void> {
  await jobs.send<PackageJob>(PACKAGE_JOB, { jobId }, { ...PACKAGE_JOB_OPTIONS, singletonKey: `download-job:${jobId}` });
}

interface PackageJob {
  jobId: number;
}

/**
 * Register the package builder and the sweep with the queue (every instance works both), and
 * queue again the jobs left unfinished: the in-process queue of the embedded start loses its queue
 * with the process; on pg-boss the singleton key refuses a job that is still queued.
 */
export async function startDownloadJobs(deps: JobDeps): Promise<void> {
  const { db, jobs, log } = deps;
  await jobs.work<PackageJob>(
    PACKAGE_JOB,
    {
      onFailed: async ({ jobId }) => {
        await db
          .update(downloadJobs)
          .set({ status: 'failed', error: FAILED_ERROR })
          .where(and(eq(downloadJobs.id, jobId), inArray(downloadJobs.status, ['pending', 'running'])));
      },
    },
    ({ jobId }, attempt) => runJob(deps, jobId, attempt.signal),
  );
  await jobs.work(DOWNLOAD_SWEEP_JOB, { concurrency: 1 }, () => sweepJobs(deps));
  await jobs.schedule(DOWNLOAD_SWEEP_JOB, SWEEP_CRON);
  const unfinished = await db
    .select({ id: downloadJobs.id })
    .from(downloadJobs)
    .where(and(inArray(downloadJobs.status, ['pending', 'running']), not(stalled())));
  for (const job of unfinished) await queuePackage(jobs, job.id);
  if (unfinished.length > 0) log.info({ jobs: unfinished.length }, 'unfinished download jobs queued again');
}

/** One attempt at a job's package: marks it running, streams the zip into storage, marks it done. Throws to be retried. */
async function runJob({ db, storage }: JobDeps, jobId: number, signal: AbortSignal): Promise<void> {
  // Touches the row too (updated_at): the stall check counts from the latest attempt.
  const [job] = await db
    .update(downloadJobs)
    .set({ status: 'running' })
    .where(and(eq(downloadJobs.id, jobId), inArray(downloadJobs.status, ['pending', 'running'])))
    .returning();
  // Done, failed or swept meanwhile: nothing left to do.
  if (!job) return;
  const storageKey = newStorageKey('downloads', 'zip');
  const { body } = await packageStream(db, storage, job.applicationId);
  signal.addEventListener('abort', () => body.destroy(signal.reason instanceof Error ? signal.reason : new Error('job aborted')), { once: true });
  await storage.put(storageKey, body);
  const [done] = await db
    .update(downloadJobs)
    .set({ status: 'done', storageKey, error: null })
    .where(and(eq(downloadJobs.id, jobId), eq(downloadJobs.status, 'running')))
    .returning({ id: downloadJobs.id });
  // Failed by the sweeper meanwhile: the file would belong to nobody.
  if (!done) await storage.delete(storageKey);
}

// Staff's spreadsheets and batch downloads, built off the request: the handler records a job and
// queues it; a worker (on any instance) writes the file into storage as a stream, saving its
// progress as it goes; the console polls the job and fetches the file once it is done.
import type { Readable } from 'node:stream';
import { APPLY_STATUS_LABELS, eligibilityText, fieldValueToText, type FormField } from '@flagship/api-client';
import type { AppContext } from '../../../context';
import type { JobOptions } from '../../../lib/jobs';
import { beijingTime } from '../../../lib/beijing-time';
import { newStorageKey } from '../../../lib/storage';
import { workbookStream, type WorkbookSheet } from '../../../lib/workbook';
import { zipOfZipsStream, ZipTooLargeError } from '../../../lib/zips';
import { referencedUploads } from '../../../shared/applications';
import { loadBundle, packageStream, regionNames } from '../../../shared/download-jobs-repository';
import {
  claimStaffJob,
  deleteStaffJobs,
  expiredStaffJobs,
  exportedApplications,
  failStaffJob,
  failStalledStaffJobs,
  finishStaffJob,
  projectForms,
  saveStaffJobProgress,
  sentApplicationsOf,
  unfinishedStaffJobs,
  uploadNames,
  type ApplyRow,
  type StaffJobRow,
} from './repository';

/** Queue kinds: one per kind of staff job, and the housekeeping. */
export const STAFF_JOB_QUEUES = { export: 'staff-export', download: 'staff-download' } as const satisfies Record<StaffJobRow['kind'], string>;
const SWEEP_QUEUE = 'staff-jobs-sweep';

/** How long a finished file is kept. */
export const STAFF_JOB_TTL_MS = 24 * 3600_000;
/** An attempt running longer than this is taken for dead (pg-boss notices a killed worker sooner) and retried. */
const ATTEMPT_SECONDS = 10 * 60;
const JOB_OPTIONS = { retryLimit: 2, retryDelay: 5, retryBackoff: true, expireInSeconds: ATTEMPT_SECONDS } satisfies JobOptions;
/**
 * A job untouched for this long will not finish (each attempt touches the row when it starts and
 * as it moves, and lives at most ATTEMPT_SECONDS; retry delays fit in the rest): it is failed.
 */
const STALLED_MS = ATTEMPT_SECONDS * 1000 + 10 * 60_000;

const FAILED: Record<StaffJobRow['kind'], string> = { export: '导出失败，请稍后重试', download: '打包失败，请稍后重试' };
const STALLED_ERROR = '任务中断，请重新开始';

interface JobData {
  jobId: number;
}

/** No retry makes a zip past 4 GB possible: fewer applications per download do. */
const TOO_LARGE = '所选申报的文件合计超过 4 GB，无法打包成一个文件，请分批选择后下载';

/** A failure that a retry cannot mend (a file gone from storage): the job fails at once with this message. */
class StaffJobFailure extends Error {}

/** Queue a recorded job; the job's name keeps it from running twice at once. */
export async function queueStaffJob({ jobs }: Pick<AppContext, 'jobs'>, job: StaffJobRow): Promise<void> {
  await jobs.send<JobData>(STAFF_JOB_QUEUES[job.kind], { jobId: job.id }, { ...JOB_OPTIONS, singletonKey: job.name });
}

/**
 * Register the workers of staff jobs and their sweep, and queue again what was left unfinished
 * (the in-process queue of the embedded start loses its queue with the process; on pg-boss the
 * singleton key refuses a job that is still queued).
 */
export async function startStaffJobs(ctx: AppContext): Promise<void> {
  const { db, jobs, log } = ctx;
  for (const kind of ['export', 'download'] as const) {
    await jobs.work<JobData>(
      STAFF_JOB_QUEUES[kind],
      { onFailed: async ({ jobId }) => failStaffJob(db, jobId, FAILED[kind]) },
      async ({ jobId }, attempt) => {
        const job = await claimStaffJob(db, jobId);
        // Done, failed or swept meanwhile: nothing left to do.
        if (!job) return;
        try {
          await (kind === 'export' ? runExport : runDownload)(ctx, job, attempt.signal);
        } catch (error) {
          if (!(error instanceof StaffJobFailure)) throw error;
          log.warn({ err: error, job: job.name }, 'staff job failed');
          await failStaffJob(db, job.id, error.message);
        }
      },
    );
  }
  await jobs.work(SWEEP_QUEUE, { concurrency: 1 }, () => sweepStaffJobs(ctx));
  // Every 10 minutes, by one instance (as the download jobs' sweep).
  await jobs.schedule(SWEEP_QUEUE, '*/10 * * * *');
  for (const job of await unfinishedStaffJobs(db)) await queueStaffJob(ctx, job);
}

/** Expired jobs go with their files; jobs that stopped moving are failed. */
export async function sweepStaffJobs({ db, storage }: Pick<AppContext, 'db' | 'storage'>): Promise<void> {
  await failStalledStaffJobs(db, new Date(Date.now() - STALLED_MS), STALLED_ERROR);
  const expired = await expiredStaffJobs(db, new Date());
  // Files first: a crash in between leaves a row the next sweep finishes, never a file nobody knows.
  for (const job of expired) if (job.storageKey) await storage.delete(job.storageKey);
  await deleteStaffJobs(db, expired.map((job) => job.id));
}

/** Write the file under a new key; a job that stopped running meanwhile leaves nothing behind. */
async function store({ db, storage }: AppContext, job: StaffJobRow, extension: string, body: Readable, total: number, signal: AbortSignal) {
  const key = newStorageKey('staff-jobs', extension);
  // The queue stopping (or giving the attempt up) ends the writing; the attempt is retried.
  signal.addEventListener('abort', () => body.destroy(signal.reason instanceof Error ? signal.reason : new Error('job aborted')), { once: true });
  await storage.put(key, body);
  if (!(await finishStaffJob(db, job.id, key, total))) await storage.delete(key);
}

/** The call's applications as a spreadsheet, one sheet per form, one column per field. */
async function runExport(ctx: AppContext, job: StaffJobRow, signal: AbortSignal): Promise<void> {
  const { db } = ctx;
  const { formId, status } = job.input;
  const formList = await projectForms(db, job.projectId, formId);
  const rows = await exportedApplications(db, job.projectId, { formId, status });
  const total = rows.length;
  await saveStaffJobProgress(db, job.id, 0, total);

  const fieldsOf = new Map(formList.map((f) => [f.id, f.fields]));
  const regionsById = await regionNames(db);
  const fileNames = await uploadNames(
    db,
    rows.flatMap((r) => {
      const fields = fieldsOf.get(r.application.formId);
      return fields ? referencedUploads(fields, r.application.data) : [];
    }),
  );
  const lookups = { region: (id: number) => regionsById.get(id), file: (id: number) => fileNames.get(id) };
  const sheets: WorkbookSheet[] = formList.map((form) => {
    const fields = form.fields.filter((f): f is Exclude<FormField, { kind: 'section' }> => f.kind !== 'section');
    return {
      title: form.title,
      columns: [
        { header: '申报编号', width: 18 },
        { header: '申报人', width: 24 },
        { header: '状态', width: 10 },
        { header: '提交时间', width: 18 },
        { header: '申报资格', width: 30 },
        ...fields.map((f) => ({ header: f.label })),
      ],
      rows: rows
        .filter((r) => r.application.formId === form.id)
        .map(({ application: a, applicantName, account }) => [
          a.serialNumber ?? '',
          applicantName ? `${applicantName}（${account}）` : account,
          APPLY_STATUS_LABELS[a.status],
          a.submittedAt ? beijingTime(a.submittedAt) : '',
          eligibilityText(a.eligibility),
          ...fields.map((f) => fieldValueToText(f, a.data[f.key], lookups)),
        ]),
    };
  });
  if (formList.length === 0) sheets.push({ title: '申报', columns: [], rows: [['该项目还没有申报表单']] });
  const body = workbookStream(sheets, (written) => saveStaffJobProgress(db, job.id, Math.min(written, total), total));
  await store(ctx, job, 'xlsx', body, total, signal);
}

/** The chosen applications' packages (each one's .docx and attachments) in one zip, one package after another. */
async function runDownload(ctx: AppContext, job: StaffJobRow, signal: AbortSignal): Promise<void> {
  const { db, storage } = ctx;
  const ids = job.input.ids ?? [];
  const byId = new Map((await sentApplicationsOf(db, job.projectId, ids)).map((r) => [r.application.id, r]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length > 0) throw new StaffJobFailure(`申报 ${missing.join('、')} 已撤回或不存在，请重新选择`);
  const rows = ids.map((id) => byId.get(id) as ApplyRow);
  const total = rows.length;
  await saveStaffJobProgress(db, job.id, 0, total);

  let done = 0;
  let current: ApplyRow | undefined;
  async function* packages() {
    for (const r of rows) {
      current = r;
      yield packageStream(db, storage, r.application.id, { forStaff: true });
      // Asked for the next one: the previous package is written.
      done += 1;
      await saveStaffJobProgress(db, job.id, done, total);
    }
  }
  try {
    await store(ctx, job, 'zip', zipOfZipsStream(packages()), total, signal);
  } catch (error) {
    if (error instanceof ZipTooLargeError) throw new StaffJobFailure(TOO_LARGE);
    if (current && !signal.aborted) await explainMissingFile(ctx, current);
    throw error;
  }
}

/** A package fails when a file of it is gone from storage: no retry mends that, so say which one. */
async function explainMissingFile({ db, storage }: AppContext, row: ApplyRow): Promise<void> {
  const bundle = await loadBundle(db, row.application.id);
  for (const upload of bundle.attachments) {
    const found = await storage.open(upload.storageKey);
    if (!found) throw new StaffJobFailure(`申报 ${row.application.serialNumber ?? row.application.id} 的附件「${upload.originalName}」已不存在，无法打包`);
    found.body.destroy();
  }
}

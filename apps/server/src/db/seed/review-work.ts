// Work for the reviewers of a fresh demo: the applicants of data-applicants.ts, their uploads
// (real files in storage), their applications and two pending enterprise authentications. Data
// is checked by the same form schema and serial counter the server uses on submission.
import { buildApplicationSchema, ENTERPRISE_AUTH_STATUS, formFieldsSchema, submitAuthenticationBody, type UploadInfo } from '@flagship/api-client';
import { asc, eq } from 'drizzle-orm';
import { sha256Hex } from '../../auth/tokens';
import { canonicalJson } from '../../lib/canonical-json';
import { newStorageKey, type Storage } from '../../lib/storage';
import type { Executor } from '../client';
import { applications, applicationSubmissions, enterpriseAuthentications, forms, projects, uploads, users } from '../schema';
import { nextSerial } from '../serials';
import { AUTHENTICATIONS, APPLICANTS, APPLICATIONS, type ApplicationSeed, type FileSeed } from './data-applicants';
import { demoPdf, demoPng } from './demo-files';
import { addDays, isoDate } from './helpers';

const HOUR_MS = 3_600_000;

export interface ReviewWorkOptions {
  now: Date;
  storage: Storage;
  /** Hash of DEMO_APPLICANT_PASSWORD. */
  passwordHash: string;
  /** The staff member the decided applications are signed by. */
  reviewerId: number | null;
  regionId(name: string): number;
  creditCode(district: string, orgBody: string): string;
}

const isFileSeed = (value: unknown): value is FileSeed => typeof value === 'object' && value !== null && 'file' in value && 'type' in value;

/** The data with each file placeholder (top-level file, files and image values) turned into an upload id. */
export async function placeFiles(raw: Record<string, unknown>, upload: (seed: FileSeed) => Promise<number>): Promise<Record<string, unknown>> {
  const data = { ...raw };
  for (const [key, value] of Object.entries(raw)) {
    if (isFileSeed(value)) data[key] = await upload(value);
    else if (Array.isArray(value) && value.length > 0 && value.every(isFileSeed)) data[key] = await Promise.all(value.map(upload));
  }
  return data;
}

export async function seedReviewWork(tx: Executor, options: ReviewWorkOptions): Promise<{ users: number; applications: number; authentications: number }> {
  const { now, storage } = options;
  const daysAgo = (days: number, hours = 0) => new Date(now.getTime() - days * 24 * HOUR_MS - hours * HOUR_MS);

  const userRows = await tx
    .insert(users)
    .values(APPLICANTS.map((a) => ({ account: a.account, passwordHash: options.passwordHash, name: a.name, mobile: a.mobile, email: a.email, createdAt: daysAgo(a.joinedDaysAgo), updatedAt: daysAgo(a.joinedDaysAgo) })))
    .returning({ id: users.id, account: users.account });
  const userId = (account: string) => {
    const row = userRows.find((u) => u.account === account);
    if (!row) throw new Error(`Seed data refers to an unknown applicant: ${account}`);
    return row.id;
  };

  const files = new Map<number, UploadInfo>();
  /** A demo file written to storage and recorded as the applicant's upload. */
  const upload = async (owner: number, seed: FileSeed, at: Date): Promise<number> => {
    const body = seed.type === 'pdf' ? demoPdf(`Demo: ${seed.file.replace(/\.pdf$/, '')}`) : demoPng(480, 320, [214, 196, 170], [122, 38, 34]);
    const mime = seed.type === 'pdf' ? 'application/pdf' : 'image/png';
    const storageKey = newStorageKey('uploads', seed.type, at);
    await storage.put(storageKey, body);
    const [row] = await tx
      .insert(uploads)
      .values({ ownerUserId: owner, originalName: seed.file, storageKey, mime, size: body.length, sha256: sha256Hex(body), createdAt: at })
      .returning({ id: uploads.id });
    if (!row) throw new Error('Seeding an upload returned no row');
    files.set(row.id, { name: seed.file, mime, size: body.length });
    return row.id;
  };

  const formRows = await tx
    .select({ id: forms.id, projectId: forms.projectId, fields: forms.fields, call: projects.title })
    .from(forms)
    .innerJoin(projects, eq(projects.id, forms.projectId))
    .orderBy(asc(forms.sort), asc(forms.id));
  const firstForm = (seed: ApplicationSeed) => {
    const form = formRows.find((f) => f.call.endsWith(`年度${seed.call}`));
    if (!form) throw new Error(`Seed data refers to an unknown call: ${seed.call}`);
    return form;
  };

  // In order of submission, so serial numbers follow time as they do on the server.
  const ordered = [...APPLICATIONS].sort((a, b) => b.submittedDaysAgo - a.submittedDaysAgo);
  for (const seed of ordered) {
    const owner = userId(seed.applicant);
    const form = firstForm(seed);
    const submittedAt = daysAgo(seed.submittedDaysAgo, 3);
    const typed = seed.data({ regionId: options.regionId, creditCode: options.creditCode, day: (days) => isoDate(addDays(now, days)) });
    const raw = await placeFiles(typed, (file) => upload(owner, file, addDays(submittedAt, -1)));
    const fields = formFieldsSchema.parse(form.fields);
    const parsed = buildApplicationSchema(fields, { mode: 'submit', files: (id) => files.get(id) }).safeParse(raw);
    if (!parsed.success) throw new Error(`Seed application of ${seed.applicant} fails its form: ${parsed.error.issues[0]?.message}`);
    const data = parsed.data as Record<string, unknown>;
    const decidedAt = seed.decidedDaysAgo === undefined ? null : daysAgo(seed.decidedDaysAgo, 1);
    // Version 1 on submission, one more per review step (reviewing, then the decision).
    const version = { submitted: 1, reviewing: 2, returned: 3, approved: 3, rejected: 3 }[seed.status];
    const receiptHash = sha256Hex(canonicalJson(data));
    const [row] = await tx.insert(applications).values({
      userId: owner,
      projectId: form.projectId,
      formId: form.id,
      data,
      status: seed.status,
      version,
      serialNumber: await nextSerial(tx, submittedAt),
      submittedAt,
      receiptHash,
      reviewMessage: seed.message ?? null,
      reviewedBy: decidedAt ? options.reviewerId : null,
      reviewedAt: decidedAt,
      createdAt: addDays(submittedAt, -2),
      updatedAt: decidedAt ?? submittedAt,
    }).returning({ id: applications.id });
    // As sent: the submission's own record, version 1 with its receipt.
    await tx.insert(applicationSubmissions).values({ applicationId: row!.id, version: 1, data, receiptHash, submittedAt });
  }

  for (const seed of AUTHENTICATIONS) {
    const owner = userId(seed.applicant);
    const submittedAt = daysAgo(seed.submittedDaysAgo, 2);
    const licence = await upload(owner, { file: seed.licence, type: 'png' }, submittedAt);
    // The applicant's form, checked as the portal's submission is.
    const body = submitAuthenticationBody.parse({
      enterpriseName: seed.enterpriseName,
      creditCode: options.creditCode(seed.district, seed.orgBody),
      type: seed.type,
      legalRepresentative: seed.legalRepresentative,
      regionId: options.regionId(seed.district),
      address: seed.address,
      contactName: seed.contactName,
      contactPhone: seed.contactPhone,
      licenseFiles: [licence],
      introduction: seed.introduction,
    });
    await tx.insert(enterpriseAuthentications).values({ ...body, userId: owner, status: ENTERPRISE_AUTH_STATUS.AUTHING, createdAt: submittedAt, updatedAt: submittedAt });
  }

  return { users: userRows.length, applications: APPLICATIONS.length, authentications: AUTHENTICATIONS.length };
}

// The whole domain in one Drizzle schema (docs/architecture.md has the glossary). One schema and one set of generated
// migrations serve both drivers, PGlite and PostgreSQL. Column names are snake_case; the
// TypeScript properties are their camelCase twins.
// The named values (statuses, kinds, roles) are the contract's, so the columns' checks and the API agree.
import {
  ACCOUNT_DELETION_STATUSES,
  ACTOR_KINDS,
  APPLY_STATUSES,
  ASSIGNMENT_STATUSES,
  CATEGORY_KINDS,
  PEER_VISIBILITY,
  REVIEW_RECOMMENDATIONS,
  RESULT_ANNOUNCEMENT_STATUSES,
  DOWNLOAD_STATUSES,
  ENTERPRISE_AUTH_STATUS,
  STAFF_JOB_KINDS,
  STAFF_JOB_STATUSES,
  STAFF_ROLES,
  type ApplyStatus,
  type Criterion,
  type EligibilityCheck,
  type EligibilityQuestion,
  type FormField,
} from '@flagship/api-client';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/** A `tsvector` for keyword search; fill it with `searchVectorSql(...)` from `./search`. */
export const tsvector = customType<{ data: string; driverData: string }>({
  dataType() {
    return 'tsvector';
  },
});

/** What a staff challenge is for (server-side only). */
export const STAFF_CHALLENGE_PURPOSES = ['login', 'passkeyRegister', 'passkeyReauth'] as const;

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => timestamptz('created_at').notNull().defaultNow();
const updatedAt = () =>
  timestamptz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
/** Two-factor sign-in (issue 16), the same columns for staff and applicants. */
const twoFactorColumns = () => ({
  /** The TOTP secret (base32), set at enrolment, in use once `totpEnabledAt` is set. */
  totpSecret: text('totp_secret'),
  totpEnabledAt: timestamptz('totp_enabled_at'),
  /** The last TOTP time step accepted, so a code is not accepted twice. */
  totpLastStep: integer('totp_last_step'),
  /** SHA-256 of the unused recovery codes. */
  recoveryCodeHashes: jsonb('recovery_code_hashes').$type<string[]>().notNull().default([]),
});
const searchVector = () => tsvector('search_vector').notNull().default(sql`''::tsvector`);

/** Values like `a`, `b` for a check constraint: `column in ('a', 'b')`. */
const oneOf = (values: readonly (string | number)[]) =>
  sql.raw(values.map((v) => (typeof v === 'number' ? String(v) : `'${v.replaceAll("'", "''")}'`)).join(', '));

// ---------------------------------------------------------------------------------------------
// Value types of the jsonb columns and the text enumerations.

export interface FriendlyLink {
  name: string;
  url: string;
}
export interface Banner {
  title: string;
  subtitle: string;
  link: string;
  image: string;
}
export interface Attachment {
  name: string;
  url: string;
  /** Bytes. */
  size: number;
}
export type FormFieldDefinition = FormField;

export const VERIFICATION_PURPOSES = ['findPassword'] as const;

// ---------------------------------------------------------------------------------------------
// Base data and settings.

export const regions = pgTable(
  'regions',
  {
    id: id(),
    parentId: integer('parent_id').references((): AnyPgColumn => regions.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    /** 1 province, 2 city, 3 district. */
    level: smallint('level').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('regions_parent_idx').on(t.parentId, t.sort), check('regions_level_check', sql`${t.level} between 1 and 3`)],
);

export const categories = pgTable(
  'categories',
  {
    id: id(),
    kind: text('kind', { enum: CATEGORY_KINDS }).notNull(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('categories_kind_idx').on(t.kind, t.sort), check('categories_kind_check', sql`${t.kind} in (${oneOf(CATEGORY_KINDS)})`)],
);

/** A single row, id 1. */
export const settings = pgTable(
  'settings',
  {
    id: integer('id').primaryKey().default(1),
    siteTitle: text('site_title').notNull().default(''),
    /** HTML. */
    about: text('about').notNull().default(''),
    friendlyLinks: jsonb('friendly_links').$type<FriendlyLink[]>().notNull().default([]),
    supportCredit: text('support_credit').notNull().default(''),
    copyright: text('copyright').notNull().default(''),
    banners: jsonb('banners').$type<Banner[]>().notNull().default([]),
    accessPasswordEnabled: boolean('access_password_enabled').notNull().default(false),
    accessPasswordHash: text('access_password_hash'),
    /** Staff must have two-factor sign-in on (issue 16). */
    staffTwoFactorRequired: boolean('staff_two_factor_required').notNull().default(false),
    /** Unsent drafts of closed calls are deleted this many days after the call closed; null keeps them (PIPL retention). */
    draftRetentionDays: integer('draft_retention_days'),
    /** Uploads nothing refers to are deleted after this many hours; null uses ORPHAN_UPLOAD_GRACE_HOURS. */
    orphanUploadGraceHours: integer('orphan_upload_grace_hours'),
    updatedAt: updatedAt(),
  },
  (t) => [check('settings_single_row_check', sql`${t.id} = 1`)],
);

// ---------------------------------------------------------------------------------------------
// Applicants, staff and their sessions.

export const users = pgTable(
  'users',
  {
    id: id(),
    /** Lower case: a mobile number or an e-mail address. */
    account: text('account').notNull().unique('users_account_unique'),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull().default(''),
    mobile: text('mobile').notNull().default(''),
    email: text('email').notNull().default(''),
    /** Upload id of the avatar image. */
    avatar: integer('avatar').references((): AnyPgColumn => uploads.id, { onDelete: 'set null' }),
    /** Set when the account was deleted at the applicant's request: the row stays, anonymised, for their submitted applications. */
    anonymizedAt: timestamptz('anonymized_at'),
    /** Optional for applicants: TOTP and recovery codes. */
    ...twoFactorColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('users_account_lower_check', sql`${t.account} = lower(${t.account})`)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    /** SHA-256 (hex) of the token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique('sessions_token_hash_unique'),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const staff = pgTable(
  'staff',
  {
    id: id(),
    account: text('account').notNull().unique('staff_account_unique'),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull().default(''),
    role: text('role', { enum: STAFF_ROLES }).notNull().default('reviewer'),
    disabled: boolean('disabled').notNull().default(false),
    /** For the role `expert`: the library entry this account reviews as (one account per entry). */
    expertId: integer('expert_id')
      .unique('staff_expert_unique')
      .references((): AnyPgColumn => experts.id, { onDelete: 'restrict' }),
    ...twoFactorColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    check('staff_role_check', sql`${t.role} in (${oneOf(STAFF_ROLES)})`),
    check('staff_expert_check', sql`(${t.role} = 'expert') = (${t.expertId} is not null)`),
  ],
);

/** An expert's invitation: a one-time link to set the password of their review account. */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: id(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique('staff_invitations_token_hash_unique'),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    acceptedAt: timestamptz('accepted_at'),
  },
  (t) => [index('staff_invitations_staff_idx').on(t.staffId)],
);

export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique('staff_sessions_token_hash_unique'),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** When the owner last proved themselves (password or TOTP): sensitive actions need it recent. */
    verifiedAt: timestamptz('verified_at').notNull().defaultNow(),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId), index('staff_sessions_expires_idx').on(t.expiresAt)],
);

// ---------------------------------------------------------------------------------------------
// Uploads.

export const uploads = pgTable(
  'uploads',
  {
    id: id(),
    ownerUserId: integer('owner_user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    ownerStaffId: integer('owner_staff_id').references(() => staff.id, { onDelete: 'set null' }),
    originalName: text('original_name').notNull(),
    /** Generated storage key (relative path under the uploads root or object key). */
    storageKey: text('storage_key').notNull().unique('uploads_storage_key_unique'),
    /** Sniffed MIME type. */
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    public: boolean('public').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_owner_user_idx').on(t.ownerUserId, t.createdAt.desc().nullsFirst()), index('uploads_sha256_idx').on(t.sha256)],
);

// ---------------------------------------------------------------------------------------------
// Enterprises.

export const enterpriseAuthentications = pgTable(
  'enterprise_authentications',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    enterpriseName: text('enterprise_name').notNull(),
    creditCode: text('credit_code').notNull(),
    type: text('type').notNull(),
    legalRepresentative: text('legal_representative').notNull(),
    regionId: integer('region_id').references(() => regions.id, { onDelete: 'set null' }),
    address: text('address').notNull().default(''),
    contactName: text('contact_name').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    /** Upload ids of the business licence images. */
    licenseFiles: jsonb('license_files').$type<number[]>().notNull().default([]),
    /** HTML. */
    introduction: text('introduction').notNull().default(''),
    /** ENTERPRISE_AUTH_STATUS: 0 under review, 1 authenticated, 2 not passed. */
    status: smallint('status').notNull().default(ENTERPRISE_AUTH_STATUS.AUTHING),
    reason: text('reason'),
    reviewedBy: integer('reviewed_by').references(() => staff.id, { onDelete: 'set null' }),
    reviewedAt: timestamptz('reviewed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('enterprise_authentications_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('enterprise_authentications_status_idx').on(t.status, t.createdAt.desc().nullsFirst()),
    check('enterprise_authentications_status_check', sql`${t.status} in (0, 1, 2)`),
  ],
);

/** The public enterprise library. */
export const enterprises = pgTable(
  'enterprises',
  {
    id: id(),
    authenticationId: integer('authentication_id')
      .unique('enterprises_authentication_id_unique')
      .references(() => enterpriseAuthentications.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    creditCode: text('credit_code').notNull().unique('enterprises_credit_code_unique'),
    type: text('type').notNull().default(''),
    legalRepresentative: text('legal_representative').notNull().default(''),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    regionId: integer('region_id').references(() => regions.id, { onDelete: 'set null' }),
    address: text('address').notNull().default(''),
    /** HTML. */
    introduction: text('introduction').notNull().default(''),
    logo: text('logo'),
    /** `YYYY-MM-DD`. */
    establishedOn: date('established_on', { mode: 'string' }),
    published: boolean('published').notNull().default(false),
    searchVector: searchVector(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('enterprises_search_idx').using('gin', t.searchVector),
    index('enterprises_published_idx').on(t.published, t.id.desc().nullsFirst()),
    index('enterprises_category_idx').on(t.categoryId),
    index('enterprises_region_idx').on(t.regionId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Content: experts, notices, funding calls and their forms.

export const experts = pgTable(
  'experts',
  {
    id: id(),
    name: text('name').notNull(),
    photo: text('photo'),
    title: text('title').notNull().default(''),
    organisation: text('organisation').notNull().default(''),
    specialities: jsonb('specialities').$type<string[]>().notNull().default([]),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    regionId: integer('region_id').references(() => regions.id, { onDelete: 'set null' }),
    /** HTML. */
    biography: text('biography').notNull().default(''),
    /** Organisations the expert works for or with, one per line: checked against applicants. */
    declaredInterests: text('declared_interests').notNull().default(''),
    /** Enterprises of the library the expert has an interest in. */
    interestEnterpriseIds: jsonb('interest_enterprise_ids').$type<number[]>().notNull().default([]),
    published: boolean('published').notNull().default(false),
    searchVector: searchVector(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('experts_search_idx').using('gin', t.searchVector),
    index('experts_published_idx').on(t.published, t.sort, t.id),
    index('experts_category_idx').on(t.categoryId),
    index('experts_region_idx').on(t.regionId),
  ],
);

/** Notices and announcements. */
export const policies = pgTable(
  'policies',
  {
    id: id(),
    title: text('title').notNull(),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    summary: text('summary').notNull().default(''),
    /** HTML. */
    content: text('content').notNull().default(''),
    attachments: jsonb('attachments').$type<Attachment[]>().notNull().default([]),
    /** Null while a draft; a future time schedules publication. */
    publishedAt: timestamptz('published_at'),
    pinned: boolean('pinned').notNull().default(false),
    views: integer('views').notNull().default(0),
    searchVector: searchVector(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('policies_search_idx').using('gin', t.searchVector),
    index('policies_list_idx').on(t.pinned.desc().nullsFirst(), t.publishedAt.desc().nullsFirst()),
    index('policies_category_idx').on(t.categoryId),
  ],
);

/** Funding calls. */
export const projects = pgTable(
  'projects',
  {
    id: id(),
    title: text('title').notNull(),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    regionId: integer('region_id').references(() => regions.id, { onDelete: 'set null' }),
    cover: text('cover'),
    summary: text('summary').notNull().default(''),
    /** HTML: the application guide. */
    guide: text('guide').notNull().default(''),
    attachments: jsonb('attachments').$type<Attachment[]>().notNull().default([]),
    /** Total budget in yuan. */
    budget: numeric('budget', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    budgetNote: text('budget_note').notNull().default(''),
    /** Eligibility questions asked before an applicant starts a form (`eligibilityQuestionsSchema`). */
    eligibility: jsonb('eligibility').$type<EligibilityQuestion[]>().notNull().default([]),
    /** Plain text the applicant agrees to before submitting (声明); '' for the portal's default. */
    declaration: text('declaration').notNull().default(''),
    applyStart: timestamptz('apply_start').notNull(),
    applyEnd: timestamptz('apply_end').notNull(),
    year: integer('year').notNull(),
    published: boolean('published').notNull().default(false),
    searchVector: searchVector(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('projects_search_idx').using('gin', t.searchVector),
    // One per segment of the call list, in its order (ties by id too: calls often share a deadline),
    // so that a page is read off the index instead of sorting every call of the segment.
    index('projects_window_idx').on(t.published, t.applyEnd, t.id),
    index('projects_open_order_idx').on(t.published, t.applyEnd, t.id.desc().nullsFirst()),
    index('projects_upcoming_order_idx').on(t.published, t.applyStart, t.id.desc().nullsFirst()),
    // A category or region filter reads its open calls in the list's order too (a generic plan
    // cannot know that one category holds a third of the calls, and sorted them all).
    index('projects_category_idx').on(t.categoryId, t.published, t.applyEnd, t.id.desc().nullsFirst()),
    index('projects_region_idx').on(t.regionId, t.published, t.applyEnd, t.id.desc().nullsFirst()),
    index('projects_year_idx').on(t.year),
    check('projects_window_check', sql`${t.applyStart} <= ${t.applyEnd}`),
  ],
);

export const forms = pgTable(
  'forms',
  {
    id: id(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** The form definition: an array of fields (see `formFieldsSchema` in @flagship/api-client). */
    fields: jsonb('fields').$type<FormFieldDefinition[]>().notNull().default([]),
    /**
     * The key of the field that holds the requested amount (`amount_field_key` in migration 0022),
     * kept by PostgreSQL from `fields`: the applications' trigger reads this short value on every
     * save instead of going through the whole definition.
     */
    amountKey: text('amount_key').generatedAlwaysAs(sql`amount_field_key(fields)`),
    sort: integer('sort').notNull().default(0),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('forms_project_idx').on(t.projectId, t.sort)],
);

// ---------------------------------------------------------------------------------------------
// Applications.

export const applications = pgTable(
  'applications',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    formId: integer('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'restrict' }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: APPLY_STATUSES }).notNull().default('draft'),
    /** Optimistic concurrency: bumped on every change. */
    version: integer('version').notNull().default(1),
    /** Given on first submission, e.g. FS-2026-000123. */
    serialNumber: text('serial_number').unique('applications_serial_number_unique'),
    submittedAt: timestamptz('submitted_at'),
    /** SHA-256 (hex) of the canonical JSON of the submitted data. */
    receiptHash: text('receipt_hash'),
    /** The eligibility answers and their check, from the first save and the last submission. */
    eligibility: jsonb('eligibility').$type<EligibilityCheck>(),
    reviewMessage: text('review_message'),
    reviewedBy: integer('reviewed_by').references(() => staff.id, { onDelete: 'set null' }),
    reviewedAt: timestamptz('reviewed_at'),
    /** Soft delete: the row stays for the audit trail. */
    deletedAt: timestamptz('deleted_at'),
    /**
     * Yuan asked for, copied from `data` on every save by a trigger (migration
     * 0013_application_figures_triggers.sql knows which field it is); null when the form has no such field.
     */
    requestedAmount: numeric('requested_amount'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('applications_user_form_unique')
      .on(t.userId, t.formId)
      .where(sql`deleted_at is null`),
    // An applicant's list, newest first, read in the index's order (no sort, and the page's limit
    // stops the scan). Nothing is indexed on `updated_at`: an autosave changes no indexed column,
    // so PostgreSQL may update the row in place without touching any index (a HOT update).
    index('applications_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // An applicant's applications to one call (the call page): without it the generic plan also
    // read the call's index, every application to the busiest call (issue 11).
    index('applications_user_project_idx').on(t.userId, t.projectId),
    index('applications_form_status_idx').on(t.formId, t.status),
    index('applications_project_idx').on(t.projectId, t.status),
    check('applications_status_check', sql`${t.status} in (${oneOf(APPLY_STATUSES)})`),
  ],
);

/**
 * The dashboard's stored figures, kept by triggers on `applications` (migration
 * 0013_application_figures_triggers.sql) so that every write path counts: live applications per call and
 * status, with the yuan requested by those sent to staff. Rows may reach n = 0; readers skip them.
 */
export const applicationCounts = pgTable(
  'application_counts',
  {
    projectId: integer('project_id').notNull(),
    status: text('status').notNull(),
    n: integer('n').notNull().default(0),
    /** Sum of `requested_amount` over those rows that have been submitted. */
    requested: numeric('requested').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.status] })],
);

/** First-submission instants of live applications per call and UTC hour, kept like `application_counts`. */
export const submissionHours = pgTable(
  'submission_hours',
  {
    projectId: integer('project_id').notNull(),
    hour: timestamptz('hour').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.hour] }), index('submission_hours_hour_idx').on(t.hour)],
);

/**
 * Every submission exactly as it was sent, with its receipt: resubmitting a returned application
 * adds a row and never overwrites the first (nothing an applicant sent is ever lost).
 */
export const applicationSubmissions = pgTable(
  'application_submissions',
  {
    id: id(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'restrict' }),
    /** The application's version this submission made. */
    version: integer('version').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    /** SHA-256 (hex) of the canonical JSON of `data`, as on the receipt. */
    receiptHash: text('receipt_hash').notNull(),
    submittedAt: timestamptz('submitted_at').notNull(),
  },
  (t) => [uniqueIndex('application_submissions_application_version_unique').on(t.applicationId, t.version)],
);

/** Per-year counter for serial numbers; bump it in the submitting transaction. */
export const applicationSerials = pgTable('application_serials', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull().default(0),
});

// ---------------------------------------------------------------------------------------------
// Short-lived records: verification codes, captchas, download jobs, rate limits; and the audit log.

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: id(),
    account: text('account').notNull(),
    codeHash: text('code_hash').notNull(),
    purpose: text('purpose', { enum: VERIFICATION_PURPOSES }).notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('verification_codes_account_idx').on(t.account, t.createdAt.desc().nullsFirst())],
);

export const captchas = pgTable(
  'captchas',
  {
    /** Random, also the cookie value. */
    id: text('id').primaryKey(),
    answerHash: text('answer_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [index('captchas_expires_idx').on(t.expiresAt)],
);

export const downloadJobs = pgTable(
  'download_jobs',
  {
    id: id(),
    /** Random, the name the client polls with. */
    name: text('name').notNull().unique('download_jobs_name_unique'),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    status: text('status', { enum: DOWNLOAD_STATUSES }).notNull().default('pending'),
    storageKey: text('storage_key'),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [
    index('download_jobs_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('download_jobs_status_idx').on(t.status, t.createdAt),
    check('download_jobs_status_check', sql`${t.status} in (${oneOf(DOWNLOAD_STATUSES)})`),
  ],
);

/** What a staff job works on: an export's filter, or a batch download's applications. */
export interface StaffJobInput {
  formId?: number;
  status?: ApplyStatus;
  ids?: number[];
}

/** Staff's spreadsheets and batch downloads, built by the job queue; the console polls them by name. */
export const staffJobs = pgTable(
  'staff_jobs',
  {
    id: id(),
    /** Random, the name the console polls with. */
    name: text('name').notNull().unique('staff_jobs_name_unique'),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: STAFF_JOB_KINDS }).notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    input: jsonb('input').$type<StaffJobInput>().notNull(),
    status: text('status', { enum: STAFF_JOB_STATUSES }).notNull().default('pending'),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total').notNull().default(0),
    /** The name the file downloads as. */
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key'),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [
    index('staff_jobs_staff_idx').on(t.staffId, t.createdAt.desc().nullsFirst()),
    index('staff_jobs_expires_idx').on(t.expiresAt),
    check('staff_jobs_kind_check', sql`${t.kind} in (${oneOf(STAFF_JOB_KINDS)})`),
    check('staff_jobs_status_check', sql`${t.status} in (${oneOf(STAFF_JOB_STATUSES)})`),
  ],
);

export const auditLogs = pgTable(
  'audit_logs',
  {
    id: id(),
    actorKind: text('actor_kind', { enum: ACTOR_KINDS }).notNull(),
    actorId: integer('actor_id'),
    action: text('action').notNull(),
    objectType: text('object_type').notNull().default(''),
    objectId: text('object_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_logs_created_idx').on(t.createdAt.desc().nullsFirst()),
    index('audit_logs_object_idx').on(t.objectType, t.objectId),
    check('audit_logs_actor_kind_check', sql`${t.actorKind} in (${oneOf(ACTOR_KINDS)})`),
  ],
);

/** An applicant's request that their account be deleted (PIPL), and what staff did with it. */
export const accountDeletionRequests = pgTable(
  'account_deletion_requests',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** ACCOUNT_DELETION_STATUSES: pending, cancelled (by the applicant), refused, done (anonymised). */
    status: text('status', { enum: ACCOUNT_DELETION_STATUSES }).notNull().default('pending'),
    /** Staff's reason for a refusal, as the applicant is told. */
    reason: text('reason'),
    decidedBy: integer('decided_by').references(() => staff.id, { onDelete: 'set null' }),
    decidedAt: timestamptz('decided_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('account_deletion_requests_pending_unique')
      .on(t.userId)
      .where(sql`status = 'pending'`),
    index('account_deletion_requests_status_idx').on(t.status, t.createdAt),
    check('account_deletion_requests_status_check', sql`${t.status} in (${oneOf(ACCOUNT_DELETION_STATUSES)})`),
  ],
);

/** Counters shared by every server process. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull().default(0),
    resetAt: timestamptz('reset_at').notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);

/**
 * Sign-in attempts counted per target (`user:<account>`, `staff:<account>`, `gate`), apart for each
 * browser that signed in to it before (`device`, the hash of its device token; '' for all others).
 * Shared by every process; one row per target and device, gone after a quiet day.
 */
export const loginBrakes = pgTable(
  'login_brakes',
  {
    target: text('target').notNull(),
    device: text('device').notNull().default(''),
    failures: integer('failures').notNull().default(0),
    lastFailureAt: timestamptz('last_failure_at').notNull(),
    blockedUntil: timestamptz('blocked_until'),
  },
  (t) => [
    primaryKey({ columns: [t.target, t.device] }),
    index('login_brakes_device_idx').on(t.device),
    index('login_brakes_last_failure_idx').on(t.lastFailureAt),
  ],
);

/** Browsers (by the hash of their device cookie) that signed in to a target: they pass its brake. */
export const knownDevices = pgTable(
  'known_devices',
  {
    tokenHash: text('token_hash').notNull(),
    target: text('target').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tokenHash, t.target] }), index('known_devices_target_idx').on(t.target), index('known_devices_expires_idx').on(t.expiresAt)],
);

/** What an applicant is told about a call's deadline: 7 days before, 1 day before, and a copy of an unsent draft once it closed. */
export const DEADLINE_REMINDER_KINDS = ['week', 'day', 'closed'] as const;

/**
 * Deadline reminders sent: one per application, kind and deadline, claimed before the message is
 * queued so that two instances never both send it; a deadline staff move is reminded of anew.
 */
export const deadlineReminders = pgTable(
  'deadline_reminders',
  {
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    /**
     * Rows from before the 7-day and 1-day pair (the one reminder up to 48 h ahead) count as the
     * 7-day one: this default fills them in when the column is added. New rows always name their kind.
     */
    kind: text('kind', { enum: DEADLINE_REMINDER_KINDS }).notNull().default('week'),
    /** The deadline the applicant was reminded of. */
    deadline: timestamptz('deadline').notNull(),
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.kind, t.deadline] })],
);

// ---------------------------------------------------------------------------------------------
// Expert review (issue 12): a call's rounds, the experts assigned to its applications, their scores.

/** A call's review round: the scheme (frozen once a score is in) and the phases' dates. */
export const reviewRounds = pgTable(
  'review_rounds',
  {
    id: id(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** 1, 2, …: the highest is the call's current round. */
    number: integer('number').notNull(),
    criteria: jsonb('criteria').$type<Criterion[]>().notNull(),
    applicantComments: boolean('applicant_comments').notNull().default(false),
    blind: boolean('blind').notNull().default(false),
    peerVisibility: text('peer_visibility', { enum: PEER_VISIBILITY }).notNull().default('never'),
    reviewStartsAt: timestamptz('review_starts_at').notNull(),
    reviewEndsAt: timestamptz('review_ends_at').notNull(),
    expertsPerApplication: integer('experts_per_application').notNull().default(3),
    disagreementThreshold: numeric('disagreement_threshold', { mode: 'number' }).notNull().default(20),
    reminderDaysBefore: integer('reminder_days_before').notNull().default(2),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('review_rounds_project_number_unique').on(t.projectId, t.number),
    check('review_rounds_peer_visibility_check', sql`${t.peerVisibility} in (${oneOf(PEER_VISIBILITY)})`),
  ],
);

/**
 * One expert on one application in one round, with the declaration and the review. A conflicted
 * assignment stays as the record of its declaration; staff assign someone else.
 */
export const reviewAssignments = pgTable(
  'review_assignments',
  {
    id: id(),
    roundId: integer('round_id')
      .notNull()
      .references(() => reviewRounds.id, { onDelete: 'cascade' }),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    expertId: integer('expert_id')
      .notNull()
      .references(() => experts.id, { onDelete: 'restrict' }),
    status: text('status', { enum: ASSIGNMENT_STATUSES }).notNull().default('assigned'),
    conflictReason: text('conflict_reason'),
    declaredAt: timestamptz('declared_at'),
    /** Per criterion key. */
    scores: jsonb('scores').$type<Record<string, number>>().notNull().default({}),
    /** Weighted total on a 0–100 scale, kept with the scores for the ranking. */
    total: numeric('total', { mode: 'number' }),
    recommendation: text('recommendation', { enum: REVIEW_RECOMMENDATIONS }),
    commentToStaff: text('comment_to_staff').notNull().default(''),
    commentToApplicant: text('comment_to_applicant').notNull().default(''),
    /** Optimistic concurrency for the expert's saves: bumped on every save. */
    version: integer('version').notNull().default(0),
    savedAt: timestamptz('saved_at'),
    submittedAt: timestamptz('submitted_at'),
    assignedBy: integer('assigned_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('review_assignments_unique').on(t.roundId, t.applicationId, t.expertId),
    index('review_assignments_expert_idx').on(t.expertId, t.status),
    index('review_assignments_round_idx').on(t.roundId, t.applicationId),
    check('review_assignments_status_check', sql`${t.status} in (${oneOf(ASSIGNMENT_STATUSES)})`),
    check('review_assignments_recommendation_check', sql`${t.recommendation} is null or ${t.recommendation} in (${oneOf(REVIEW_RECOMMENDATIONS)})`),
  ],
);

/** Review reminders sent: `before` the reviewing phase closes and once it has `passed`. */
export const reviewReminders = pgTable(
  'review_reminders',
  {
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => reviewAssignments.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['before', 'passed'] }).notNull(),
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.assignmentId, t.kind] })],
);

// ---------------------------------------------------------------------------------------------
// Two-factor sign-in (issue 16).

/**
 * Single-use, short-lived challenges: the second step of a two-factor sign-in (by a token), and
 * WebAuthn ceremonies. Each belongs to a staff member or (sign-in only) to an applicant; the table
 * kept its first name when applicants got two-factor sign-in.
 */
export const staffLoginChallenges = pgTable(
  'staff_login_challenges',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique('staff_login_challenges_token_hash_unique'),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    /** What the challenge is for: the second step of sign-in, registering a passkey, or re-authenticating with one. */
    purpose: text('purpose', { enum: STAFF_CHALLENGE_PURPOSES }).notNull().default('login'),
    /** The WebAuthn challenge (base64url) a passkey must sign: sent to the browser, so not secret. */
    webauthnChallenge: text('webauthn_challenge'),
    createdAt: createdAt(),
  },
  (t) => [
    index('staff_login_challenges_expires_idx').on(t.expiresAt),
    check('staff_login_challenges_purpose_check', sql`${t.purpose} in (${oneOf(STAFF_CHALLENGE_PURPOSES)})`),
    check('staff_login_challenges_owner_check', sql`num_nonnulls(${t.staffId}, ${t.userId}) = 1`),
  ],
);

/** A passkey (WebAuthn credential) of a staff member: a second factor at sign-in and for re-authentication (issue 16). */
export const staffPasskeys = pgTable(
  'staff_passkeys',
  {
    id: id(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    /** The credential ID, base64url. */
    credentialId: text('credential_id').notNull().unique('staff_passkeys_credential_unique'),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter (0 for passkeys that do not count). */
    signCount: bigint('sign_count', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    lastUsedAt: timestamptz('last_used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('staff_passkeys_staff_idx').on(t.staffId)],
);

// ---------------------------------------------------------------------------------------------
// Results announcements (issue 14): a call's 立项公示 and the funded projects it lists.

/** A call's results announcement; publishing it writes its notice (`policyId`) under 通知公告. */
export const resultAnnouncements = pgTable(
  'result_announcements',
  {
    id: id(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    /** HTML, sanitized like a notice's content. */
    introduction: text('introduction').notNull().default(''),
    objectionStartsAt: timestamptz('objection_starts_at').notNull(),
    objectionEndsAt: timestamptz('objection_ends_at').notNull(),
    contact: text('contact').notNull().default(''),
    status: text('status', { enum: RESULT_ANNOUNCEMENT_STATUSES }).notNull().default('draft'),
    policyId: integer('policy_id').references(() => policies.id, { onDelete: 'set null' }),
    publishedAt: timestamptz('published_at'),
    withdrawnAt: timestamptz('withdrawn_at'),
    withdrawalReason: text('withdrawal_reason'),
    createdBy: integer('created_by').references(() => staff.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('result_announcements_project_idx').on(t.projectId),
    index('result_announcements_status_idx').on(t.status, t.publishedAt),
    check('result_announcements_status_check', sql`${t.status} in (${oneOf(RESULT_ANNOUNCEMENT_STATUSES)})`),
  ],
);

/**
 * The projects an announcement lists: a snapshot taken when staff prepare it, so a later edit of
 * the application does not change what was announced. Editable while the announcement is a draft.
 */
export const resultAnnouncementItems = pgTable(
  'result_announcement_items',
  {
    announcementId: integer('announcement_id')
      .notNull()
      .references(() => resultAnnouncements.id, { onDelete: 'cascade' }),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    organisation: text('organisation').notNull().default(''),
    /** The region's name path, e.g. 浙江省/杭州市/西湖区. */
    region: text('region').notNull().default(''),
    category: text('category').notNull().default(''),
    /** Yuan; null until staff set it (required before publishing). */
    amountGranted: numeric('amount_granted', { precision: 14, scale: 2 }),
    /** When the applicant was told it is listed: a re-publish tells only those not yet told. */
    notifiedAt: timestamptz('notified_at'),
  },
  (t) => [
    primaryKey({ columns: [t.announcementId, t.applicationId] }),
    index('result_announcement_items_application_idx').on(t.applicationId),
    check('result_announcement_items_amount_check', sql`${t.amountGranted} is null or ${t.amountGranted} >= 0`),
  ],
);

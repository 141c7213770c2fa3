// Shared fixtures of the expert review tests (issue 12): library experts with an expert account,
// review rounds in a chosen phase and assignments, all written straight into the database so the
// tests of one side do not depend on the endpoints of the other.
import type { Criterion, ReviewPhase } from '@flagship/api-client';
import { eq } from 'drizzle-orm';
import type { Executor } from '../src/db/client';
import { hashPassword } from '../src/db/password';
import { experts, reviewAssignments, reviewRounds, staff } from '../src/db/schema';
import { createCall, pdf, validData } from './apply-fixtures';
import { staffLogin, type StaffClient } from './console-fixtures';
import type { TestClient, TestServer } from './harness';

const DAY = 86_400_000;
let counter = 0;

/** Two criteria of different weights and ranges: a full review is { quality: 0–10, impact: 0–100 }. */
export const TEST_CRITERIA: Criterion[] = [
  { key: 'quality', label: '艺术质量', guidance: '作品的艺术水准', weight: 60, min: 0, max: 10, bands: [{ min: 8, max: 10, label: '优秀' }] },
  { key: 'impact', label: '社会效益', guidance: '', weight: 40, min: 0, max: 100, bands: [] },
];

export const EXPERT_PASSWORD = 'Expert@2026-ok';

export type ExpertValues = Partial<typeof experts.$inferInsert>;

export interface ExpertAccount {
  expertId: number;
  staffId: number;
  account: string;
  password: string;
  name: string;
}

/** A library expert (published, with specialities) and an enabled expert account with EXPERT_PASSWORD. */
export async function insertExpert(db: Executor, values: ExpertValues = {}, options: { disabled?: boolean } = {}): Promise<ExpertAccount> {
  const n = ++counter;
  const name = values.name ?? `评审专家${n}号`;
  const [expert] = await db
    .insert(experts)
    .values({ title: '研究员', organisation: `某艺术研究院${n}`, specialities: ['戏剧'], published: true, ...values, name })
    .returning({ id: experts.id });
  if (!expert) throw new Error('no expert');
  const account = `expert${process.pid}x${n}x${Date.now() % 100_000}`;
  const [member] = await db
    .insert(staff)
    .values({ account, passwordHash: await hashPassword(EXPERT_PASSWORD), name, role: 'expert', expertId: expert.id, disabled: options.disabled ?? false })
    .returning({ id: staff.id });
  if (!member) throw new Error('no staff row');
  return { expertId: expert.id, staffId: member.id, account, password: EXPERT_PASSWORD, name };
}

export type ExpertClient = StaffClient & ExpertAccount;

/** A library expert with an expert account, signed in at the console's login. */
export async function newExpert(server: TestServer, values: ExpertValues = {}): Promise<ExpertClient> {
  const expert = await insertExpert(server.handle.db, values);
  const client = await staffLogin(server, expert.account, expert.password);
  return { ...client, ...expert };
}

/** Review dates that put a round in `phase` now. */
export function roundDates(phase: ReviewPhase, now = Date.now()): { reviewStartsAt: Date; reviewEndsAt: Date } {
  if (phase === 'assignment') return { reviewStartsAt: new Date(now + 5 * DAY), reviewEndsAt: new Date(now + 20 * DAY) };
  if (phase === 'reviewing') return { reviewStartsAt: new Date(now - DAY), reviewEndsAt: new Date(now + 14 * DAY) };
  return { reviewStartsAt: new Date(now - 20 * DAY), reviewEndsAt: new Date(now - DAY) };
}

export type RoundRow = typeof reviewRounds.$inferSelect;
export type RoundValues = Partial<typeof reviewRounds.$inferInsert> & { phase?: ReviewPhase };

/** A review round of the call (number 1 unless given), in the reviewing phase unless told. */
export async function createRound(db: Executor, projectId: number, values: RoundValues = {}): Promise<RoundRow> {
  const { phase = 'reviewing', ...rest } = values;
  const [round] = await db
    .insert(reviewRounds)
    .values({ number: 1, criteria: TEST_CRITERIA, ...roundDates(phase), ...rest, projectId })
    .returning();
  if (!round) throw new Error('no round');
  return round;
}

/** Move a round into `phase` by its dates. */
export async function setPhase(db: Executor, roundId: number, phase: ReviewPhase): Promise<void> {
  await db.update(reviewRounds).set(roundDates(phase)).where(eq(reviewRounds.id, roundId));
}

export type AssignmentRow = typeof reviewAssignments.$inferSelect;

/** An assignment (status `assigned` unless given: pass status, scores, total… for a later state). */
export async function assign(
  db: Executor,
  values: { roundId: number; applicationId: number; expertId: number } & Partial<typeof reviewAssignments.$inferInsert>,
): Promise<AssignmentRow> {
  const [row] = await db.insert(reviewAssignments).values(values).returning();
  if (!row) throw new Error('no assignment');
  return row;
}

export interface SubmittedApplication {
  applicationId: number;
  projectId: number;
  formId: number;
  applicant: TestClient & { account: string; password: string; userId: number };
  /** The uploads the answers reference: proposal, then evidence. */
  uploadIds: number[];
  data: Record<string, unknown>;
}

/**
 * A new applicant submits TEST_FIELDS on the call (a new open call unless given). `fileName`
 * names the proposal upload; `data` overrides answers (e.g. a projectName holding the applicant's
 * account, to test blind redaction).
 */
export async function submittedApplication(
  server: TestServer,
  options: { call?: { projectId: number; formIds: number[] }; fileName?: string; data?: Record<string, unknown> } = {},
): Promise<SubmittedApplication> {
  const call = options.call ?? (await createCall(server.handle.db));
  const formId = call.formIds[0]!;
  const applicant = await server.newUser();
  const proposal = await applicant.api.files.upload({ file: new Blob([new Uint8Array(pdf('proposal'))]), name: options.fileName ?? '申报书.pdf' });
  const evidence = await applicant.api.files.upload({ file: new Blob([new Uint8Array(pdf('evidence'))]), name: '证明材料.pdf' });
  const data = { ...validData({ proposal: proposal.id, evidence: [evidence.id] }), ...options.data };
  const saved = await applicant.api.apply.save({ projectId: call.projectId, formId, data, version: 0, submit: true });
  return { applicationId: saved.id, projectId: call.projectId, formId, applicant, uploadIds: [proposal.id, evidence.id], data };
}

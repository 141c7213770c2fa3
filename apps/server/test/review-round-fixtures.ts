// Fixtures of the staff side of expert review: many submitted applications written straight into
// the database (registration and upload would be too slow for hundreds), and a valid scheme.
import type { ReviewRoundInput } from '@flagship/api-client';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { Executor } from '../src/db/client';
import { applications, experts, staff, users } from '../src/db/schema';
import { TEST_CRITERIA } from './review-fixtures';

const DAY = 86_400_000;
let counter = 0;
let serials = 0;

export interface DirectApplication {
  applicationId: number;
  userId: number;
  account: string;
  serialNumber: string;
}

/**
 * `count` applicants, each with one submitted application to the call. `user` sets the
 * applicant's columns (name, email, mobile, or the account itself) for the i-th one.
 */
export async function insertApplications(
  db: Executor,
  call: { projectId: number; formIds: number[] },
  count: number,
  options: { status?: 'submitted' | 'reviewing' | 'returned' | 'approved' | 'withdrawn' | 'draft'; user?: (i: number) => Partial<typeof users.$inferInsert>; title?: (i: number) => string } = {},
): Promise<DirectApplication[]> {
  const made: DirectApplication[] = [];
  for (let start = 0; start < count; start += 500) {
    const size = Math.min(500, count - start);
    const userRows = await db
      .insert(users)
      .values(
        Array.from({ length: size }, (_, k) => {
          counter += 1;
          return { account: `rr-${process.pid}-${Date.now()}-${counter}@example.org`, passwordHash: 'not-a-login', name: `申报单位${counter}`, ...options.user?.(start + k) };
        }),
      )
      .returning({ id: users.id, account: users.account });
    const status = options.status ?? 'submitted';
    const appRows = await db
      .insert(applications)
      .values(
        userRows.map((u, k) => ({
          userId: u.id,
          projectId: call.projectId,
          formId: call.formIds[0]!,
          status,
          data: { projectName: options.title?.(start + k) ?? `申报项目${start + k + 1}` },
          serialNumber: status === 'draft' ? null : `RR-${call.projectId}-${String(++serials).padStart(6, '0')}`,
          submittedAt: status === 'draft' ? null : new Date(),
        })),
      )
      .returning({ id: applications.id, userId: applications.userId, serialNumber: applications.serialNumber });
    appRows.forEach((a, k) => made.push({ applicationId: a.id, userId: a.userId, account: userRows[k]!.account, serialNumber: a.serialNumber ?? '' }));
  }
  return made;
}

/** A valid scheme in the assignment phase (review starts in 5 days). */
export function roundBody(over: Partial<ReviewRoundInput> = {}): ReviewRoundInput {
  const now = Date.now();
  return {
    criteria: TEST_CRITERIA,
    reviewStartsAt: new Date(now + 5 * DAY).toISOString(),
    reviewEndsAt: new Date(now + 20 * DAY).toISOString(),
    ...over,
  };
}

/**
 * `count` library experts with enabled expert accounts, written in one go (no password to sign
 * in with: for assignment, where experts only need to exist). `values` sets the i-th one's columns.
 */
export async function insertExperts(db: Executor, count: number, values: (i: number) => Partial<typeof experts.$inferInsert> = () => ({})): Promise<{ expertId: number; account: string }[]> {
  const rows = await db
    .insert(experts)
    .values(Array.from({ length: count }, (_, i) => ({ name: `分配专家${i + 1}`, organisation: `分配测试研究所${i + 1}`, specialities: ['戏剧'], ...values(i) })))
    .returning({ id: experts.id });
  const stamp = `${process.pid}x${Date.now()}`;
  const accounts = await db
    .insert(staff)
    .values(rows.map((e) => ({ account: `assign${stamp}x${e.id}`, passwordHash: 'not-a-login', name: '分配专家', role: 'expert' as const, expertId: e.id })))
    .returning({ expertId: staff.expertId, account: staff.account });
  return accounts.map((a) => ({ expertId: a.expertId as number, account: a.account }));
}

/** Disable every other expert account (the demo's included), so automatic assignment draws from these alone. */
export async function onlyExperts(db: Executor, expertIds: number[]): Promise<void> {
  await db
    .update(staff)
    .set({ disabled: true })
    .where(and(eq(staff.role, 'expert'), notInArray(staff.expertId, expertIds)));
  await db
    .update(staff)
    .set({ disabled: false })
    .where(and(eq(staff.role, 'expert'), inArray(staff.expertId, expertIds)));
}

// Experts with review accounts, rounds and assignments for the review tests: the account through
// the console's invitation (as staff and the expert would), rounds and assignments written directly.
import type { Executor } from '../src/db/client';
import { reviewAssignments, reviewRounds } from '../src/db/schema';
import { staffLogin, type StaffClient } from './console-fixtures';
import type { TestServer } from './harness';

export const EXPERT_PASSWORD = 'Expert@2026-ok';

let counter = 0;

/** A unique e-mail account for an expert. */
export function expertEmail(): string {
  counter += 1;
  return `expert-${process.pid}-${Date.now()}-${counter}@example.org`;
}

/** A new library entry, unpublished, with nothing else. */
export async function newExpert(admin: StaffClient, name = '测试专家'): Promise<number> {
  return (await admin.api.console.expertCreate({ name, organisation: '某某研究院', specialities: ['戏剧'], published: false })).id;
}

/** The invitation token in the newest message to `account`. */
export async function invitationToken(server: TestServer, account: string): Promise<string> {
  const message = (await server.outbox()).filter((m) => m.includes(`To: ${account}\n`)).at(-1);
  const token = message?.match(/\/invite\?token=([A-Za-z0-9_%-]+)/)?.[1];
  if (!token) throw new Error(`No invitation for ${account} in the outbox`);
  return decodeURIComponent(token);
}

/** Invite an expert, accept the invitation and sign in as them. */
export async function expertLogin(server: TestServer, admin: StaffClient, expertId: number, account = expertEmail()): Promise<StaffClient> {
  await admin.api.console.expertInvite({ id: expertId, account });
  const c = server.client();
  await c.api.console.invitationAccept({ token: await invitationToken(server, account), password: EXPERT_PASSWORD });
  return staffLogin(server, account, EXPERT_PASSWORD);
}

const DAY = 86_400_000;

/** A round of a call, by default reviewing now with one 0–10 criterion. */
export async function addRound(
  db: Executor,
  projectId: number,
  values: Partial<typeof reviewRounds.$inferInsert> = {},
): Promise<number> {
  const now = Date.now();
  const [row] = await db
    .insert(reviewRounds)
    .values({
      projectId,
      number: 1,
      criteria: [{ key: 'quality', label: '质量', guidance: '', weight: 1, min: 0, max: 10, bands: [] }],
      reviewStartsAt: new Date(now - DAY),
      reviewEndsAt: new Date(now + 5 * DAY),
      ...values,
    })
    .returning({ id: reviewRounds.id });
  if (!row) throw new Error('no round');
  return row.id;
}

export async function addAssignment(
  db: Executor,
  roundId: number,
  applicationId: number,
  expertId: number,
  values: Partial<typeof reviewAssignments.$inferInsert> = {},
): Promise<number> {
  const [row] = await db
    .insert(reviewAssignments)
    .values({ roundId, applicationId, expertId, ...values })
    .returning({ id: reviewAssignments.id });
  if (!row) throw new Error('no assignment');
  return row.id;
}

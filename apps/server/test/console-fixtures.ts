// Staff sessions for the console tests: log in through the SDK like the console does.
import { desc, eq } from 'drizzle-orm';
import { createStaff } from '../src/auth/staff';
import { DEMO_ADMIN } from '../src/db/seed';
import { auditLogs } from '../src/db/schema';
import type { TestClient, TestServer } from './harness';

export type StaffClient = TestClient & { staffId: number; account: string };

let counter = 0;

/** A client logged in as staff (the demo admin by default). */
export async function staffLogin(server: TestServer, account: string = DEMO_ADMIN.account, password: string = DEMO_ADMIN.password): Promise<StaffClient> {
  const c = server.client();
  const info = await c.api.console.login({ account, password, captcha: await c.captcha() });
  if (!('token' in info)) throw new Error(`${account} needs the two-factor step: sign in with staffLoginTwoFactor`);
  c.api.session.set({ token: info.token, id: info.id, account: info.account, enterprise_authentication_status: null });
  return { ...c, staffId: info.id, account: info.account };
}

/** A new reviewer account, logged in. */
export async function newReviewer(server: TestServer): Promise<StaffClient> {
  counter += 1;
  const account = `reviewer${process.pid}x${counter}`;
  const password = 'Review@2026-ok';
  await createStaff(server.handle.db, { account, password, role: 'reviewer', name: '审核员' });
  return staffLogin(server, account, password);
}

/** The latest audit entries of an action (newest first). */
export async function auditOf(server: TestServer, action: string) {
  return server.handle.db.select().from(auditLogs).where(eq(auditLogs.action, action)).orderBy(desc(auditLogs.id));
}

/** A unique applicant e-mail account. */
export function emailAccount(): string {
  counter += 1;
  return `applicant-${process.pid}-${Date.now()}-${counter}@example.org`;
}

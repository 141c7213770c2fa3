// The staff accounts command as operators run it: the built dist/staff.js (no dev dependencies)
// against its own data directory.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPrincipal } from '../src/auth/principal-repository';
import { hashToken, newToken, STAFF_TOKEN_PREFIX } from '../src/auth/tokens';
import { openDatabase } from '../src/db/client';
import { auditLogs, staff, staffSessions } from '../src/db/schema';

const CLI = join(import.meta.dirname, '..', 'dist', 'staff.js');

describe('the staff command (dist/staff.js)', () => {
  let dataDir: string;

  /** Run the command; the child opens the data directory, so the test holds no handle meanwhile. */
  const staffCli = (...args: string[]) => staffCliWithInput('', ...args);
  const staffCliWithInput = (input: string, ...args: string[]) => {
    const child = spawnSync(process.execPath, [CLI, ...args], { env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test', PASSWORD_HASH_TEST: '1' }, encoding: 'utf8', timeout: 60_000, input });
    return { code: child.status, out: child.stdout, err: child.stderr };
  };

  /** Work on the database between two commands. */
  const withDb = async <T>(work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> => {
    const handle = await openDatabase({ dataDir });
    try {
      return await work(handle.db);
    } finally {
      await handle.close();
    }
  };

  /** A live session of a staff account, straight in the database; answers its token. */
  const openSession = (account: string) =>
    withDb(async (db) => {
      const [member] = await db.select().from(staff).where(eq(staff.account, account));
      const token = newToken(STAFF_TOKEN_PREFIX);
      await db.insert(staffSessions).values({ tokenHash: hashToken(token), staffId: member!.id, expiresAt: new Date(Date.now() + 3_600_000) });
      return token;
    });
  const sessionWorks = (token: string) => withDb(async (db) => (await findPrincipal(db, token)) !== null);

  beforeAll(() => {
    if (!existsSync(CLI)) throw new Error(`${CLI} is missing: build the server first (pnpm --filter @flagship/server build)`);
    dataDir = mkdtempSync(join(tmpdir(), 'flagship-cli-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates accounts, refusing bad usage (2), weak passwords and duplicates (1)', () => {
    expect(staffCli('--account', 'ops').code).toBe(2);
    expect(staffCli('create', '--account', 'ops').code).toBe(2);
    expect(staffCli('create', '--account', 'ops', '--password', 'Run#Strong2026', '--role', 'admin', '--disable').code).toBe(2);
    const weak = staffCli('create', '--account', 'ops', '--password', '12345678', '--role', 'admin');
    expect([weak.code, weak.err]).toEqual([1, expect.stringContaining('密码')]);
    const made = staffCli('create', '--', '--account', 'Ops', '--password', 'Run#Strong2026', '--role', 'admin');
    expect([made.code, made.out]).toEqual([0, expect.stringContaining('Created staff account "ops"')]);
    const again = staffCli('create', '--account', 'ops', '--password', 'Run#Strong2026', '--role', 'admin');
    expect([again.code, again.err]).toEqual([1, expect.stringContaining('已存在')]);
    expect(staffCli('create', '--account', 'second', '--password', 'Two#Strong2026', '--role', 'admin', '--name', '第二管理员').code).toBe(0);
  }, 120_000);

  it('changes a password and ends the open sessions; the new password works', async () => {
    const token = await openSession('ops');
    expect(await sessionWorks(token)).toBe(true);
    expect(staffCli('update', '--account', 'ops').code).toBe(2);
    expect(staffCli('update', '--account', 'ops', '--password', 'short').code).toBe(1);
    expect(staffCli('update', '--account', 'ghost', '--role', 'reviewer').err).toContain('不存在');
    const changed = staffCli('update', '--account', 'ops', '--password', 'New#Strong2027');
    expect([changed.code, changed.out]).toEqual([0, expect.stringContaining('1 session(s) ended')]);
    expect(await sessionWorks(token)).toBe(false);
    const { verifyPassword } = await import('../src/db/password');
    const [row] = await withDb((db) => db.select().from(staff).where(eq(staff.account, 'ops')));
    expect(await verifyPassword('New#Strong2027', row!.passwordHash)).toBe(true);
  }, 120_000);

  it('reads the password from standard input with --password-stdin', async () => {
    expect(staffCliWithInput('', 'update', '--account', 'ops', '--password-stdin').code).toBe(2);
    expect(staffCliWithInput('x\n', 'update', '--account', 'ops', '--password', 'x', '--password-stdin').code).toBe(2);
    const made = staffCliWithInput('Stdin#Strong2026\r\nignored\n', 'create', '--account', 'piped', '--password-stdin', '--role', 'reviewer');
    expect([made.code, made.out]).toEqual([0, expect.stringContaining('Created staff account "piped"')]);
    const { verifyPassword } = await import('../src/db/password');
    const [row] = await withDb((db) => db.select().from(staff).where(eq(staff.account, 'piped')));
    expect(await verifyPassword('Stdin#Strong2026', row!.passwordHash)).toBe(true);
  }, 120_000);

  it('disables and enables an account, changes roles, and keeps one enabled admin', async () => {
    const token = await openSession('second');
    const disabled = staffCli('update', '--account', 'second', '--disable');
    expect([disabled.code, disabled.out]).toEqual([0, expect.stringContaining('disabled; 1 session(s) ended')]);
    expect(await sessionWorks(token)).toBe(false);
    // ops is now the only enabled admin.
    expect(staffCli('update', '--account', 'ops', '--role', 'reviewer').err).toContain('最后一个可用的管理员');
    expect(staffCli('update', '--account', 'ops', '--disable').code).toBe(1);
    expect(staffCli('update', '--account', 'second', '--enable', '--disable').code).toBe(2);
    expect(staffCli('update', '--account', 'second', '--enable').code).toBe(0);
    const demoted = staffCli('update', '--account', 'ops', '--role', 'reviewer', '--name', '审核员');
    expect([demoted.code, demoted.out]).toEqual([0, expect.stringContaining('role reviewer, enabled')]);

    const rows = await withDb((db) => db.select().from(staff));
    expect(rows.map((r) => [r.account, r.role, r.disabled, r.name])).toEqual(
      expect.arrayContaining([
        ['ops', 'reviewer', false, '审核员'],
        ['second', 'admin', false, '第二管理员'],
      ]),
    );
    const audit = await withDb((db) => db.select().from(auditLogs).where(eq(auditLogs.action, 'staff.update')));
    expect(audit.map((a) => a.detail)).toContainEqual(expect.objectContaining({ account: 'second', changed: ['disabled'], disabled: true, endedSessions: 1 }));
    expect(JSON.stringify(audit)).not.toContain('New#Strong2027');
  }, 120_000);
});

import { Errno, type SecondStep, type StaffSessionResult } from '@flagship/api-client';
import { eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, updateStaff } from '../src/auth/staff';
import { DEMO_ADMIN } from '../src/db/seed';
import { staffPasskeys, staffSessions } from '../src/db/schema';
import { auditOf, staffLogin, type StaffClient } from './console-fixtures';
import { apiError, drivers, startTestServer, uniqueAccount, type TestClient, type TestServer } from './harness';
import { SoftAuthenticator } from './soft-authenticator';

// Passkeys (WebAuthn) as the second factor of staff and experts (issue 16).

const PASSWORD = 'Pass@Key-2026';
const CONSOLE = 'https://console.example.org';

describe.each(drivers)('passkeys on %s', (driver) => {
  let server: TestServer;
  let admin: StaffClient;

  beforeAll(async () => {
    // The relying party comes from CONSOLE_URL: RP ID console.example.org, origin https://console.example.org.
    server = await startTestServer(driver, { consoleUrl: `${CONSOLE}/console` });
    admin = await staffLogin(server);
  });
  afterAll(() => server?.close());

  async function newMember(): Promise<{ account: string; client: StaffClient }> {
    const account = `pk${uniqueAccount()}`;
    await createStaff(server.handle.db, { account, password: PASSWORD, role: 'reviewer', name: '通行密钥' });
    return { account, client: await staffLogin(server, account, PASSWORD) };
  }

  async function addPasskey(client: TestClient, name = '笔记本电脑'): Promise<SoftAuthenticator> {
    const authenticator = new SoftAuthenticator(CONSOLE);
    const options = await client.api.console.passkeyRegisterOptions();
    await client.api.console.passkeyRegister({ name, credential: authenticator.register(options) });
    return authenticator;
  }

  async function passwordStep(account: string, c: TestClient = server.client()): Promise<{ c: TestClient; step: SecondStep }> {
    const answer = await c.api.console.login({ account, password: PASSWORD, captcha: await c.captcha() });
    if (!('secondStep' in answer)) throw new Error('expected a second step');
    return { c, step: answer };
  }

  it('registers named passkeys: options for the console\'s relying party, listed, the challenge single-use', async () => {
    const { client } = await newMember();
    const options = (await client.api.console.passkeyRegisterOptions()) as { rp: { id: string; name: string }; user: { name: string }; challenge: string };
    expect(options.rp.id).toBe('console.example.org');
    expect(options.user.name).toMatch(/^pk/);
    const authenticator = new SoftAuthenticator(CONSOLE);
    const credential = authenticator.register(options as never);
    const status = await client.api.console.passkeyRegister({ name: ' 办公室电脑 ', credential });
    expect(status.passkeys).toEqual([expect.objectContaining({ name: '办公室电脑', lastUsedAt: null })]);
    expect(status.enabled).toBe(false);

    // The same answer again: its challenge is spent.
    const replay = await apiError(client.api.console.passkeyRegister({ name: '再来一次', credential }, { silent: true }));
    expect(replay.errno).toBe(Errno.INVALID_INPUT);
    expect(replay.fields.credential).toMatch(/未通过校验/);
    // Signed on another site (a look-alike origin): refused.
    const phishing = await apiError(
      client.api.console.passkeyRegister({ name: '钓鱼', credential: new SoftAuthenticator('https://console.example.org.evil.test').register(await client.api.console.passkeyRegisterOptions()) }, { silent: true }),
    );
    expect(phishing.fields.credential).toMatch(/未通过校验/);
    // Another member's challenge: refused, and it stays the other member's.
    const { client: other } = await newMember();
    const foreign = await other.api.console.passkeyRegisterOptions();
    const stolen = await apiError(client.api.console.passkeyRegister({ name: '别人的', credential: new SoftAuthenticator(CONSOLE).register(foreign) }, { silent: true }));
    expect(stolen.fields.credential).toMatch(/未通过校验/);
    // A bad name says which rule.
    const unnamed = await apiError(client.api.console.passkeyRegister({ name: '', credential }, { silent: true }));
    expect(unnamed.fields.name).toBe('请输入通行密钥名称');

    await addPasskey(client, '手机');
    expect((await client.api.console.twoFactorStatus()).passkeys.map((p) => p.name)).toEqual(['办公室电脑', '手机']);
    expect((await auditOf(server, 'staff.passkeyAdd'))[0]?.detail).toMatchObject({ name: '手机' });
  });

  it('signs in with a passkey as the second factor; a replayed or foreign challenge is refused', async () => {
    const { account, client } = await newMember();
    const authenticator = await addPasskey(client);

    const { c, step } = await passwordStep(account);
    expect(step).toMatchObject({ secondStep: 'twoFactor', totp: false, account });
    expect(step.passkey).toMatchObject({ rpId: 'console.example.org', allowCredentials: [{ id: authenticator.id, type: 'public-key' }] });

    // Another sign-in's WebAuthn challenge signed, sent with this one's token: refused.
    const { step: other } = await passwordStep(account);
    const crossed = await apiError(c.api.console.loginSecondStep({ challenge: step.challenge, passkey: authenticator.authenticate(other.passkey!) }, { silent: true }));
    expect(crossed.fields.passkey).toMatch(/未通过/);

    const assertion = authenticator.authenticate(step.passkey!);
    const session = await c.api.console.loginSecondStep({ challenge: step.challenge, passkey: assertion });
    expect(session).toMatchObject({ account, role: 'reviewer' });
    expect((await auditOf(server, 'staff.login'))[0]?.detail).toMatchObject({ with: 'passkey' });
    expect((await client.api.console.twoFactorStatus()).passkeys[0]?.lastUsedAt).not.toBeNull();

    // The same assertion again, with its spent challenge or with a fresh one: refused.
    const again = await apiError(server.client().api.console.loginSecondStep({ challenge: step.challenge, passkey: assertion }, { silent: true }));
    expect(again.fields.challenge).toBe('已超时或已使用');
    const { step: fresh } = await passwordStep(account);
    const replayed = await apiError(server.client().api.console.loginSecondStep({ challenge: fresh.challenge, passkey: assertion }, { silent: true }));
    expect(replayed.fields.passkey).toMatch(/未通过/);
  });

  it('refuses another member\'s passkey and a removed one', async () => {
    const { account, client } = await newMember();
    const kept = await addPasskey(client, '保留的');
    const removed = await addPasskey(client, '要移除的');
    const { client: stranger } = await newMember();
    const strangers = await addPasskey(stranger);

    const { c, step } = await passwordStep(account);
    const foreign = await apiError(c.api.console.loginSecondStep({ challenge: step.challenge, passkey: strangers.authenticate(step.passkey!) }, { silent: true }));
    expect(foreign.fields.passkey).toMatch(/未通过/);

    const id = (await client.api.console.twoFactorStatus()).passkeys.find((p) => p.name === '要移除的')!.id;
    // Another member cannot remove it.
    expect((await apiError(stranger.api.console.passkeyDelete({ id }, { silent: true }))).errno).toBe(Errno.NOT_FOUND);
    const status = await client.api.console.passkeyDelete({ id });
    expect(status.passkeys.map((p) => p.name)).toEqual(['保留的']);
    const gone = await apiError(c.api.console.loginSecondStep({ challenge: step.challenge, passkey: removed.authenticate(step.passkey!) }, { silent: true }));
    expect(gone.fields.passkey).toMatch(/未通过/);
    // The challenge survives wrong answers (within the login brake), and the kept passkey signs in.
    expect(await c.api.console.loginSecondStep({ challenge: step.challenge, passkey: kept.authenticate(step.passkey!) })).toMatchObject({ account });
  });

  it('adding a passkey needs a recent proof, and does not renew it', async () => {
    const { client } = await newMember();
    await addPasskey(client);
    const stale = sql`update staff_sessions set verified_at = now() - interval '11 minutes' where staff_id = ${client.staffId}`;
    await server.handle.db.execute(stale);
    // A stolen session cannot plant an authenticator of its own.
    expect((await apiError(client.api.console.passkeyRegisterOptions(undefined, { silent: true }))).data).toMatchObject({ reauth: true });
    expect((await apiError(client.api.console.passkeyRegister({ name: '他人', credential: new SoftAuthenticator(CONSOLE).register(await (async () => {
      await server.handle.db.execute(sql`update staff_sessions set verified_at = now() where staff_id = ${client.staffId}`);
      const options = await client.api.console.passkeyRegisterOptions();
      await server.handle.db.execute(stale);
      return options;
    })()) }, { silent: true }))).data).toMatchObject({ reauth: true });
    // Within the window it works, and leaves the proof as old as it was.
    await server.handle.db.execute(sql`update staff_sessions set verified_at = now() - interval '9 minutes' where staff_id = ${client.staffId}`);
    await addPasskey(client, '第二把钥匙');
    const sessions = await server.handle.db.select({ verifiedAt: staffSessions.verifiedAt }).from(staffSessions).where(eq(staffSessions.staffId, client.staffId));
    expect(sessions.length).toBeGreaterThan(0);
    for (const { verifiedAt } of sessions) expect(Date.now() - verifiedAt.getTime()).toBeGreaterThan(8 * 60_000);
  });

  it('removing a passkey needs a recent proof; re-authentication with a passkey is single-use', async () => {
    const { client } = await newMember();
    const authenticator = await addPasskey(client);
    const id = (await client.api.console.twoFactorStatus()).passkeys[0]!.id;
    await server.handle.db.execute(sql`update staff_sessions set verified_at = now() - interval '11 minutes' where staff_id = ${client.staffId}`);
    expect((await apiError(client.api.console.passkeyDelete({ id }, { silent: true }))).data).toMatchObject({ reauth: true });

    const options = await client.api.console.reauthPasskeyOptions();
    const assertion = authenticator.authenticate(options);
    await client.api.console.reauth({ passkey: assertion });
    const replay = await apiError(client.api.console.reauth({ passkey: assertion }, { silent: true }));
    expect(replay.fields.passkey).toMatch(/未通过/);
    // A reauth challenge is not a sign-in challenge nor a registration one.
    const misused = await apiError(client.api.console.passkeyRegister({ name: '错用', credential: new SoftAuthenticator(CONSOLE).register({ ...(await client.api.console.reauthPasskeyOptions()), rp: { id: 'console.example.org' } }) }, { silent: true }));
    expect(misused.fields.credential).toMatch(/未通过校验/);
    expect((await client.api.console.passkeyDelete({ id })).passkeys).toEqual([]);
    expect((await apiError(client.api.console.reauthPasskeyOptions(undefined, { silent: true }))).fields.passkey).toBe('未添加通行密钥');
  });

  it('a passkey counts as two-factor for the admin\'s requirement; TOTP stays available beside it', async () => {
    const { account, client } = await newMember();
    await addPasskey(client);
    const { secret } = await client.api.console.twoFactorStart();
    await client.api.console.twoFactorConfirm({ code: await generate({ secret }) });
    const { step } = await passwordStep(account);
    expect(step).toMatchObject({ totp: true, passkey: expect.objectContaining({ rpId: 'console.example.org' }) });

    const { account: keyOnly, client: keyClient } = await newMember();
    const authenticator = await addPasskey(keyClient);
    await admin.api.console.reauth({ password: DEMO_ADMIN.password });
    // The admin may turn the requirement on once they have a passkey of their own.
    const current = await admin.api.console.settingsGet();
    expect((await apiError(admin.api.console.settingsUpdate({ ...current, staffTwoFactorRequired: true }, { silent: true }))).fields.staffTwoFactorRequired).toBeDefined();
    await addPasskey(admin, '管理员的密钥');
    try {
      await admin.api.console.settingsUpdate({ ...current, staffTwoFactorRequired: true });
      expect(await keyClient.api.console.twoFactorStatus()).toMatchObject({ required: true, enrolmentOnly: false, enabled: false });
      await keyClient.api.console.projectOptions();
      const { c, step: keyStep } = await passwordStep(keyOnly);
      const session = (await c.api.console.loginSecondStep({ challenge: keyStep.challenge, passkey: authenticator.authenticate(keyStep.passkey!) })) as StaffSessionResult;
      expect(session.enrolmentOnly).toBe(false);
    } finally {
      await server.handle.db.execute(sql`update settings set staff_two_factor_required = false`);
      await server.handle.db.delete(staffPasskeys).where(eq(staffPasskeys.staffId, admin.staffId));
    }
  });

  it('an operator\'s reset of two-factor sign-in removes the passkeys too', async () => {
    const { account, client } = await newMember();
    await addPasskey(client);
    await updateStaff(server.handle.db, { account, resetTwoFactor: true });
    const c = server.client();
    expect('token' in (await c.api.console.login({ account, password: PASSWORD, captcha: await c.captcha() }))).toBe(true);
  });
});

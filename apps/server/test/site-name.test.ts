// Issue 13, defect 15: one site name, from the settings. The messages the server sends name the
// site as settings.siteTitle does, and follow it when staff rename the site.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../src/db/schema';
import { SITE_TITLE } from '../src/db/seed/data-base';
import { drivers, startTestServer, type TestServer } from './harness';

describe.each(drivers)('the site name in messages on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server?.close());

  const resetMessage = async () => {
    const user = await server.newUser();
    await server.client().api.auth.sendCode({ account: user.account });
    await server.codeFor(user.account);
    return (await server.outbox()).filter((m) => m.includes(`To: ${user.account}\n`)).at(-1) ?? '';
  };

  it('names the site by its settings in the password-reset code, and follows a new name', async () => {
    const first = await resetMessage();
    expect(first).toContain(`您正在找回${SITE_TITLE}的登录密码`);
    expect(first).not.toContain('Flagship');

    await server.handle.db.update(settings).set({ siteTitle: '艺术精品在线申报' });
    expect(await resetMessage()).toContain('您正在找回艺术精品在线申报的登录密码');
  });
});

// The contract matrix of the account and content endpoints: who may call (401 / 1001, decided
// before the input is looked at), bad input named in Chinese (400), missing entries (404), and
// the lifetimes and storage of sessions and captchas.
import { Errno, type ApiClient } from '@flagship/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError, drivers, startTestServer, type TestServer } from './harness';

describe.each(drivers)('contract matrix on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server?.close());

  // Inputs are invalid on purpose: the session is checked first, so they must not turn into 400.
  const needSession: [string, (api: ApiClient) => Promise<unknown>][] = [
    ['auth.editPassword', (api) => api.auth.editPassword({ oldPassword: '', password: 'short' })],
    ['user.get', (api) => api.user.get({ id: 'abc' as unknown as number })],
    ['user.update', (api) => api.user.update({ id: 1, mobile: '12345', email: 'nope' })],
  ];

  it.each(needSession)('%s: 401 without a token, before the input is validated', async (_name, call) => {
    const error = await apiError(call(server.client().api));
    expect([error.errno, error.status]).toEqual([Errno.LOGIN_REQUIRED, 401]);
  });

  it.each(needSession)('%s: 1001 with an unknown token, before the input is validated', async (_name, call) => {
    const c = server.client();
    c.api.session.set({ token: 'forged-token-value', id: 1, account: '13900000000', enterprise_authentication_status: null });
    const error = await apiError(call(c.api));
    expect([error.errno, error.status]).toEqual([Errno.SESSION_INVALID, 401]);
  });
});

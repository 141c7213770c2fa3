// Logged-in pages rendered on the server (issue 11): what a render asks of the API in-process (and
// that the handlers answer it without a request through Fastify), and
// that each applicant's page holds their own data and never another's, however renders interleave
// (the route handler, the theme's styles and the SDK client are shared by every render).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEFAULT_SESSION_NAME } from '@flagship/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordInProcessCalls } from '../src/http/portal-pages';
import { clientWithToken, createCall, directUser } from './apply-fixtures';
import { drivers, startTestServer, type TestServer } from './harness';

// The server renders pages only once the portal's server bundle is built (`pnpm build`).
const rendererBuilt = existsSync(fileURLToPath(new URL('../../portal/dist-server/entry-server.js', import.meta.url)));

type Applicant = Awaited<ReturnType<typeof directUser>> & { draftName: string };

describe.skipIf(!rendererBuilt).each(drivers)('logged-in pages rendered on %s', (driver) => {
  let server: TestServer;
  let call: { projectId: number; formIds: number[] };
  let applicants: Applicant[];

  beforeAll(async () => {
    server = await startTestServer(driver);
    call = await createCall(server.handle.db, 'open');
    applicants = await Promise.all(
      ['甲', '乙', '丙'].map(async (who) => {
        const user = await directUser(server.handle.db);
        const draftName = `${who}团的草稿 ${user.userId}`;
        await clientWithToken(server.baseUrl, user).apply.save({ projectId: call.projectId, formId: call.formIds[0]!, data: { projectName: draftName }, version: 0 });
        return { ...user, draftName };
      }),
    );
  });
  afterAll(() => server?.close());

  /** The portal's two session cookies, as a signed-in browser sends them. */
  const cookie = (user: Applicant) => {
    const info = { token: user.token, id: user.userId, account: user.account, enterprise_authentication_status: null };
    return `${DEFAULT_SESSION_NAME}-token=${user.token}; ${DEFAULT_SESSION_NAME}-userinfo=${encodeURIComponent(JSON.stringify(info))}`;
  };
  const page = async (path: string, user: Applicant) => {
    const response = await fetch(`${server.baseUrl}${path}`, { headers: { accept: 'text/html', cookie: cookie(user) } });
    expect(response.status).toBe(200);
    return response.text();
  };
  const detail = () => `/projectDetail?id=${call.projectId}`;
  const form = () => `/application?projectId=${call.projectId}&formId=${call.formIds[0]}`;

  /**
   * The in-process API calls made while `work` runs: those answered by the handlers directly
   * (`inProcessReads`), and those injected as requests through Fastify (`app.inject`).
   */
  const inProcess = async (work: () => Promise<unknown>) => {
    const calls = recordInProcessCalls(server.app);
    try {
      await work();
    } finally {
      calls.stop();
    }
    return { direct: calls.direct.sort(), injected: calls.injected };
  };

  it('asks the API once per read it needs, answered in-process: the settings (layout and title), the call or the form, and the call\'s results notices', async () => {
    const [alice] = applicants as [Applicant];
    let html = '';
    const detailCalls = await inProcess(async () => (html = await page(detail(), alice)));
    expect(html).toContain('flagship-server-data');
    expect(detailCalls).toEqual({ direct: ['/api/project/' + call.projectId, `/api/result-notices?projectId=${call.projectId}`, '/api/setting/index'].sort(), injected: [] });
    const formCalls = await inProcess(async () => (html = await page(form(), alice)));
    expect(html).toContain('flagship-server-data');
    expect(formCalls).toEqual({ direct: [`/api/project/${call.projectId}/form/${call.formIds[0]}`, '/api/setting/index'], injected: [] });
  });

  it('renders the same page whether its reads are answered in-process or injected', async () => {
    const [alice] = applicants as [Applicant];
    const { inProcessReads } = server.app;
    // React's ids are numbered alike; the countdown to the deadline may have moved a minute.
    const same = (html: string) => html.replace(/距申报截止还有[^<]*/g, '');
    const direct = await Promise.all([detail(), form()].map((path) => page(path, alice)));
    Object.assign(server.app, { inProcessReads: undefined });
    try {
      const injected = await Promise.all([detail(), form()].map((path) => page(path, alice)));
      expect(injected.map(same)).toEqual(direct.map(same));
    } finally {
      Object.assign(server.app, { inProcessReads });
    }
  });

  it("gives each applicant their own draft and account, never another's, with renders interleaved", async () => {
    // Six at a time: beyond eight renders at once the server sends the plain page.
    const rounds = [];
    for (let round = 0; round < 3; round++) {
      rounds.push(...(await Promise.all(applicants.flatMap((user) => [detail(), form()].map(async (path) => ({ user, path, html: await page(path, user) }))))));
    }
    for (const { user, path, html } of rounds) {
      expect(html, path).toContain('flagship-server-data');
      expect(html, path).toContain(user.account);
      // The form page carries the draft's values; the call page links the applicant's own application.
      if (path === form()) expect(html, path).toContain(user.draftName);
      for (const other of applicants.filter((one) => one !== user)) {
        expect(html, path).not.toContain(other.account);
        expect(html, path).not.toContain(other.draftName);
        expect(html, path).not.toContain(other.token);
      }
      expect(html, path).not.toContain(user.token);
    }
  });
});

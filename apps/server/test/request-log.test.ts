// Session tokens travel in the query of export, download and file links; the log must not keep them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientWithToken, createCall, directUser, pdf } from './apply-fixtures';
import { startTestServer, type TestServer } from './harness';

describe('the request log', () => {
  let server: TestServer;
  const lines: string[] = [];
  beforeAll(async () => {
    server = await startTestServer('pglite', {}, { logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } });
  });
  afterAll(() => server?.close());

  it('never holds a session token, however the link carries it', async () => {
    const owner = await directUser(server.handle.db);
    const token = owner.token;
    const api = clientWithToken(server.baseUrl, owner);
    const call = await createCall(server.handle.db);
    const params = { projectId: call.projectId, formId: call.formIds[0]! };
    await api.apply.save({ ...params, data: { projectName: '日志' }, version: 0 });
    const file = await api.files.upload({ file: new Blob([new Uint8Array(pdf())]), name: 'a.pdf' });
    const job = await api.apply.download(params);
    const links = [
      api.urls.export(params),
      api.urls.download({ ...params, name: job.name }),
      api.urls.file({ id: file.id }),
      `${server.baseUrl}/api/file/${file.id}?AuthKey=${token}`,
      `${server.baseUrl}/api/file/${file.id}?auth%6Bey=${token}`,
      `${server.baseUrl}/api/project?keyword=x&access_token=${token}`,
    ];
    for (const link of links) {
      expect(link).toContain(token);
      await (await fetch(link)).arrayBuffer();
    }
    const logged = lines.join('');
    expect(logged).toContain(`/export?authkey=[Redacted]`);
    expect(logged).toContain('keyword=x&access_token=[Redacted]');
    expect(logged).not.toContain(token);
  });
});

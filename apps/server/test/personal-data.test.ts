// Issue 16 (PIPL): an applicant downloads everything the platform holds about them, and only they can.
import { createHash } from 'node:crypto';
import { Errno } from '@flagship/api-client';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCall, PNG, pdf, someDistrict, validData } from './apply-fixtures';
import { drivers, startTestServer, type TestServer } from './harness';

type User = Awaited<ReturnType<TestServer['newUser']>>;

describe.each(drivers)('personal data on %s', (driver) => {
  let server: TestServer;
  let alice: User;
  let bob: User;

  beforeAll(async () => {
    server = await startTestServer(driver);
    [alice, bob] = await Promise.all([server.newUser(), server.newUser()]);
  });
  afterAll(() => server?.close());

  const download = (user: User, id = user.userId, token: string | null | undefined = user.api.session.getToken()) =>
    fetch(`${server.baseUrl}/api/user/${id}/personal-data${token ? `?authkey=${encodeURIComponent(token)}` : ''}`);

  it('gives the applicant a zip of their records and files, with every submission and its receipt', async () => {
    const call = await createCall(server.handle.db, 'open', 1);
    const regionId = (await someDistrict(server.handle.db)).id;
    const proposalBytes = pdf('alice proposal');
    const proposal = await alice.api.files.upload({ file: new Blob([new Uint8Array(proposalBytes)]), name: '申报书\u202e.pdf' });
    const avatar = await alice.api.files.upload({ file: new Blob([new Uint8Array(PNG)]), name: '头像.png' });
    await alice.api.user.update({ id: alice.userId, name: '沈清和', avatar: avatar.id });
    const form = { projectId: call.projectId, formId: call.formIds[0]! };
    const draft = await alice.api.apply.save({ ...form, data: { projectName: '草稿' }, version: 0 });
    const sent = await alice.api.apply.save({ ...form, data: validData({ proposal: proposal.id }, regionId), version: draft.version, submit: true });
    await bob.api.files.upload({ file: new Blob([new Uint8Array(pdf('bob'))]), name: 'bob.pdf' });

    const response = await download(alice);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; /);
    const zip = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(zip)).toEqual(expect.arrayContaining(['说明.txt', '个人数据.json']));

    const record = JSON.parse(strFromU8(zip['个人数据.json']!)) as Record<string, unknown> & {
      account: Record<string, unknown>;
      applications: { id: number; serialNumber: string; receiptHash: string; submissions: { receiptHash: string; data: unknown }[] }[];
      uploads: { id: number; name: string; sha256: string; inArchive: string }[];
      signIns: unknown[];
    };
    expect(record.account).toMatchObject({ id: alice.userId, account: alice.account, name: '沈清和', avatar: avatar.id });
    expect(record.signIns.length).toBeGreaterThan(0);
    const application = record.applications.find((a) => a.id === sent.id);
    expect(application).toMatchObject({ serialNumber: sent.serialNumber, receiptHash: sent.receipt!.sha256 });
    expect(application!.submissions).toHaveLength(1);
    expect(application!.submissions[0]!.receiptHash).toBe(sent.receipt!.sha256);

    // Their files, byte for byte, named as they show; nobody else's.
    expect(record.uploads.map((u) => u.id).sort()).toEqual([proposal.id, avatar.id].sort());
    for (const upload of record.uploads) {
      const bytes = zip[upload.inArchive];
      expect(bytes, upload.inArchive).toBeDefined();
      expect(createHash('sha256').update(bytes!).digest('hex')).toBe(upload.sha256);
    }
    expect(record.uploads.find((u) => u.id === proposal.id)!.inArchive).toBe(`文件/${proposal.id}-申报书.pdf`);
    expect(Object.keys(zip).some((name) => name.includes('bob'))).toBe(false);

    // No secrets: neither password hashes nor session token hashes.
    const text = strFromU8(zip['个人数据.json']!);
    expect(text).not.toMatch(/passwordHash|password_hash|tokenHash|token_hash|storageKey/);
  });

  it('is only for the applicant themself', async () => {
    const other = await download(bob, alice.userId);
    expect(other.status).toBeLessThan(500);
    expect(((await other.json()) as { errno: number }).errno).toBe(Errno.FORBIDDEN);
    const anonymous = await download(alice, alice.userId, null);
    expect(((await anonymous.json()) as { errno: number }).errno).toBe(Errno.LOGIN_REQUIRED);
  });

  it('is offered by the SDK as a link', () => {
    const url = alice.api.urls.personalData({ id: alice.userId });
    expect(url).toContain(`/api/user/${alice.userId}/personal-data?authkey=`);
  });
});

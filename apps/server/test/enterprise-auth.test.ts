import { creditCodeCheckChar, Errno, type SubmitAuthenticationInput } from '@flagship/api-client';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, enterpriseAuthentications } from '../src/db/schema';
import { applicationDocx } from '../src/lib/documents';
import { PNG, pdf, someDistrict } from './apply-fixtures';
import { apiError, drivers, startTestServer, type TestServer } from './harness';

type User = Awaited<ReturnType<TestServer['newUser']>>;

const CREDIT_BODY = '91330106MA2AB3C4D';
const WRONG_CHECK = CREDIT_BODY + (creditCodeCheckChar(CREDIT_BODY) === '1' ? '2' : '1');

describe.each(drivers)('enterprise authentication on %s', (driver) => {
  let server: TestServer;
  let alice: User;
  let bob: User;
  let input: SubmitAuthenticationInput;
  let bobsImage: number;
  let docx: number;

  beforeAll(async () => {
    server = await startTestServer(driver);
    [alice, bob] = await Promise.all([server.newUser(), server.newUser()]);
    const region = await someDistrict(server.handle.db);
    const licence = await alice.api.files.upload({ file: new Blob([new Uint8Array(PNG)]), name: '营业执照.png' });
    const scan = await alice.api.files.upload({ file: new Blob([new Uint8Array(pdf())]), name: '营业执照副本.pdf' });
    bobsImage = (await bob.api.files.upload({ file: new Blob([new Uint8Array(PNG)]), name: 'bob.png' })).id;
    const word = await applicationDocx({ projectTitle: 't', formTitle: 'f', applicant: 'a', status: 'draft', serialNumber: null, submittedAt: null, sha256: null, fields: [], data: {}, lookups: {} });
    docx = (await alice.api.files.upload({ file: new Blob([new Uint8Array(word)]), name: '说明.docx' })).id;
    input = {
      enterpriseName: '钱塘文化传媒有限公司',
      creditCode: CREDIT_BODY + creditCodeCheckChar(CREDIT_BODY),
      type: '有限责任公司',
      legalRepresentative: '王五',
      regionId: region.id,
      address: '西湖区文三路 100 号',
      contactName: '赵六',
      contactPhone: '13912345678',
      licenseFiles: [licence.id, scan.id],
      introduction: '<p>专注舞台艺术<script>alert(1)</script><a href="javascript:x" onclick="y">官网</a></p>',
    };
  });
  afterAll(() => server?.close());

  it('starts unauthenticated', async () => {
    expect(await alice.api.enterprise.checkAuthenticationStatus()).toEqual({ code: 'unauth', status: null, reason: null });
    expect(await alice.api.enterprise.getEnterpriseInfo()).toBeNull();
  });

  it('refuses bad input, naming the field', async () => {
    const wrongCheck = await apiError(alice.api.enterprise.submitAuthentication({ ...input, creditCode: WRONG_CHECK }, { silent: true }));
    expect(wrongCheck.errno).toBe(Errno.INVALID_INPUT);
    expect(wrongCheck.errmsg).toMatch(/^统一社会信用代码：/);
    expect(wrongCheck.fields).toHaveProperty('creditCode');

    const noLicence = await apiError(alice.api.enterprise.submitAuthentication({ ...input, licenseFiles: [] }, { silent: true }));
    expect(noLicence.fields).toHaveProperty('licenseFiles');

    const notMine = await apiError(alice.api.enterprise.submitAuthentication({ ...input, licenseFiles: [bobsImage] }, { silent: true }));
    expect(notMine.errno).toBe(Errno.INVALID_INPUT);
    expect(notMine.errmsg).toMatch(/^营业执照：/);
    expect(notMine.fields).toHaveProperty('licenseFiles.0');

    const notAnImage = await apiError(alice.api.enterprise.submitAuthentication({ ...input, licenseFiles: [docx] }, { silent: true }));
    expect(notAnImage.errno).toBe(Errno.INVALID_INPUT);
    expect(notAnImage.errmsg).toContain('图片或 PDF');

    // PostgreSQL cannot store U+0000: refused like any other bad input, not a 500.
    const nul = await apiError(alice.api.enterprise.submitAuthentication({ ...input, enterpriseName: '钱塘\u0000文化' }, { silent: true }));
    expect(nul.errno).toBe(Errno.INVALID_INPUT);
    expect(nul.errmsg).toBe('企业名称：不能包含空字符（U+0000）');
    expect(nul.fields).toEqual({ enterpriseName: '不能包含空字符（U+0000）' });

    const noRegion = await apiError(alice.api.enterprise.submitAuthentication({ ...input, regionId: 999_999 }, { silent: true }));
    expect(noRegion.fields).toHaveProperty('regionId');
    expect(await alice.api.enterprise.getEnterpriseInfo()).toBeNull();
  });

  it('accepts a submission under review (0), with the introduction sanitised', async () => {
    const created = await alice.api.enterprise.submitAuthentication(input);
    expect(created).toMatchObject({
      enterpriseName: input.enterpriseName,
      creditCode: input.creditCode,
      regionId: input.regionId,
      licenseFiles: input.licenseFiles,
      status: 0,
      reason: null,
      reviewedAt: null,
    });
    expect(created.regionName).toBeTruthy();
    expect(created.introduction).toContain('专注舞台艺术');
    expect(created.introduction).not.toMatch(/script|javascript:|onclick/i);

    expect(await alice.api.enterprise.getEnterpriseInfo()).toEqual(created);
    expect(await alice.api.enterprise.checkAuthenticationStatus()).toEqual({ code: 'authing', status: 0, reason: null });
    expect((await alice.api.user.get({ id: alice.userId })).enterprise_authentication_status).toBe(0);
    // Nobody else sees it.
    expect(await bob.api.enterprise.getEnterpriseInfo()).toBeNull();
    const logs = await server.handle.db.select().from(auditLogs).where(eq(auditLogs.objectId, String(created.id)));
    expect(logs.some((l) => l.action === 'enterprise.submitAuthentication')).toBe(true);
  });

  it('refuses a second submission while under review (409)', async () => {
    const error = await apiError(alice.api.enterprise.submitAuthentication(input, { silent: true }));
    expect(error.errno).toBe(Errno.CONFLICT);
    expect(error.errmsg).toContain('等待审核');
  });

  it('after a rejection reports the reason and takes a new submission; after approval refuses', async () => {
    const [latest] = await server.handle.db
      .select()
      .from(enterpriseAuthentications)
      .where(eq(enterpriseAuthentications.userId, alice.userId))
      .orderBy(desc(enterpriseAuthentications.id));
    await server.handle.db
      .update(enterpriseAuthentications)
      .set({ status: 2, reason: '营业执照不清晰', reviewedAt: new Date() })
      .where(eq(enterpriseAuthentications.id, latest!.id));
    expect(await alice.api.enterprise.checkAuthenticationStatus()).toEqual({ code: 'fail', status: 2, reason: '营业执照不清晰' });
    expect((await alice.api.enterprise.getEnterpriseInfo())?.reviewedAt).toBeTruthy();

    const again = await alice.api.enterprise.submitAuthentication({ ...input, address: '西湖区文三路 200 号' });
    expect(again.id).not.toBe(latest!.id);
    expect(again).toMatchObject({ status: 0, address: '西湖区文三路 200 号' });

    await server.handle.db.update(enterpriseAuthentications).set({ status: 1, reviewedAt: new Date() }).where(eq(enterpriseAuthentications.id, again.id));
    expect(await alice.api.enterprise.checkAuthenticationStatus()).toMatchObject({ code: 'success', status: 1 });
    const error = await apiError(alice.api.enterprise.submitAuthentication(input, { silent: true }));
    expect(error.errno).toBe(Errno.CONFLICT);
    expect(error.errmsg).toContain('已通过');
  });

  it('needs a session', async () => {
    expect((await apiError(server.client().api.enterprise.checkAuthenticationStatus(undefined, { silent: true }))).errno).toBe(Errno.LOGIN_REQUIRED);
  });
});

// Issue 13, defect 16: submitting sends the applicant a confirmation with the receipt (serial
// number, time in Beijing time, receipt hash): an e-mail, or a text message for a mobile-only
// account; each names the site by its settings' name.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, settings } from '../src/db/schema';
import { SITE_TITLE } from '../src/db/seed/data-base';
import { beijingTime } from '../src/lib/beijing-time';
import { createCall, pdf, someDistrict, validData } from './apply-fixtures';
import { drivers, startTestServer, type TestServer } from './harness';

type User = Awaited<ReturnType<TestServer['newUser']>>;

describe.each(drivers)('the confirmation of a submission on %s', (driver) => {
  let server: TestServer;
  let call: { projectId: number; formIds: number[] };
  let regionId: number;
  const statements: string[] = [];

  beforeAll(async () => {
    server = await startTestServer(driver, {}, { onQuery: (query) => statements.push(query) });
    call = await createCall(server.handle.db, 'open');
    regionId = (await someDistrict(server.handle.db)).id;
  });
  afterAll(() => server?.close());

  const submit = async (user: User) => {
    const proposal = (await user.api.files.upload({ file: new Blob([new Uint8Array(pdf())]), name: '申报书.pdf' })).id;
    const form = { projectId: call.projectId, formId: call.formIds[0]! };
    const draft = await user.api.apply.save({ ...form, data: { projectName: '草稿' }, version: 0 });
    expect((await server.outbox()).some((m) => m.includes(`\n${user.account}\n`) || m.includes(`To: ${user.account}\n`))).toBe(false);
    return user.api.apply.save({ ...form, data: validData({ proposal }, regionId), version: draft.version, submit: true });
  };

  it('e-mails the receipt once the application is submitted', async () => {
    const alice = await server.newUser();
    const sent = await submit(alice);
    const mails = (await server.outbox()).filter((m) => m.includes(`To: ${alice.account}\n`));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail).toContain('申报已提交');
    expect(mail).toContain('测试专项资助项目');
    expect(mail).toContain(`申报编号：${sent.serialNumber}`);
    expect(mail).toContain(`提交时间：${beijingTime(new Date(sent.submittedAt!))}（北京时间）`);
    expect(mail).toContain(`回执校验码（SHA-256）：${sent.receipt!.sha256}`);
    expect(mail).toContain(SITE_TITLE);
    // One form, sent: nothing missing.
    expect(mail).not.toContain('尚未提交');
  });

  it('lists the forms of the call not sent yet, with the deadline', async () => {
    const several = await createCall(server.handle.db, 'open', 3);
    const carol = await server.newUser();
    const proposal = (await carol.api.files.upload({ file: new Blob([new Uint8Array(pdf())]), name: '申报书.pdf' })).id;
    await carol.api.apply.save({ projectId: several.projectId, formId: several.formIds[1]!, data: { projectName: '草稿' }, version: 0 });
    await carol.api.apply.save({ projectId: several.projectId, formId: several.formIds[0]!, data: validData({ proposal }, regionId), version: 0, submit: true });
    const [mail] = (await server.outbox()).filter((m) => m.includes(`To: ${carol.account}\n`) && m.includes('申报已提交'));
    const [project] = await server.handle.db.select().from(projects).where(eq(projects.id, several.projectId));
    expect(mail).toContain(
      `本项目还有以下表单尚未提交：「测试申报书 2」（草稿未提交）、「测试申报书 3」（尚未填写）。请在 ${beijingTime(project!.applyEnd)}（北京时间）截止前完成提交。`,
    );
    expect(mail).not.toContain('「测试申报书 1」（');
  });

  it('sends a text message to an account that has only a mobile number', async () => {
    const mobile = `139${String(Date.now()).slice(-8)}`;
    const bob = await server.newUser(mobile);
    const sent = await submit(bob);
    const messages = (await server.outbox()).filter((m) => m.includes(mobile) && m.includes('申报已提交'));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(sent.serialNumber!);
    expect(messages[0]).toContain(sent.receipt!.sha256);
  });

  it('names the site as staff last named it, without reading the settings for every submission', async () => {
    // The site title is kept from an earlier answer: the submission itself reads no settings.
    const erin = await server.newUser();
    const proposal = (await erin.api.files.upload({ file: new Blob([new Uint8Array(pdf())]), name: '申报书.pdf' })).id;
    const form = { projectId: call.projectId, formId: call.formIds[0]! };
    const draft = await erin.api.apply.save({ ...form, data: { projectName: '草稿' }, version: 0 });
    const before = statements.length;
    await erin.api.apply.save({ ...form, data: validData({ proposal }, regionId), version: draft.version, submit: true });
    // (The site gate's own kept read of the access password may come due; it is not the settings' read.)
    const gate = 'select "access_password_enabled", "access_password_hash" from "settings" limit $1';
    expect(statements.slice(before).filter((q) => /from "settings"/.test(q) && q !== gate)).toEqual([]);

    // Renamed straight in the database: the change notice reaches the kept settings.
    await server.handle.db.update(settings).set({ siteTitle: '新名称的资助平台' });
    try {
      await expect
        .poll(
          async () => {
            const dave = await server.newUser();
            await submit(dave);
            return (await server.outbox()).find((m) => m.includes(`To: ${dave.account}\n`)) ?? '';
          },
          { timeout: 20_000, interval: 200 },
        )
        .toContain('您可登录新名称的资助平台查看');
    } finally {
      await server.handle.db.update(settings).set({ siteTitle: SITE_TITLE });
    }
  });
});

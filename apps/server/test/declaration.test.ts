// Issue 13: a call's declaration (声明), edited by staff, shown before 确认提交, and required of a
// submission when the call has one. A call without one still takes submissions from older clients.
import { DECLARATION_REQUIRED, Errno } from '@flagship/api-client';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../src/db/schema';
import { createCall, pdf, someDistrict, validData } from './apply-fixtures';
import { auditOf, staffLogin, type StaffClient } from './console-fixtures';
import { apiError, drivers, startTestServer, type TestServer } from './harness';

type User = Awaited<ReturnType<TestServer['newUser']>>;

const DECLARATION = '本单位承诺所报材料真实有效。\n如有虚假，自愿取消申报资格。';

describe.each(drivers)('the declaration of a call on %s', (driver) => {
  let server: TestServer;
  let admin: StaffClient;
  let alice: User;
  let withDeclaration: { projectId: number; formIds: number[] };
  let without: { projectId: number; formIds: number[] };
  let proposal: number;
  let regionId: number;

  beforeAll(async () => {
    server = await startTestServer(driver);
    [admin, alice] = await Promise.all([staffLogin(server), server.newUser()]);
    [withDeclaration, without] = await Promise.all([createCall(server.handle.db, 'open', 2), createCall(server.handle.db, 'open')]);
    regionId = (await someDistrict(server.handle.db)).id;
    proposal = (await alice.api.files.upload({ file: new Blob([new Uint8Array(pdf())]), name: '申报书.pdf' })).id;
  });
  afterAll(() => server?.close());

  const submit = (call: { projectId: number; formIds: number[] }, i: number, extra: { declarationAccepted?: boolean } = {}) =>
    alice.api.apply.save({ projectId: call.projectId, formId: call.formIds[i]!, data: validData({ proposal }, regionId), version: 0, submit: true, ...extra }, { silent: true });

  it('is edited by staff in the call and returned with the call and its forms', async () => {
    const current = await admin.api.console.projectGet({ id: withDeclaration.projectId });
    expect(current.declaration).toBe('');
    const { id, title, categoryId, regionId: region, summary, guide, budget, budgetNote, applyStart, applyEnd } = current;
    const body = { id, title, categoryId, regionId: region, summary, guide, budget, budgetNote, applyStart, applyEnd };
    const updated = await admin.api.console.projectUpdate({ ...body, declaration: `  ${DECLARATION}  ` });
    expect(updated.declaration).toBe(DECLARATION);

    const tooLong = await apiError(admin.api.console.projectUpdate({ ...body, declaration: '承'.repeat(2001) }, { silent: true }));
    expect(tooLong).toMatchObject({ status: 400, errno: Errno.INVALID_INPUT });
    expect(tooLong.errmsg).toContain('声明');

    expect((await alice.api.project.detail({ id: withDeclaration.projectId })).declaration).toBe(DECLARATION);
    expect((await alice.api.project.form({ projectId: withDeclaration.projectId, formId: withDeclaration.formIds[0]! })).declaration).toBe(DECLARATION);
    expect((await alice.api.project.detail({ id: without.projectId })).declaration).toBe('');
  });

  it('refuses a submission that does not accept it, naming 声明, and keeps the draft', async () => {
    for (const extra of [{}, { declarationAccepted: false }]) {
      const refused = await apiError(submit(withDeclaration, 0, extra));
      expect(refused).toMatchObject({ status: 400, errno: Errno.INVALID_INPUT, errmsg: DECLARATION_REQUIRED });
      expect(refused.errmsg.startsWith('声明')).toBe(true);
      expect(refused.fields).toHaveProperty('declarationAccepted');
    }
    expect((await alice.api.project.form({ projectId: withDeclaration.projectId, formId: withDeclaration.formIds[0]! })).apply).toBeNull();
    // A draft never needs it.
    const draft = await alice.api.apply.save({ projectId: withDeclaration.projectId, formId: withDeclaration.formIds[1]!, data: { projectName: '草稿' }, version: 0 });
    expect(draft.status).toBe('draft');
  });

  it('takes a submission that accepts it, and records the acceptance', async () => {
    const submitted = await submit(withDeclaration, 0, { declarationAccepted: true });
    expect(submitted.status).toBe('submitted');
    const audit = (await auditOf(server, 'application.submit')).find((row) => row.objectId === String(submitted.id));
    expect(audit?.detail).toMatchObject({ declarationAccepted: true });
  });

  it('does not ask it of a call without a declaration (older clients)', async () => {
    expect((await submit(without, 0)).status).toBe('submitted');
  });

  it("lets the call's page show each form's task: submitted, draft, and withdrawn", async () => {
    const first = (await alice.api.project.detail({ id: withDeclaration.projectId })).forms;
    expect(first.map((f) => [f.myApply?.status ?? null, f.myWithdrawn])).toEqual([
      ['submitted', null],
      ['draft', null],
    ]);
    const sent = first[0]!.myApply!;
    await alice.api.apply.remove({ id: withDeclaration.formIds[0]!, applyId: sent.id });
    const after = (await alice.api.project.detail({ id: withDeclaration.projectId })).forms;
    expect(after[0]).toMatchObject({ myApply: null, myWithdrawn: { id: sent.id, status: 'withdrawn', serialNumber: sent.serialNumber } });
    // Started again, the form shows the new application.
    const fresh = await alice.api.apply.save({ projectId: withDeclaration.projectId, formId: withDeclaration.formIds[0]!, data: { projectName: '重新填写' }, version: 0 });
    const again = (await alice.api.project.detail({ id: withDeclaration.projectId })).forms;
    expect(again[0]).toMatchObject({ myApply: { id: fresh.id, status: 'draft' }, myWithdrawn: null });
    // Nobody else sees them.
    await server.handle.db.update(projects).set({ declaration: '' }).where(eq(projects.id, withDeclaration.projectId));
    const bob = await server.newUser();
    expect((await bob.api.project.detail({ id: withDeclaration.projectId })).forms.every((f) => f.myApply === null && f.myWithdrawn === null)).toBe(true);
  });
});

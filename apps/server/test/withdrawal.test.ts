// Issue 13, defect 1: deleting a draft and withdrawing a submission are different acts. A deleted
// draft leaves the applicant's list; a withdrawn submission stays in it with its receipt, and the
// form is free for a new application.
import { Errno } from '@flagship/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCall, pdf, someDistrict, validData } from './apply-fixtures';
import { apiError, drivers, startTestServer, type TestServer } from './harness';

type User = Awaited<ReturnType<TestServer['newUser']>>;

describe.each(drivers)('withdrawal and deletion on %s', (driver) => {
  let server: TestServer;
  let alice: User;
  let bob: User;
  let call: { projectId: number; formIds: number[] };
  let proposal: number;
  let regionId: number;

  beforeAll(async () => {
    server = await startTestServer(driver);
    [alice, bob] = await Promise.all([server.newUser(), server.newUser()]);
    call = await createCall(server.handle.db, 'open', 2);
    regionId = (await someDistrict(server.handle.db)).id;
    proposal = (await alice.api.files.upload({ file: new Blob([new Uint8Array(pdf())]), name: '申报书.pdf' })).id;
  });
  afterAll(() => server?.close());

  const form = (i: number) => ({ projectId: call.projectId, formId: call.formIds[i]! });
  const save = (user: User, i: number, body: { data: Record<string, unknown>; version: number; submit?: boolean }) =>
    user.api.apply.save({ ...form(i), ...body }, { silent: true });
  const listed = async (user: User, status?: 'withdrawn' | 'draft') => {
    const page = await user.api.project.myApplyList({ pageSize: 100, status });
    expect(page.total).toBe(page.list.length);
    return page.list;
  };

  it('keeps a withdrawn submission in the list and readable, with its receipt, and lets the form start again', async () => {
    const draft = await save(alice, 0, { data: { projectName: '草稿' }, version: 0 });
    const submitted = await save(alice, 0, { data: validData({ proposal }, regionId), version: draft.version, submit: true });
    expect(submitted.receipt).not.toBeNull();

    await alice.api.apply.remove({ id: call.formIds[0]!, applyId: submitted.id });

    const receipt = { serialNumber: submitted.serialNumber, submittedAt: submitted.submittedAt };
    expect((await listed(alice)).find((a) => a.id === submitted.id)).toMatchObject({ status: 'withdrawn', ...receipt });
    expect((await listed(alice, 'withdrawn')).map((a) => a.id)).toEqual([submitted.id]);
    const detail = await alice.api.project.applyDetail({ applyId: submitted.id });
    expect(detail).toMatchObject({ status: 'withdrawn', ...receipt, receipt: submitted.receipt, data: submitted.data });

    // It left review and the form: the form shows no application, and a new one may start.
    expect((await alice.api.project.form(form(0))).apply).toBeNull();
    const call0 = (await alice.api.project.detail({ id: call.projectId })).forms.find((f) => f.id === call.formIds[0]);
    expect(call0?.myApply).toBeNull();
    const fresh = await save(alice, 0, { data: { projectName: '重新填写' }, version: 0 });
    expect(fresh.id).not.toBe(submitted.id);
    expect((await listed(alice)).filter((a) => a.formId === call.formIds[0]).map((a) => [a.id, a.status])).toEqual([
      [fresh.id, 'draft'],
      [submitted.id, 'withdrawn'],
    ]);

    // Once withdrawn, it stays withdrawn; and it is nobody else's to read.
    const again = await apiError(alice.api.apply.remove({ id: call.formIds[0]!, applyId: submitted.id }, { silent: true }));
    expect(again).toMatchObject({ status: 403, errmsg: '申报已撤回，不能撤回' });
    expect((await apiError(bob.api.project.applyDetail({ applyId: submitted.id }, { silent: true }))).errno).toBe(Errno.NOT_FOUND);
    expect((await listed(bob)).some((a) => a.id === submitted.id)).toBe(false);
  });

  it('takes a deleted draft out of the list and every read of it', async () => {
    const draft = await save(alice, 1, { data: { projectName: '将被删除的草稿' }, version: 0 });
    expect((await listed(alice, 'draft')).map((a) => a.id)).toContain(draft.id);

    await alice.api.apply.remove({ id: call.formIds[1]!, applyId: draft.id });

    expect((await listed(alice)).some((a) => a.id === draft.id)).toBe(false);
    expect((await listed(alice, 'draft')).some((a) => a.id === draft.id)).toBe(false);
    expect((await listed(alice, 'withdrawn')).some((a) => a.id === draft.id)).toBe(false);
    expect((await apiError(alice.api.project.applyDetail({ applyId: draft.id }, { silent: true }))).errno).toBe(Errno.NOT_FOUND);
    expect((await apiError(alice.api.apply.batchPrint({ projectId: 'all', ids: [draft.id] }, { silent: true }))).errno).toBe(Errno.FORBIDDEN);
    expect((await alice.api.project.form(form(1))).apply).toBeNull();
  });
});

// Eligibility questions of a call and budget totals (issue 13), on the server: the check before
// starting, the refusal on first save and on submit, the answers kept with the application.
import { creditCodeCheckChar, ENTERPRISE_AUTH_STATUS, Errno, type EligibilityQuestion, type FormField } from '@flagship/api-client';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, enterpriseAuthentications, forms, projects } from '../src/db/schema';
import { createCall, pdf, validData } from './apply-fixtures';
import { apiError, drivers, startTestServer, type TestServer } from './harness';

type User = Awaited<ReturnType<TestServer['newUser']>>;

const QUESTIONS: EligibilityQuestion[] = [
  { key: 'licensed', kind: 'yesNo', label: '是否具有演出经营许可证', qualifying: true, reason: '须持有演出经营许可证' },
  { key: 'staff', kind: 'number', label: '本单位专职人员数', min: 3, integer: true, reason: '专职人员不少于 3 人' },
  { key: 'verified', kind: 'enterpriseAuthenticated', label: '是否已完成企业认证', reason: '请先完成企业认证' },
  { key: 'yearCount', kind: 'applicationsThisYear', label: '本单位本年度已申报项目数', max: 0, reason: '每个单位每年只能申报一个项目' },
];
const GOOD = { licensed: true, staff: 5 };

describe.each(drivers)('eligibility and budget totals on %s', (driver) => {
  let server: TestServer;
  let alice: User;
  let bob: User;
  let call: { projectId: number; formIds: number[] };
  let other: { projectId: number; formIds: number[] };
  let serial = 0;

  const authenticate = async (user: User, status: number = ENTERPRISE_AUTH_STATUS.SUCCESS) => {
    const body = `91330106MA2AU7D${String(serial++).padStart(2, '0')}`;
    await server.handle.db.insert(enterpriseAuthentications).values({
      userId: user.userId,
      enterpriseName: '钱塘文化演艺有限公司',
      creditCode: body + creditCodeCheckChar(body),
      type: '有限责任公司',
      legalRepresentative: '张三',
      status,
    });
  };
  const withQuestions = async (projectId: number) =>
    server.handle.db.update(projects).set({ eligibility: QUESTIONS }).where(eq(projects.id, projectId));
  const save = (user: User, target: { projectId: number; formIds: number[] }, body: { data: Record<string, unknown>; version: number; submit?: boolean; eligibility?: Record<string, boolean | number | string> }) =>
    user.api.apply.save({ projectId: target.projectId, formId: target.formIds[0]!, ...body }, { silent: true });
  const proposalOf = async (user: User) => (await user.api.files.upload({ file: new Blob([new Uint8Array(pdf())]), name: '申报书.pdf' })).id;

  beforeAll(async () => {
    server = await startTestServer(driver);
    [alice, bob] = await Promise.all([server.newUser(), server.newUser()]);
    call = await createCall(server.handle.db, 'open');
    other = await createCall(server.handle.db, 'open');
    await withQuestions(call.projectId);
    await withQuestions(other.projectId);
  });
  afterAll(() => server?.close());

  it('shows the questions with the call and the form', async () => {
    expect((await alice.api.project.detail({ id: call.projectId })).eligibility).toEqual(QUESTIONS);
    expect((await alice.api.project.form({ projectId: call.projectId, formId: call.formIds[0]! })).eligibility).toEqual(QUESTIONS);
  });

  it('tells an applicant who does not qualify why, answering the automatic questions itself', async () => {
    const check = await alice.api.project.eligibility({ id: call.projectId, answers: { licensed: false, staff: 2 } });
    expect(check.qualified).toBe(false);
    expect(check.results.map((r) => [r.key, r.answer, r.qualified, r.reason])).toEqual([
      ['licensed', '否', false, '须持有演出经营许可证'],
      ['staff', '2', false, '专职人员不少于 3 人'],
      ['verified', '否', false, '请先完成企业认证'],
      ['yearCount', '0', true, null],
    ]);
    await authenticate(alice);
    const ok = await alice.api.project.eligibility({ id: call.projectId, answers: GOOD });
    expect(ok.qualified).toBe(true);
    expect(ok.results.filter((r) => r.automatic).map((r) => r.key)).toEqual(['verified', 'yearCount']);
  });

  it('refuses the first save without qualifying answers with 400 naming 申报资格 and the question', async () => {
    const missing = await apiError(save(alice, call, { data: { projectName: '草稿' }, version: 0 }));
    expect(missing.status).toBe(400);
    expect(missing.message).toBe('申报资格：「是否具有演出经营许可证」未回答');
    const wrong = await apiError(save(alice, call, { data: { projectName: '草稿' }, version: 0, eligibility: { ...GOOD, licensed: false } }));
    expect(wrong.status).toBe(400);
    expect(wrong.message).toBe('申报资格：「是否具有演出经营许可证」不符合：须持有演出经营许可证');
    expect(wrong.data).toMatchObject({ fields: { 'eligibility.licensed': '须持有演出经营许可证' } });
    const badShape = await apiError(save(alice, call, { data: {}, version: 0, eligibility: { licensed: { yes: 1 } as unknown as boolean } }));
    expect(badShape.status).toBe(400);
    expect(badShape.message).toContain('申报资格');
  });

  it('stores the answers with the application, keeps them on later drafts and checks them again on submit', async () => {
    const draft = await save(alice, call, { data: { projectName: '草稿' }, version: 0, eligibility: GOOD });
    expect(draft.eligibility).toMatchObject({ qualified: true });
    expect(draft.eligibility?.results.map((r) => [r.label, r.answer])).toEqual([
      ['是否具有演出经营许可证', '是'],
      ['本单位专职人员数', '5'],
      ['是否已完成企业认证', '是'],
      ['本单位本年度已申报项目数', '0'],
    ]);
    const later = await save(alice, call, { data: { projectName: '草稿二' }, version: draft.version });
    expect(later.eligibility).toEqual(draft.eligibility);
    const submitted = await save(alice, call, { data: validData({ proposal: await proposalOf(alice) }), version: later.version, submit: true });
    expect(submitted).toMatchObject({ status: 'submitted', eligibility: { qualified: true } });
    expect((await alice.api.project.applyDetail({ applyId: submitted.id })).eligibility?.qualified).toBe(true);
    // Returned for changes and sent again: the check it passed when first sent stays with it.
    await server.handle.db.update(applications).set({ status: 'returned' }).where(eq(applications.id, submitted.id));
    const again = await save(alice, call, { data: validData({ proposal: await proposalOf(alice) }), version: submitted.version, submit: true });
    expect(again).toMatchObject({ status: 'submitted', version: submitted.version + 1 });
    expect((await alice.api.project.applyDetail({ applyId: submitted.id })).eligibility).toEqual(submitted.eligibility);
  });

  it('counts the calls applied to this year for the automatic question', async () => {
    const check = await alice.api.project.eligibility({ id: other.projectId, answers: GOOD });
    expect(check.results.find((r) => r.key === 'yearCount')).toMatchObject({ answer: '1', qualified: false, reason: '每个单位每年只能申报一个项目' });
    const refused = await apiError(save(alice, other, { data: {}, version: 0, eligibility: GOOD }));
    expect(refused.message).toBe('申报资格：「本单位本年度已申报项目数」不符合：每个单位每年只能申报一个项目');
  });

  it('refuses a submission once the applicant no longer qualifies', async () => {
    await authenticate(bob);
    const draft = await save(bob, call, { data: {}, version: 0, eligibility: GOOD });
    // A newer authentication that did not pass is the one in force.
    await authenticate(bob, ENTERPRISE_AUTH_STATUS.FAIL);
    const refused = await apiError(save(bob, call, { data: validData({ proposal: await proposalOf(bob) }), version: draft.version, submit: true }));
    expect(refused.status).toBe(400);
    expect(refused.message).toBe('申报资格：「是否已完成企业认证」不符合：请先完成企业认证');
    expect(refused.errno).toBe(Errno.INVALID_INPUT);
  });

  it('refuses on submit a budget whose total does not match the field its rule names', async () => {
    const fields: FormField[] = [
      { key: 'amount', kind: 'money', label: '申请资助金额', required: true },
      {
        key: 'budget',
        kind: 'table',
        label: '预算明细',
        columns: [
          { key: 'item', kind: 'text', label: '支出项目' },
          { key: 'cost', kind: 'money', label: '金额' },
        ],
        totals: [{ column: 'cost', rule: { op: 'eq', field: 'amount' } }],
      },
    ];
    const budgetCall = await createCall(server.handle.db, 'open');
    await server.handle.db.update(forms).set({ fields }).where(eq(forms.id, budgetCall.formIds[0]!));
    const rows = [
      { item: '场租', cost: 30000 },
      { item: '道具', cost: 12000.5 },
    ];
    const draft = await save(bob, budgetCall, { data: { amount: 50000, budget: rows }, version: 0 });
    const refused = await apiError(save(bob, budgetCall, { data: { amount: 50000, budget: rows }, version: draft.version, submit: true }));
    expect(refused.status).toBe(400);
    expect(refused.message).toBe('「预算明细」的「金额」合计（42,000.50 元）应等于「申请资助金额」（50,000.00 元）');
    expect(refused.data).toMatchObject({ fields: { budget: refused.message } });
    const submitted = await save(bob, budgetCall, { data: { amount: 42000.5, budget: rows }, version: draft.version, submit: true });
    expect(submitted.status).toBe('submitted');
  });
});

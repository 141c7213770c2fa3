// Exports of expert review (issue 12): the call's review as a workbook, assignments imported from
// one, and the experts' reviews in staff's copy of an application's document (never the applicant's).
import { buildPath, buildQuery, endpoints, Errno, type StaffJob } from '@flagship/api-client';
import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCall, pdf } from './apply-fixtures';
import { auditOf, newReviewer, staffLogin, type StaffClient } from './console-fixtures';
import { apiError, drivers, startTestServer, type TestServer } from './harness';
import { assign, createRound, newExpert, submittedApplication, type ExpertClient } from './review-fixtures';
import { insertApplications, insertExperts, type DirectApplication } from './review-round-fixtures';

/** 2026-03-01 09:00 in Beijing. */
const SUBMITTED_AT = new Date('2026-03-01T01:00:00Z');

/** An .xlsx whose first sheet holds these rows (the first one the header). */
async function sheetFile(rows: (string | number)[][], title = '分配'): Promise<Blob> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(title);
  for (const row of rows) sheet.addRow(row);
  return new Blob([new Uint8Array(await workbook.xlsx.writeBuffer())]);
}

/** Every row of a sheet as its values from the first column; an empty cell as ''. */
const rowsOf = (sheet: ExcelJS.Worksheet) =>
  sheet
    .getSheetValues()
    .slice(1)
    .map((row) => Array.from({ length: sheet.columnCount }, (_, i) => (row as unknown[])[i + 1] ?? ''));

const documentXml = (docx: Uint8Array) => strFromU8(unzipSync(docx)['word/document.xml']!);

describe.each(drivers)('review exports on %s', (driver) => {
  let server: TestServer;
  let admin: StaffClient;
  let reviewer: StaffClient;
  let expert: ExpertClient;
  let call: { projectId: number; formIds: number[] };
  let roundId: number;
  let apps: DirectApplication[];
  let experts: { expertId: number; account: string }[];

  beforeAll(async () => {
    server = await startTestServer(driver);
    [admin, reviewer, expert] = await Promise.all([staffLogin(server), newReviewer(server), newExpert(server)]);
    const db = server.handle.db;
    call = await createCall(db);
    roundId = (await createRound(db, call.projectId, { phase: 'reviewing', disagreementThreshold: 15 })).id;
    apps = await insertApplications(db, call, 3, { title: (i) => `导出项目${'ABC'[i]}` });
    experts = await insertExperts(db, 3, (i) => ({ name: `导出专家${i + 1}` }));
    const [a, b] = apps;
    await assign(db, {
      roundId,
      applicationId: a!.applicationId,
      expertId: experts[0]!.expertId,
      status: 'submitted',
      scores: { quality: 8, impact: 70 },
      total: 76,
      recommendation: 'fund',
      commentToStaff: '立意新颖',
      commentToApplicant: '建议加强宣传',
      savedAt: SUBMITTED_AT,
      submittedAt: SUBMITTED_AT,
    });
    await assign(db, {
      roundId,
      applicationId: a!.applicationId,
      expertId: experts[1]!.expertId,
      status: 'submitted',
      scores: { quality: 6, impact: 50 },
      total: 56,
      recommendation: 'do_not_fund',
      savedAt: SUBMITTED_AT,
      submittedAt: SUBMITTED_AT,
    });
    await assign(db, { roundId, applicationId: b!.applicationId, expertId: experts[0]!.expertId, status: 'declared', scores: { quality: 5 }, savedAt: new Date() });
    await assign(db, { roundId, applicationId: b!.applicationId, expertId: experts[2]!.expertId, status: 'conflict', conflictReason: '同一单位' });
  });
  afterAll(() => server?.close());

  it('exports the ranking, every review and the assignments as one workbook', async () => {
    const blob = await reviewer.api.console.reviewExport({ projectId: call.projectId });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await blob.arrayBuffer());
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['排名', '评分明细', '分配']);
    const [ranking, reviews, assignments] = workbook.worksheets.map(rowsOf);
    const [a, b, c] = apps;

    expect(ranking![0]).toEqual(['排名', '申报编号', '项目名称', '申报人', '申报状态', '分配专家', '已提交评审', '平均分', '中位数', '去掉最高最低分后的平均分', '极差', '意见分歧', '建议资助', '修改后资助', '不建议资助', '主要推荐意见']);
    expect(ranking!.slice(1).map((r) => r[2])).toEqual(['导出项目A', '导出项目B', '导出项目C']);
    // Figures as numbers; a tie of recommendations goes to the more favourable one.
    expect(ranking![1]).toEqual([1, a!.serialNumber, '导出项目A', expect.any(String), '已提交', 2, 2, 66, 66, 66, 20, '是', 1, 0, 1, '建议资助']);
    expect(ranking![2]!.slice(0, 8)).toEqual([2, b!.serialNumber, '导出项目B', expect.any(String), '已提交', 1, 0, '']);

    expect(reviews![0]).toEqual(['申报编号', '项目名称', '专家', '状态', '艺术质量', '社会效益', '总分', '推荐意见', '给工作人员的意见', '给申报人的意见', '提交时间（北京时间）']);
    // The conflict is not a review: only in the assignments.
    expect(reviews!.slice(1)).toEqual([
      [a!.serialNumber, '导出项目A', '导出专家1', '已提交', 8, 70, 76, '建议资助', '立意新颖', '建议加强宣传', '2026-03-01 09:00'],
      [a!.serialNumber, '导出项目A', '导出专家2', '已提交', 6, 50, 56, '不建议资助', '', '', '2026-03-01 09:00'],
      [b!.serialNumber, '导出项目B', '导出专家1', '评审中', 5, '', '', '', '', '', ''],
    ]);

    expect(assignments![0]).toEqual(['申报编号', '项目名称', '申报人', '专家', '专家账号', '状态', '利益冲突原因']);
    expect(assignments!.slice(1).map((r) => [r[0], r[3], r[4], r[5], r[6]])).toEqual([
      [a!.serialNumber, '导出专家1', experts[0]!.account, '已提交', ''],
      [a!.serialNumber, '导出专家2', experts[1]!.account, '已提交', ''],
      [b!.serialNumber, '导出专家1', experts[0]!.account, '评审中', ''],
      [b!.serialNumber, '导出专家3', experts[2]!.account, '利益冲突', '同一单位'],
    ]);
    expect(c).toBeDefined();
    const [entry] = await auditOf(server, 'review.export');
    expect(entry).toMatchObject({ actorId: reviewer.staffId, objectType: 'project', objectId: String(call.projectId) });
  });

  it('answers the link with a named .xlsx download, the token in the query', async () => {
    const url = `${server.baseUrl}${buildPath(endpoints.console.reviewExport.path, { projectId: call.projectId })}${buildQuery({ authkey: admin.api.session.getToken() })}`;
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(decodeURIComponent(response.headers.get('content-disposition')!.split("''")[1]!)).toMatch(/-评审结果\.xlsx$/);
    // The download is the workbook itself.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    expect(workbook.worksheets.length).toBeGreaterThan(0);
    const missing = await apiError(admin.api.console.reviewExport({ projectId: 999_999 }, { silent: true }));
    expect(missing.errno).toBe(Errno.NOT_FOUND);
  });

  it('imports assignments row by row through the usual assignment, reporting each row it could not use', async () => {
    const [a, b, c] = apps;
    const file = await sheetFile([
      ['申报编号', '备注', '专家账号'],
      [c!.serialNumber, '', experts[0]!.account],
      [c!.serialNumber, '', experts[1]!.account],
      [a!.serialNumber, '', experts[0]!.account],
      ['NO-SUCH-1', '', experts[0]!.account],
      [c!.serialNumber, '', 'nobody-here'],
      [c!.serialNumber, '', experts[0]!.account],
      ['', '', ''],
      [c!.serialNumber, '', ''],
      [b!.serialNumber, '', experts[2]!.account],
    ]);
    const result = await reviewer.api.console.reviewAssignmentImport({ projectId: call.projectId, file, name: '分配.xlsx' });
    // The empty row 8 is not counted.
    expect(result).toMatchObject({ created: 2, rows: 8 });
    expect(result.problems).toEqual([
      { row: 5, reason: '第 5 行：申报编号「NO-SUCH-1」不存在、不属于该项目或尚未提交' },
      { row: 6, reason: '第 6 行：专家账号「nobody-here」不存在' },
      { row: 7, reason: '第 7 行：与第 2 行重复' },
      { row: 9, reason: '第 9 行：专家账号为空' },
    ]);
    expect(result.skipped).toEqual([
      { applicationId: a!.applicationId, expertId: experts[0]!.expertId, reason: '已分配给该专家' },
      { applicationId: b!.applicationId, expertId: experts[2]!.expertId, reason: '该专家与此申报存在利益冲突（已声明）' },
    ]);
    const list = await reviewer.api.console.reviewAssignmentList({ projectId: call.projectId, applicationId: c!.applicationId });
    expect(list.list.map((r) => r.expertId).sort()).toEqual([experts[0]!.expertId, experts[1]!.expertId].sort());
    const [entry] = await auditOf(server, 'review.import');
    expect(entry).toMatchObject({ actorId: reviewer.staffId, objectId: String(call.projectId), detail: expect.objectContaining({ rows: 8, created: 2, problems: 4 }) });
  });

  it('refuses a file that is not an .xlsx, lacks a column, holds no rows or too many', async () => {
    const refused = async (file: Blob) => {
      const error = await apiError(admin.api.console.reviewAssignmentImport({ projectId: call.projectId, file, name: 'x.xlsx' }, { silent: true }));
      expect(error.errno).toBe(Errno.INVALID_INPUT);
      return error.message;
    };
    expect(await refused(new Blob([new Uint8Array(pdf('not a sheet'))]))).toBe('文件：不是 Excel 表格（.xlsx），请按导出的「分配」表格式上传');
    expect(await refused(new Blob([Buffer.from('PK\x03\x04 broken zip')]))).toBe('文件：无法读取该 Excel 表格（.xlsx），文件可能已损坏');
    expect(await refused(await sheetFile([['申报编号', '专家'], ['X', 'y']]))).toBe('文件：第一个工作表的第一行缺少列「专家账号」');
    expect(await refused(await sheetFile([['编号']]))).toBe('文件：第一个工作表的第一行缺少列「申报编号」、「专家账号」');
    expect(await refused(await sheetFile([['申报编号', '专家账号']]))).toMatch(/^文件：表格中没有要导入的分配/);
    const many = await sheetFile([['申报编号', '专家账号'], ...Array.from({ length: 5001 }, (_, i) => [`S-${i}`, 'someone'])]);
    expect(await refused(many)).toBe('文件：一次最多导入 5000 行，该表格有 5001 行');
    // Nothing of a refused file was assigned.
    expect((await auditOf(server, 'review.import')).length).toBe(1);
  });

  it('lets only admins and reviewers export and import', async () => {
    const file = await sheetFile([['申报编号', '专家账号']]);
    expect((await apiError(expert.api.console.reviewExport({ projectId: call.projectId }, { silent: true }))).errno).toBe(Errno.FORBIDDEN);
    expect((await apiError(expert.api.console.reviewAssignmentImport({ projectId: call.projectId, file }, { silent: true }))).errno).toBe(Errno.FORBIDDEN);
    const applicant = await server.newUser();
    expect((await apiError(applicant.api.console.reviewExport({ projectId: call.projectId }, { silent: true }))).errno).not.toBe(Errno.OK);
    expect((await apiError(applicant.api.console.reviewAssignmentImport({ projectId: call.projectId, file }, { silent: true }))).errno).not.toBe(Errno.OK);
  });

  it("puts the experts' reviews into staff's document of the application, never into the applicant's", async () => {
    const db = server.handle.db;
    const sub = await submittedApplication(server);
    const round = await createRound(db, sub.projectId, { phase: 'reviewing' });
    await assign(db, {
      roundId: round.id,
      applicationId: sub.applicationId,
      expertId: experts[0]!.expertId,
      status: 'submitted',
      scores: { quality: 9, impact: 80 },
      total: 86,
      recommendation: 'fund_with_changes',
      commentToStaff: '内部意见甲',
      commentToApplicant: '申报人可见意见乙',
      savedAt: SUBMITTED_AT,
      submittedAt: SUBMITTED_AT,
    });
    // A draft is not in the summary.
    await assign(db, { roundId: round.id, applicationId: sub.applicationId, expertId: experts[1]!.expertId, status: 'declared', scores: { quality: 1 }, commentToStaff: '草稿意见丙', savedAt: new Date() });

    let job: StaffJob = await admin.api.console.applyDownloadJob({ projectId: sub.projectId, ids: [sub.applicationId] });
    for (let i = 0; i < 1500 && (job.status === 'pending' || job.status === 'running'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      job = await admin.api.console.jobStatus({ name: job.name });
    }
    expect(job.status).toBe('done');
    const outer = unzipSync(new Uint8Array(await (await admin.api.console.jobFile({ name: job.name })).arrayBuffer()));
    const inner = unzipSync(Object.values(outer)[0]!);
    const staffXml = documentXml(inner[Object.keys(inner).find((n) => n.endsWith('.docx'))!]!);
    for (const text of ['评审意见汇总', '导出专家1', '艺术质量', '9（0–10）', '社会效益', '86', '修改后资助', '内部意见甲', '申报人可见意见乙', '去掉最高最低分后的平均分']) expect(staffXml).toContain(text);
    expect(staffXml).not.toContain('草稿意见丙');
    expect(staffXml).not.toContain('导出专家2');

    const own = new Uint8Array(await (await sub.applicant.api.apply.export({ projectId: sub.projectId, formId: sub.formId })).arrayBuffer());
    const ownXml = documentXml(own);
    expect(ownXml).toContain('申报编号');
    for (const text of ['评审意见汇总', '导出专家1', '内部意见甲', '申报人可见意见乙']) expect(ownXml).not.toContain(text);

    // Nor the document in the applicant's own download package.
    const form = { projectId: sub.projectId, formId: sub.formId };
    let own2 = await sub.applicant.api.apply.download(form);
    for (let i = 0; i < 500 && (own2.status === 'pending' || own2.status === 'running'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      own2 = await sub.applicant.api.apply.downloadStatus({ ...form, name: own2.name });
    }
    expect(own2.status).toBe('done');
    const packageZip = unzipSync(new Uint8Array(await (await fetch(sub.applicant.api.urls.download({ ...form, name: own2.name }))).arrayBuffer()));
    const packageXml = documentXml(packageZip[Object.keys(packageZip).find((n) => n.endsWith('.docx'))!]!);
    expect(packageXml).toContain('申报编号');
    for (const text of ['评审意见汇总', '导出专家1', '内部意见甲']) expect(packageXml).not.toContain(text);
  });
});

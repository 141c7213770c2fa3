// A call's review as a workbook (ranking, every score, the assignments), and assignments read
// from one (serial number and expert account per row), assigned as staff assign by hand.
import {
  APPLY_STATUS_LABELS,
  ASSIGNMENT_STATUS_LABELS,
  REVIEW_RECOMMENDATION_LABELS,
  type AssignImportResult,
  type Criterion,
} from '@flagship/api-client';
import ExcelJS from 'exceljs';
import type { AppContext } from '../../../context';
import type { Handlers } from '../../../http/endpoints';
import { badRequest, notFound } from '../../../http/errors';
import { sendFile } from '../../../http/send-file';
import { beijingTime } from '../../../lib/beijing-time';
import { workbookStream, XLSX_MIME, type WorkbookSheet } from '../../../lib/workbook';
import { streamToBuffer } from '../../../lib/zips';
import { audit } from '../../../shared/audit-repository';
import { prevailingRecommendation } from '../../../shared/review-scoring';
import { roundReviews, type RoundReview } from '../../../shared/review-summary-repository';
import { loadRange, planBulk, type Pair, type Skipped } from './assignment-plan';
import { openRound, rankedRows } from './round-queries';
import { applicantsOfCall, applicationsForAssignment, expertsForAssignment } from '../../../shared/review-conflicts-repository';
import {
  applicationIdsBySerial,
  assignmentsOfRound,
  currentRound,
  expertIdsByAccount,
  findCall,
  insertAssignments,
  loadsOfRound,
} from './repository';

type ExportHandlers = Pick<Handlers['console'], 'reviewExport' | 'reviewAssignmentImport'>;

/** The largest sheet read: 5 000 rows of assignments. */
export const IMPORT_MAX_ROWS = 5000;
/** An .xlsx of IMPORT_MAX_ROWS rows is well under 1 MB. */
const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
const SERIAL = '申报编号';
const ACCOUNT = '专家账号';

const fileTitle = (title: string) => title.replace(/[\\/:*?"<>|]/g, '_').slice(0, 80);
const recommendationLabel = (r: RoundReview['recommendation']) => (r ? REVIEW_RECOMMENDATION_LABELS[r] : '');

/** The three sheets: 排名, 评分明细 (every review but conflicts), 分配 (every assignment). */
function reviewSheets(ranking: Awaited<ReturnType<typeof rankedRows>>, reviews: RoundReview[], criteria: Criterion[]): WorkbookSheet[] {
  return [
    {
      title: '排名',
      columns: [
        { header: '排名', width: 8 },
        { header: '申报编号', width: 20 },
        { header: '项目名称', width: 30 },
        { header: '申报人', width: 24 },
        { header: '申报状态', width: 10 },
        { header: '分配专家', width: 10 },
        { header: '已提交评审', width: 12 },
        { header: '平均分', width: 10 },
        { header: '中位数', width: 10 },
        { header: '去掉最高最低分后的平均分', width: 14 },
        { header: '极差', width: 10 },
        { header: '意见分歧', width: 10 },
        ...Object.values(REVIEW_RECOMMENDATION_LABELS).map((header) => ({ header, width: 12 })),
        { header: '主要推荐意见', width: 14 },
      ],
      rows: ranking.map((r) => {
        const prevailing = prevailingRecommendation(r.recommendations);
        return [
          r.rank,
          r.serialNumber ?? '',
          r.applicationTitle,
          r.applicantName,
          APPLY_STATUS_LABELS[r.status],
          r.assigned,
          r.reviews,
          r.mean,
          r.median,
          r.trimmedMean,
          r.spread,
          r.flagged ? '是' : '',
          r.recommendations.fund,
          r.recommendations.fund_with_changes,
          r.recommendations.do_not_fund,
          prevailing ? REVIEW_RECOMMENDATION_LABELS[prevailing] : '',
        ];
      }),
    },
    {
      title: '评分明细',
      columns: [
        { header: '申报编号', width: 20 },
        { header: '项目名称', width: 30 },
        { header: '专家', width: 14 },
        { header: '状态', width: 10 },
        ...criteria.map((c) => ({ header: c.label })),
        { header: '总分', width: 10 },
        { header: '推荐意见', width: 12 },
        { header: '给工作人员的意见', width: 40 },
        { header: '给申报人的意见', width: 40 },
        { header: '提交时间（北京时间）', width: 18 },
      ],
      rows: reviews
        .filter((r) => r.status !== 'conflict')
        .map((r) => [
          r.serialNumber ?? '',
          r.applicationTitle,
          r.expertName,
          ASSIGNMENT_STATUS_LABELS[r.status],
          ...criteria.map((c) => r.scores[c.key] ?? null),
          r.total,
          recommendationLabel(r.recommendation),
          r.commentToStaff,
          r.commentToApplicant,
          r.submittedAt ? beijingTime(r.submittedAt) : '',
        ]),
    },
    {
      title: '分配',
      columns: [
        { header: SERIAL, width: 20 },
        { header: '项目名称', width: 30 },
        { header: '申报人', width: 24 },
        { header: '专家', width: 14 },
        { header: ACCOUNT, width: 24 },
        { header: '状态', width: 10 },
        { header: '利益冲突原因', width: 40 },
      ],
      rows: reviews.map((r) => [r.serialNumber ?? '', r.applicationTitle, r.applicantName, r.expertName, r.expertAccount ?? '', ASSIGNMENT_STATUS_LABELS[r.status], r.conflictReason ?? '']),
    },
  ];
}

const invalidFile = (message: string) => badRequest(`文件：${message}`, { file: message });

/** A cell as the text it shows (numbers, dates, rich text, formulas' results alike), trimmed. */
const cellText = (row: ExcelJS.Row, column: number) => row.getCell(column).text.trim();

interface SheetRow {
  row: number;
  serial: string;
  account: string;
}

/** The rows of the first sheet that hold anything, or a 400 naming what is wrong with the file. */
async function readAssignmentSheet(file: Buffer): Promise<SheetRow[]> {
  // An .xlsx is a zip: anything else (an .xls, a CSV renamed) is refused before parsing.
  if (file.length < 4 || file.readUInt32LE(0) !== 0x04034b50) throw invalidFile('不是 Excel 表格（.xlsx），请按导出的「分配」表格式上传');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(new Uint8Array(file).buffer);
  } catch {
    throw invalidFile('无法读取该 Excel 表格（.xlsx），文件可能已损坏');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw invalidFile('表格中没有工作表');
  const header = sheet.getRow(1);
  const columns = new Map<string, number>();
  header.eachCell((cell, column) => {
    const text = cell.text.trim();
    if (!columns.has(text)) columns.set(text, column);
  });
  const absent = [SERIAL, ACCOUNT].filter((name) => !columns.has(name));
  if (absent.length > 0) throw invalidFile(`第一个工作表的第一行缺少列${absent.map((n) => `「${n}」`).join('、')}`);
  const serialColumn = columns.get(SERIAL) as number;
  const accountColumn = columns.get(ACCOUNT) as number;
  const rows: SheetRow[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const serial = cellText(row, serialColumn);
    const account = cellText(row, accountColumn);
    if (serial !== '' || account !== '') rows.push({ row: number, serial, account });
  });
  if (rows.length === 0) throw invalidFile('表格中没有要导入的分配（第二行起每行填写申报编号和专家账号）');
  if (rows.length > IMPORT_MAX_ROWS) throw invalidFile(`一次最多导入 ${IMPORT_MAX_ROWS} 行，该表格有 ${rows.length} 行`);
  return rows;
}

export function reviewExportHandlers(ctx: AppContext): ExportHandlers {
  const { db } = ctx;

  async function call(projectId: number) {
    const row = await findCall(db, projectId);
    if (!row) throw notFound('项目不存在');
    return row;
  }

  return {
    reviewExport: async ({ params, principal, req, reply }) => {
      const project = await call(params.projectId);
      const round = await currentRound(db, params.projectId);
      const [ranking, reviews] = await Promise.all([rankedRows(db, params.projectId, round), round ? roundReviews(db, round.id) : []]);
      const file = await streamToBuffer(workbookStream(reviewSheets(ranking, reviews, round?.criteria ?? [])));
      await audit(db, principal, req, 'review.export', { type: 'project', id: params.projectId }, { roundId: round?.id ?? null, applications: ranking.length, assignments: reviews.length });
      return sendFile(reply, file, XLSX_MIME, `${fileTitle(project.title)}-评审结果.xlsx`);
    },

    reviewAssignmentImport: async ({ params, principal, req }) => {
      await call(params.projectId);
      if (!req.isMultipart()) throw invalidFile('请以 multipart/form-data 上传，字段名为 file');
      const part = await req.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
      if (!part || part.fieldname !== 'file') throw invalidFile('请选择要导入的 Excel 表格（.xlsx）');
      let file: Buffer;
      try {
        file = await part.toBuffer();
      } catch (error) {
        if (part.file.truncated) throw invalidFile(`文件不能超过 ${IMPORT_MAX_BYTES / 1024 / 1024} MB`);
        throw error;
      }
      const sheetRows = await readAssignmentSheet(file);

      return db.transaction(async (tx) => {
        const round = await openRound(tx, params.projectId);
        const [bySerial, byAccount] = await Promise.all([
          applicationIdsBySerial(tx, params.projectId, [...new Set(sheetRows.map((r) => r.serial).filter(Boolean))]),
          expertIdsByAccount(tx, [...new Set(sheetRows.map((r) => r.account).filter(Boolean))]),
        ]);
        const problems: AssignImportResult['problems'] = [];
        const firstRow = new Map<string, number>();
        const wanted: Pair[] = [];
        for (const r of sheetRows) {
          const applicationId = bySerial.get(r.serial);
          const expertId = byAccount.get(r.account);
          const reason =
            r.serial === ''
              ? '申报编号为空'
              : r.account === ''
                ? '专家账号为空'
                : applicationId === undefined
                  ? `申报编号「${r.serial}」不存在、不属于该项目或尚未提交`
                  : expertId === undefined
                    ? `专家账号「${r.account}」不存在`
                    : firstRow.has(`${applicationId}:${expertId}`)
                      ? `与第 ${firstRow.get(`${applicationId}:${expertId}`)} 行重复`
                      : null;
          if (reason) {
            problems.push({ row: r.row, reason: `第 ${r.row} 行：${reason}` });
            continue;
          }
          firstRow.set(`${applicationId}:${expertId}`, r.row);
          wanted.push({ applicationId: applicationId as number, expertId: expertId as number });
        }

        // As by hand (reviewAssign): each expert with the applications the sheet gives them.
        const [applications, experts, existing, applicants, reviewers] = await Promise.all([
          applicationsForAssignment(tx, params.projectId, [...new Set(wanted.map((p) => p.applicationId))]),
          expertsForAssignment(tx, [...new Set(wanted.map((p) => p.expertId))]),
          assignmentsOfRound(tx, round),
          applicantsOfCall(tx, params.projectId),
          expertsForAssignment(tx, undefined),
        ]);
        const applicationById = new Map(applications.map((a) => [a.id, a]));
        const pairs: Pair[] = [];
        const skipped: Skipped[] = [];
        for (const expert of experts) {
          const mine = wanted.filter((p) => p.expertId === expert.id).map((p) => applicationById.get(p.applicationId)).filter((a) => a !== undefined);
          const plan = planBulk({ applications: mine, experts: [expert], existing, applicantsOfCall: applicants });
          pairs.push(...plan.pairs);
          skipped.push(...plan.skipped);
        }
        const created = await insertAssignments(tx, round.id, pairs, principal.staffId);
        await audit(tx, principal, req, 'review.import', { type: 'project', id: params.projectId }, {
          roundId: round.id,
          fileName: part.filename,
          rows: sheetRows.length,
          created,
          skipped: skipped.length,
          problems: problems.length,
        });
        return { created, skipped, ...loadRange(reviewers, await loadsOfRound(tx, round.id)), rows: sheetRows.length, problems };
      });
    },
  };
}

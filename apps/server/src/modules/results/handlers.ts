import type { FundedProject } from '@flagship/api-client';
import type { AppContext } from '../../context';
import type { Handlers } from '../../http/endpoints';
import { sendFile } from '../../http/send-file';
import { workbookStream, XLSX_MIME } from '../../lib/workbook';
import { streamToBuffer } from '../../lib/zips';
import { fundedFacets, fundedRows, fundedTotals, keptResultNotices, type ResultsPublicEndpoint } from '../../shared/results-repository';

// The open data of issue 14: the funded projects of every published results announcement.

const HEADERS = ['年度', '项目（申报指南）', '项目名称', '申报单位', '地区', '分类', '资助金额（元）', '公示时间'];
const row = (p: FundedProject) => [p.year, p.callTitle, p.title, p.organisation, p.region, p.category, p.amountGranted, p.publishedAt.slice(0, 10)];

/** A CSV field; text a spreadsheet would run as a formula gets a leading quote. */
function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function resultsPublicHandlers({ db, log }: AppContext): Pick<Handlers['content'], ResultsPublicEndpoint> {
  return {
    fundedList: async ({ query }) => {
      const { page, pageSize, ...filter } = query;
      const [list, totals, facets] = await Promise.all([fundedRows(db, filter, pageSize, (page - 1) * pageSize), fundedTotals(db, filter), fundedFacets(db)]);
      return { list, total: totals.count, page, pageSize, totals, ...facets };
    },

    fundedCsv: async ({ query, reply }) => {
      const rows = await fundedRows(db, query);
      // With a BOM so that Excel reads it as UTF-8.
      const text = `\uFEFF${[HEADERS, ...rows.map(row)].map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;
      return sendFile(reply, Buffer.from(text, 'utf8'), 'text/csv; charset=utf-8', '立项项目名单.csv');
    },

    fundedXlsx: async ({ query, reply }) => {
      const rows = await fundedRows(db, query);
      const file = await streamToBuffer(workbookStream([{ title: '立项项目', columns: HEADERS.map((header) => ({ header })), rows: rows.map(row) }]));
      return sendFile(reply, file, XLSX_MIME, '立项项目名单.xlsx');
    },

    resultNotices: ({ query }) => keptResultNotices(db, query.projectId, log),
  };
}

import ExcelJS from 'exceljs';

// Spreadsheets (.xlsx) from plain rows of text.

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface WorkbookColumn {
  header: string;
  /** In characters; without it, room for the header in wide (CJK) characters: 12 to 40. */
  width?: number;
}

export interface WorkbookSheet {
  title: string;
  /** A bold, frozen header row; a sheet without columns holds its rows only. */
  columns: WorkbookColumn[];
  rows: string[][];
}

/** Sheet names: at most 31 characters, none of `[]:*?/\`, unique. */
function sheetName(title: string, taken: Set<string>): string {
  const base = title.replace(/[[\]:*?/\\]/g, '_').slice(0, 28) || '表单';
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base.slice(0, 26)}(${n})`;
  taken.add(name.toLowerCase());
  return name;
}

/** Text a spreadsheet cell may hold (Excel's limit is 32767 characters). */
const cell = (text: string) => (text.length > 32_000 ? `${text.slice(0, 32_000)}…` : text);

export async function workbookXlsx(sheets: WorkbookSheet[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Flagship';
  workbook.created = new Date();
  const taken = new Set<string>();
  for (const { title, columns, rows } of sheets) {
    const sheet = workbook.addWorksheet(sheetName(title, taken));
    if (columns.length > 0) {
      sheet.columns = columns.map((c) => ({ header: c.header, width: c.width ?? Math.min(40, Math.max(12, c.header.length * 2 + 4)) }));
      sheet.getRow(1).font = { bold: true };
      sheet.views = [{ state: 'frozen', ySplit: 1 }];
    }
    for (const row of rows) sheet.addRow(row.map(cell));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

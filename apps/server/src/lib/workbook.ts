import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';

// Spreadsheets (.xlsx) from plain rows of text and numbers.

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
  /** Text, or a number kept as a number (sortable in Excel); null leaves the cell empty. */
  rows: WorkbookCell[][];
}

export type WorkbookCell = string | number | null;

/** Sheet names: at most 31 characters, none of `[]:*?/\`, unique. */
function sheetName(title: string, taken: Set<string>): string {
  const base = title.replace(/[[\]:*?/\\]/g, '_').slice(0, 28) || '表单';
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base.slice(0, 26)}(${n})`;
  taken.add(name.toLowerCase());
  return name;
}

/** Text a spreadsheet cell may hold (Excel's limit is 32767 characters). */
const cell = (value: WorkbookCell) => (typeof value === 'string' && value.length > 32_000 ? `${value.slice(0, 32_000)}…` : value);

/** Rows written between two progress reports (and two pauses that let the reader drain the stream). */
const ROWS_PER_STEP = 200;

/**
 * The workbook as a stream, written with exceljs's streaming writer: each row goes out as it is
 * added, so the file is never held whole in memory. `onRows` hears how many rows are written so
 * far, every few hundred rows and at the end; a failure (its own too) destroys the stream.
 */
export function workbookStream(sheets: WorkbookSheet[], onRows?: (written: number) => Promise<void>): Readable {
  const out = new PassThrough();
  const write = async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    workbook.creator = 'Flagship';
    workbook.created = new Date();
    const taken = new Set<string>();
    let written = 0;
    for (const { title, columns, rows } of sheets) {
      const sheet = workbook.addWorksheet(sheetName(title, taken), columns.length > 0 ? { views: [{ state: 'frozen', ySplit: 1 }] } : {});
      if (columns.length > 0) {
        sheet.columns = columns.map((c) => ({ header: c.header, width: c.width ?? Math.min(40, Math.max(12, c.header.length * 2 + 4)) }));
        sheet.getRow(1).font = { bold: true };
      }
      for (const row of rows) {
        sheet.addRow(row.map(cell)).commit();
        written += 1;
        if (written % ROWS_PER_STEP === 0) {
          await onRows?.(written);
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
      sheet.commit();
    }
    await workbook.commit();
    await onRows?.(written);
  };
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

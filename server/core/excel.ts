/**
 * Excel export and import with exceljs (issue 3 "Excel with a well-kept library"): a sheet with
 * Chinese headers from column definitions, answered as a FileReply named `data_{timestamp}.xlsx`
 * (spec §9), and the reverse read of such a sheet for imports.
 */
import type ExcelJSModule from 'exceljs';
import type { FileReply } from './files';

/**
 * exceljs (with its zip and stream dependencies) is loaded on the first export or import, not at
 * boot: several MB of heap that the server's other requests never need (issue 15, binary RSS).
 */
let exceljs: Promise<typeof ExcelJSModule> | undefined;
const loadExcelJS = async (): Promise<typeof ExcelJSModule> => (exceljs ??= import('exceljs').then((m) => m.default));

export interface ExcelColumn<T> {
  /** Header text (the spec's Chinese label). */
  header: string;
  /** Field of the row, or a function producing the cell value. */
  value: keyof T | ((row: T) => string | number | null | undefined);
  /** Maps stored codes to labels, e.g. { '0': '正常', '1': '停用' }. */
  labels?: Record<string, string>;
  width?: number;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function cellOf<T>(col: ExcelColumn<T>, row: T): string | number {
  const raw = typeof col.value === 'function' ? col.value(row) : (row[col.value] as unknown);
  if (raw === null || raw === undefined) return '';
  const text = typeof raw === 'number' ? raw : String(raw);
  return col.labels ? col.labels[String(raw)] ?? String(raw) : text;
}

/** Builds the workbook and returns it as a downloadable `.xlsx` reply. */
export async function exportXlsx<T>(sheetName: string, columns: ExcelColumn<T>[], rows: T[], now = Date.now()): Promise<FileReply> {
  const ExcelJS = await loadExcelJS();
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetName);
  ws.columns = columns.map((c) => ({ header: c.header, width: c.width ?? Math.max(12, c.header.length * 2 + 4) }));
  ws.getRow(1).font = { bold: true };
  for (const row of rows) ws.addRow(columns.map((c) => cellOf(c, row)));
  const body = Buffer.from(await wb.xlsx.writeBuffer());
  return { fileName: `data_${now}.xlsx`, contentType: XLSX_TYPE, body };
}

/**
 * Reads the first sheet of an xlsx: the first row gives headers, each later non-empty row becomes
 * `{header: text}`. Errors: throws when the buffer is not an xlsx workbook.
 */
export async function readXlsx(data: Buffer): Promise<Record<string, string>[]> {
  const ExcelJS = await loadExcelJS();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  if (!ws) return [];
  const headers: string[] = [];
  ws.getRow(1).eachCell((cell, col) => { headers[col] = String(cell.text ?? '').trim(); });
  const out: Record<string, string>[] = [];
  ws.eachRow((row, n) => {
    if (n === 1) return;
    const rec: Record<string, string> = {};
    let filled = false;
    headers.forEach((h, col) => {
      if (!h) return;
      const text = String(row.getCell(col).text ?? '').trim();
      rec[h] = text;
      if (text) filled = true;
    });
    if (filled) out.push(rec);
  });
  return out;
}

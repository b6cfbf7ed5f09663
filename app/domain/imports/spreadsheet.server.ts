import type ExcelJS from "exceljs";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { AppError } from "~/utils/app-error";
import type { ImportReport } from "./report";

export type { ImportReport };

/**
 * The shared spreadsheet import (issues 8 and 10, ADR 141): an uploaded .xlsx or .csv becomes
 * rows keyed by the import's column keys (headers matched case- and accent-insensitively), with
 * a size cap and a row cap; a report (created, updated, rejected with row number and reason)
 * and its CSV. Each import (workplaces, members) brings its own columns and row validation.
 */

export const SPREADSHEET_MESSAGES = {
  missing: "Selecione uma planilha (.xlsx ou .csv).",
  xls: "Arquivos .xls (Excel antigo) não são aceitos. Abra a planilha no Excel e salve como .xlsx ou .csv.",
  unsupported: "Arquivo não reconhecido. Envie uma planilha .xlsx ou .csv.",
  unreadable: "Não foi possível ler a planilha. Verifique se o arquivo não está corrompido e salve como .xlsx ou .csv.",
  empty: "A planilha não tem linhas de dados.",
  noHeaders: (names: string) => `A planilha não tem as colunas obrigatórias: ${names}.`,
  tooManyRows: (max: number) => `A planilha tem mais de ${max.toLocaleString("pt-BR")} linhas. Divida o arquivo e importe em partes.`,
  tooLarge: (mb: number) => `Planilha muito grande. Máximo ${mb}MB.`,
} as const;

export type SpreadsheetColumn = {
  /** The key the import's code reads. */
  key: string;
  /** The header as the template writes it (the original's column name). */
  header: string;
  /** Other spellings accepted on upload. */
  aliases?: readonly string[];
  required?: boolean;
};

/** One data row: its number in the sheet (the header is row 1) and its cells by column key. */
export type SpreadsheetRow = { row: number; values: Record<string, string> };

/** Lower case, no accents, no punctuation or spaces: 'Qtd. Associados' → 'qtdassociados'. */
export function normalizeHeader(text: string) {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (bytes: Buffer, sig: number[]) => sig.every((b, i) => bytes[i] === b);

export type SpreadsheetKind = "xlsx" | "csv";

/** The kind by content (the name only breaks ties): .xls and anything binary are refused. */
export function spreadsheetKind(fileName: string, bytes: Buffer): SpreadsheetKind {
  if (startsWith(bytes, ZIP)) return "xlsx";
  if (startsWith(bytes, OLE) || /\.xls$/i.test(fileName)) throw new AppError(415, SPREADSHEET_MESSAGES.xls);
  // Text: no NUL bytes in the first 8 KB and valid UTF-8 (or Latin-1 from an old Excel CSV).
  const head = bytes.subarray(0, 8192);
  if (head.includes(0)) throw new AppError(415, SPREADSHEET_MESSAGES.unsupported);
  return "csv";
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === "object") {
    if ("richText" in value) return value.richText.map((r) => r.text).join("");
    if ("result" in value) return cellText(value.result as ExcelJS.CellValue);
    if ("text" in value) return String(value.text);
    if ("error" in value) return "";
    return "";
  }
  return String(value);
}

// ExcelJS is loaded on first use: only staff imports need it, and it costs ~27 MB of a server's
// memory from start (docs/decisions/104-server-memory.md).
const loadExcel = async () => (await import("exceljs")).default;

async function xlsxMatrix(bytes: Buffer, maxRows: number): Promise<string[][]> {
  const workbook = new (await loadExcel()).Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new AppError(422, SPREADSHEET_MESSAGES.unreadable);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new AppError(422, SPREADSHEET_MESSAGES.empty);
  if (sheet.actualRowCount > maxRows + 1) throw new AppError(413, SPREADSHEET_MESSAGES.tooManyRows(maxRows));
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, n) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cellText(cell.value).trim();
    });
    rows[n - 1] = Array.from(cells, (c) => c ?? "");
  });
  return Array.from(rows, (r) => r ?? []);
}

function csvMatrix(bytes: Buffer, maxRows: number): string[][] {
  let text = bytes.toString("utf8");
  // Not UTF-8 (an old Excel's Latin-1 CSV): read as Latin-1.
  if (text.includes("\uFFFD")) text = bytes.toString("latin1");
  text = text.replace(/^\uFEFF/, "");
  const firstLine = text.split(/\r?\n/, 1)[0] ?? "";
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ";" : ",";
  try {
    const rows = parse(text, { delimiter, relax_column_count: true, skip_empty_lines: false, to_line: maxRows + 2 }) as string[][];
    return rows.map((r) => r.map((c) => c.trim()));
  } catch {
    throw new AppError(422, SPREADSHEET_MESSAGES.unreadable);
  }
}

export type ReadOptions = { columns: readonly SpreadsheetColumn[]; maxRows: number };

/**
 * Reads an upload into rows keyed by column key. Refuses (AppError 4xx, pt-BR): .xls, a binary
 * or unreadable file, missing required columns, more than `maxRows` data rows, no data rows.
 * Blank rows are skipped; unknown columns are ignored.
 */
export async function readSpreadsheet(upload: { fileName: string; bytes: Buffer } | undefined, opts: ReadOptions): Promise<SpreadsheetRow[]> {
  if (!upload || upload.bytes.length === 0) throw new AppError(400, SPREADSHEET_MESSAGES.missing);
  const kind = spreadsheetKind(upload.fileName, upload.bytes);
  const matrix = kind === "xlsx" ? await xlsxMatrix(upload.bytes, opts.maxRows) : csvMatrix(upload.bytes, opts.maxRows);
  const headerIndex = matrix.findIndex((r) => r.some((c) => c !== ""));
  if (headerIndex < 0) throw new AppError(422, SPREADSHEET_MESSAGES.empty);
  const headers = matrix[headerIndex].map(normalizeHeader);
  const positions = new Map<string, number>();
  for (const col of opts.columns) {
    const names = [col.header, col.key, ...(col.aliases ?? [])].map(normalizeHeader);
    const at = headers.findIndex((h) => h !== "" && names.includes(h));
    if (at >= 0) positions.set(col.key, at);
  }
  const missing = opts.columns.filter((c) => c.required && !positions.has(c.key));
  if (missing.length) throw new AppError(422, SPREADSHEET_MESSAGES.noHeaders(missing.map((c) => c.header).join(", ")));
  const rows: SpreadsheetRow[] = [];
  for (let i = headerIndex + 1; i < matrix.length; i++) {
    const cells = matrix[i];
    if (!cells.some((c) => c !== "")) continue;
    if (rows.length >= opts.maxRows) throw new AppError(413, SPREADSHEET_MESSAGES.tooManyRows(opts.maxRows));
    const values: Record<string, string> = {};
    for (const [key, at] of positions) values[key] = cells[at] ?? "";
    rows.push({ row: i + 1, values });
  }
  if (rows.length === 0) throw new AppError(422, SPREADSHEET_MESSAGES.empty);
  return rows;
}

/** Writes a template: one sheet, the headers in bold, optional example rows. */
export async function spreadsheetTemplate(sheetName: string, columns: readonly SpreadsheetColumn[], examples: Record<string, string | number>[] = []) {
  const workbook = new (await loadExcel()).Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.addRow(columns.map((c) => c.header)).font = { bold: true };
  for (const example of examples) sheet.addRow(columns.map((c) => example[c.key] ?? ""));
  sheet.columns.forEach((col) => (col.width = 18));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A cell a spreadsheet would run as a formula (=, +, -, @) is prefixed with an apostrophe. */
const inert = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** The report as CSV (UTF-8 with BOM, `;` for a pt-BR Excel): one line per refused row. */
export function importReportCsv(report: ImportReport) {
  const lines: string[][] = [
    ["resumo", "linhas", String(report.total)],
    ["resumo", "criados", String(report.created)],
    ["resumo", "atualizados", String(report.updated)],
    ["resumo", "rejeitados", String(report.rejected.length)],
    ["linha", "identificação", "motivo"],
    ...report.rejected.map((r) => [String(r.row), inert(r.key), inert(r.reason)]),
  ];
  return "\uFEFF" + stringify(lines, { delimiter: ";" });
}

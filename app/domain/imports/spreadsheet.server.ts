import { Readable } from "node:stream";
import { parse } from "csv-parse";
import { toCsv } from "~/utils/csv.server";
import { AppError } from "~/utils/app-error";
import { errorFields, log } from "~/utils/logger.server";
import { MB } from "~/domain/files/file-types";
import type { ImportReport } from "./report";

export type { ImportReport };

/**
 * The shared spreadsheet import (issues 8 and 10, ADR 141; streaming and limits, ADR 173): an
 * uploaded .xlsx or .csv becomes rows keyed by the import's column keys (headers matched case-
 * and accent-insensitively), with a size cap and a row cap; a report (created, updated, rejected
 * with row number and every reason) and its CSV. Each import (workplaces, members) brings its
 * own columns and row validation.
 */

export const SPREADSHEET_MESSAGES = {
  missing: "Selecione uma planilha (.xlsx ou .csv).",
  xls: "Arquivos .xls (Excel antigo) não são aceitos. Abra a planilha no Excel e salve como .xlsx ou .csv.",
  notXlsx: "O arquivo não é uma planilha .xlsx. Abra-o no Excel ou no LibreOffice e salve como .xlsx, ou envie um .csv.",
  unsupported: "Arquivo não reconhecido. Envie uma planilha .xlsx ou .csv.",
  unreadable: "Não foi possível ler a planilha. Verifique se o arquivo não está corrompido e salve como .xlsx ou .csv.",
  unzippedTooLarge: "A planilha é grande demais depois de descompactada. Divida o arquivo e importe em partes.",
  empty: "A planilha não tem linhas de dados.",
  noHeaders: (names: string) => `A planilha não tem as colunas obrigatórias: ${names}.`,
  tooManyRows: (max: number) => `A planilha tem mais de ${max.toLocaleString("pt-BR")} linhas. Divida o arquivo e importe em partes.`,
  tooLarge: (mb: number) => `Planilha muito grande. Máximo ${mb}MB.`,
} as const;

/** How far an import has got, for its progress bar (members, workplaces; ADR 141). */
export type ImportProgress = (phase: "checking" | "writing", processed: number, total: number | null) => Promise<void>;

/**
 * The messages every import's answer shares; `created` names what it creates, singular and
 * plural, and `maxBytes` is the largest file the import accepts.
 */
export function importMessages(created: { one: string; many: string }, maxBytes: number) {
  const problems = (n: number) => (n === 1 ? "1 linha tem problemas" : `${n.toLocaleString("pt-BR")} linhas têm problemas`);
  return {
    previewed: "Planilha validada. Confira o relatório antes de importar.",
    committed: (r: ImportReport) =>
      `Importação concluída: ${r.created} ${r.created === 1 ? created.one : created.many}, ${r.updated} ${r.updated === 1 ? "atualizado" : "atualizados"}.`,
    withProblems: (n: number) => `${problems(n)}. Corrija a planilha e valide de novo: a importação grava todas as linhas ou nenhuma.`,
    refused: (n: number) => `Nada foi importado: ${problems(n)}. Corrija a planilha e valide de novo.`,
    error: "Erro ao importar a planilha. Nada foi gravado. Tente novamente.",
    tooLarge: SPREADSHEET_MESSAGES.tooLarge(maxBytes / MB),
  };
}

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

/**
 * The kind by content: a zip is an .xlsx (checked again inside); the OLE signature is an old
 * .xls; text is CSV. A name that promises a spreadsheet the content is not gets its own message
 * (a text file renamed .xlsx is not "missing columns"). Anything binary is refused.
 */
export function spreadsheetKind(fileName: string, bytes: Buffer): SpreadsheetKind {
  if (startsWith(bytes, ZIP)) return "xlsx";
  if (startsWith(bytes, OLE) || /\.xls$/i.test(fileName)) throw new AppError(415, SPREADSHEET_MESSAGES.xls);
  if (/\.xls[xm]$/i.test(fileName)) throw new AppError(415, SPREADSHEET_MESSAGES.notXlsx);
  // Text: no NUL bytes in the first 8 KB and valid UTF-8 (or Latin-1 from an old Excel CSV).
  const head = bytes.subarray(0, 8192);
  if (head.includes(0)) throw new AppError(415, SPREADSHEET_MESSAGES.unsupported);
  return "csv";
}

export type ReadOptions = { columns: readonly SpreadsheetColumn[]; maxRows: number };

/**
 * Turns sheet rows, as they stream in, into the import's rows: the first non-blank row is the
 * header (its columns checked at once), blank rows are skipped, and the row cap holds while
 * reading — the declared dimension, the data rows and the rows scanned (blank ones too) each
 * stop the reading the moment they pass it. Rows are handed over in batches of `batchSize`
 * (`ready`), so a caller that consumes them as they come holds one batch at a time (ADR 253).
 */
function rowCollector(opts: ReadOptions, batchSize: number, mode: { countOnly?: boolean; onDeclared?: () => void } = {}) {
  let positions: Map<string, number> | null = null;
  let batch: SpreadsheetRow[] = [];
  const ready: SpreadsheetRow[][] = [];
  let count = 0;
  let scanned = 0;
  const scanCap = opts.maxRows * 2 + 1000;
  const tooMany = () => new AppError(413, SPREADSHEET_MESSAGES.tooManyRows(opts.maxRows));
  return {
    ready,
    dimension(d: { firstRow: number; lastRow: number }) {
      // The header takes one row of the range.
      if (d.lastRow - d.firstRow > opts.maxRows) throw tooMany();
      mode.onDeclared?.();
    },
    row(row: number, cells: readonly (string | undefined)[]) {
      if (++scanned > scanCap) throw tooMany();
      if (!cells.some((c) => c !== undefined && c.trim() !== "")) return;
      if (!positions) {
        const headers: string[] = [];
        for (let i = 0; i < cells.length; i++) headers[i] = normalizeHeader(cells[i] ?? "");
        const found = new Map<string, number>();
        for (const col of opts.columns) {
          const names = [col.header, col.key, ...(col.aliases ?? [])].map(normalizeHeader);
          const at = headers.findIndex((h) => h !== undefined && h !== "" && names.includes(h));
          if (at >= 0) found.set(col.key, at);
        }
        const missing = opts.columns.filter((c) => c.required && !found.has(c.key));
        if (missing.length) throw new AppError(422, SPREADSHEET_MESSAGES.noHeaders(missing.map((c) => c.header).join(", ")));
        positions = found;
        return;
      }
      if (count >= opts.maxRows) throw tooMany();
      count++;
      if (mode.countOnly) return;
      const values: Record<string, string> = {};
      for (const [key, at] of positions) values[key] = (cells[at] ?? "").trim();
      batch.push({ row, values });
      if (batch.length >= batchSize) {
        ready.push(batch);
        batch = [];
      }
    },
    /** The last, partial batch; refuses a sheet without a header or data rows. */
    finish() {
      if (!positions || count === 0) throw new AppError(422, SPREADSHEET_MESSAGES.empty);
      if (batch.length) ready.push(batch);
      batch = [];
      return count;
    },
  };
}

type Collector = ReturnType<typeof rowCollector>;

// The .xlsx reader (yauzl + saxes) is loaded on first use: only staff imports need it
// (docs/decisions/104-server-memory.md, 173-spreadsheet-reader-and-writer.md).
const loadXlsxReader = () => import("./xlsx-reader.server");

async function readXlsx(bytes: Buffer, sink: Collector, drain: Drain) {
  const { readXlsxRows, XlsxError } = await loadXlsxReader();
  try {
    await readXlsxRows(bytes, {
      onDimension: (d) => sink.dimension(d),
      onRow: (row, cells) => sink.row(row, cells),
      afterChunk: () => (sink.ready.length ? drain.run() : undefined),
    });
  } catch (error) {
    // A failure of the caller's batch work (the database) is passed on as it is.
    if (drain.failed) throw drain.failed;
    if (error instanceof AppError || error === DECLARED) throw error;
    if (!(error instanceof XlsxError)) {
      // Whatever else a strange file provokes is still a file we cannot read, never a 500.
      log.warn("planilha .xlsx ilegível", errorFields(error));
      throw new AppError(422, SPREADSHEET_MESSAGES.unreadable);
    }
    if (error.reason === "not-xlsx") throw new AppError(415, SPREADSHEET_MESSAGES.notXlsx);
    if (error.reason === "too-large") throw new AppError(413, SPREADSHEET_MESSAGES.unzippedTooLarge);
    throw new AppError(422, SPREADSHEET_MESSAGES.unreadable);
  }
}

const CSV_CHUNK = 64 * 1024;

/** CSV, parsed as a stream in slices (the event loop runs between them), stopping at the cap. */
async function readCsv(bytes: Buffer, sink: Collector, maxRows: number, drain: Drain) {
  let text = bytes.toString("utf8");
  // Not UTF-8 (an old Excel's Latin-1 CSV): read as Latin-1.
  if (text.includes("\uFFFD")) text = bytes.toString("latin1");
  text = text.replace(/^\uFEFF/, "");
  const firstLine = text.slice(0, 64 * 1024).split(/\r?\n/, 1)[0] ?? "";
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ";" : ",";
  const parser = parse({ delimiter, relax_column_count: true, skip_empty_lines: false, to_line: maxRows * 2 + 1002 });
  const source = Readable.from(
    (function* () {
      for (let i = 0; i < text.length; i += CSV_CHUNK) yield text.slice(i, i + CSV_CHUNK);
    })(),
  );
  let row = 0;
  try {
    for await (const record of source.pipe(parser) as AsyncIterable<string[]>) {
      sink.row(++row, record);
      if (sink.ready.length) await drain.run();
    }
  } catch (error) {
    if (drain.failed) throw drain.failed;
    if (error instanceof AppError) throw error;
    throw new AppError(422, SPREADSHEET_MESSAGES.unreadable);
  } finally {
    source.destroy();
    parser.destroy();
  }
}

/**
 * At most `max` pieces of work at once; the rest wait their turn in order. Bounds the memory of
 * spreadsheet work however many uploads arrive together (ADR 174).
 */
export function turns(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function inTurn<T>(work: () => Promise<T>): Promise<T> {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line, or is freed.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

/** Spreadsheets read at once per server process. */
const inTurn = turns(2);

/** Hands the collector's ready batches to the caller, one at a time; keeps the caller's own failure apart. */
type Drain = { run: () => Promise<void>; failed: unknown };

function drainer(sink: Collector, onBatch: (rows: SpreadsheetRow[]) => Promise<void>): Drain {
  const drain: Drain = {
    failed: undefined,
    async run() {
      while (sink.ready.length) {
        const rows = sink.ready.shift()!;
        try {
          await onBatch(rows);
        } catch (error) {
          drain.failed = error;
          throw error;
        }
      }
    },
  };
  return drain;
}

function checkUpload(upload: { fileName: string; bytes: Buffer } | undefined): asserts upload is { fileName: string; bytes: Buffer } {
  if (!upload || upload.bytes.length === 0) throw new AppError(400, SPREADSHEET_MESSAGES.missing);
}

/**
 * Streams an upload's rows to `onBatch`, `batchSize` rows at a time, as they are read (ADR 253):
 * the reading waits while a batch is handled, so memory holds one batch whatever the file's
 * size. Refuses exactly as `readSpreadsheet` does (a refusal found late — too many rows — comes
 * after the earlier batches were handed over). Returns the number of data rows.
 */
export async function streamSpreadsheet(
  upload: { fileName: string; bytes: Buffer } | undefined,
  opts: ReadOptions,
  onBatch: (rows: SpreadsheetRow[]) => Promise<void>,
  batchSize = 500,
): Promise<number> {
  checkUpload(upload);
  const kind = spreadsheetKind(upload.fileName, upload.bytes);
  return inTurn(async () => {
    const sink = rowCollector(opts, batchSize);
    const drain = drainer(sink, onBatch);
    if (kind === "xlsx") await readXlsx(upload.bytes, sink, drain);
    else await readCsv(upload.bytes, sink, opts.maxRows, drain);
    const count = sink.finish();
    await drain.run();
    return count;
  });
}

const ENOUGH = Symbol("enough");
/**
 * Thrown by the counting pass when the sheet declares its range within the cap: reading stops. An
 * Error with a `status`, as the .xlsx reader passes a handler's own refusals through unchanged.
 */
const DECLARED = Object.assign(new Error("intervalo declarado dentro do limite"), { status: 0 });

/**
 * Refuses a file with more data rows than the cap before any row is checked (ADR 253): a sheet
 * that declares its range is judged by it at once and the reading stops there; one that does not
 * (a CSV, some writers' .xlsx) is counted first, reading only (no row is built, checked or
 * written), so a million-row file costs its reading up to the cap — not the checks of its first
 * 50,000 rows and the collections they need. Also refuses, as the reading does, a file that is
 * not a spreadsheet or lacks a required column.
 */
export async function refuseOverRowCap(upload: { fileName: string; bytes: Buffer } | undefined, opts: ReadOptions) {
  checkUpload(upload);
  const kind = spreadsheetKind(upload.fileName, upload.bytes);
  await inTurn(async () => {
    const sink = rowCollector(opts, Number.MAX_SAFE_INTEGER, {
      countOnly: true,
      onDeclared: () => {
        throw DECLARED;
      },
    });
    const drain = drainer(sink, async () => {});
    try {
      if (kind === "xlsx") await readXlsx(upload.bytes, sink, drain);
      else await readCsv(upload.bytes, sink, opts.maxRows, drain);
    } catch (error) {
      if (error !== DECLARED) throw error;
    }
  });
}

/**
 * Reads the start of an upload only — its kind, its header and its first rows — so the refusals
 * a file shows at once (not a spreadsheet, missing columns, a declared size past the cap, a zip
 * that says it inflates too far, no data rows) are answered in the request that starts an import
 * job (ADR 253); the rest is the job's. Milliseconds, whatever the file's size.
 */
export async function precheckSpreadsheet(upload: { fileName: string; bytes: Buffer } | undefined, opts: ReadOptions) {
  try {
    await streamSpreadsheet(
      upload,
      opts,
      async () => {
        throw ENOUGH;
      },
      1,
    );
  } catch (error) {
    if (error !== ENOUGH) throw error;
  }
}

/**
 * Reads an upload into rows keyed by column key, streaming (ADR 173): the workbook is never
 * built. Refuses (AppError 4xx, pt-BR): .xls, a file that is not what it claims, a binary or
 * unreadable file, a zip that inflates past the reader's limits, missing required columns,
 * more than `maxRows` data rows (by the declared dimension or by count, as soon as it shows), no
 * data rows. Blank rows are skipped; unknown columns are ignored.
 */
export async function readSpreadsheet(
  upload: { fileName: string; bytes: Buffer } | undefined,
  opts: ReadOptions,
): Promise<SpreadsheetRow[]> {
  const rows: SpreadsheetRow[] = [];
  await streamSpreadsheet(
    upload,
    opts,
    async (batch) => {
      for (const r of batch) rows.push(r);
    },
    1000,
  );
  return rows;
}

/** Lets the event loop run (long loops over an import's rows call it every few hundred rows). */
export const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A cell of an .xlsx the app writes: text or number, optionally bold. */
export type XlsxCell = string | number | null | { value: string | number | null; bold?: boolean };

// The .xlsx writer (write-excel-file) is loaded on first use, like the reader.
const loadXlsxWriter = async () => (await import("write-excel-file/node")).default;

/** One sheet as .xlsx bytes: every cell text unless a number, column widths in characters. */
export async function writeXlsx(sheetName: string, rows: readonly (readonly XlsxCell[])[], width = 18) {
  const writeXlsxFile = await loadXlsxWriter();
  const data = rows.map((r) =>
    r.map((cell) => {
      const c = cell !== null && typeof cell === "object" ? cell : { value: cell };
      if (c.value === null || c.value === "") return null;
      return typeof c.value === "number"
        ? { value: c.value, type: Number, ...(c.bold ? { fontWeight: "bold" as const } : {}) }
        : { value: c.value, type: String, ...(c.bold ? { fontWeight: "bold" as const } : {}) };
    }),
  );
  const columns = Array.from({ length: Math.max(0, ...rows.map((r) => r.length)) }, () => ({ width }));
  return writeXlsxFile(data, { sheet: sheetName, columns }).toBuffer();
}

/** Writes a template: one sheet, the headers in bold, optional example rows. */
export async function spreadsheetTemplate(
  sheetName: string,
  columns: readonly SpreadsheetColumn[],
  examples: Record<string, string | number>[] = [],
) {
  return writeXlsx(sheetName, [
    columns.map((c) => ({ value: c.header, bold: true })),
    ...examples.map((e) => columns.map((c) => e[c.key] ?? "")),
  ]);
}

/** The report as CSV (the one writer, ADR 176: UTF-8 with BOM, `;` for a pt-BR Excel): one line per refused row. */
export function importReportCsv(report: ImportReport) {
  const lines: string[][] = [
    ["resumo", "linhas", String(report.total)],
    ["resumo", "criados", String(report.created)],
    ["resumo", "atualizados", String(report.updated)],
    ["resumo", "rejeitados", String(report.rejected.length)],
    ["linha", "identificação", "motivo"],
    ...report.rejected.map((r) => [String(r.row), r.key, r.reason]),
  ];
  return toCsv(lines);
}

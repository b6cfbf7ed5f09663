/**
 * The one CSV writer (ADR 176). Every export goes through it: the members list, one member's
 * LGPD data, the finance reports, the audit log, the finished visits and the import reports.
 *
 * What it writes is what a Brazilian spreadsheet opens in columns, and what no spreadsheet runs:
 *   - `;` between fields, CRLF between lines, UTF-8 with a BOM (Excel pt-BR reads the accents);
 *   - every field quoted, `"` doubled inside (RFC 4180; written here, not by csv-stringify: with
 *     every field quoted there is nothing left to decide, and a line is one join — the arrears
 *     report's 50,000 lines went from ~110 ms to ~25 ms, issue 24 §4);
 *   - money with a decimal comma and no symbol ("1234,56", "-12,50"), which Excel pt-BR reads as a number;
 *   - every cell neutralised (OWASP "CSV Injection"): an apostrophe goes before `=`, `+`, `-`, `@`,
 *     tab or CR (and their full-width forms) wherever some reader may start a cell — the start of
 *     the value and right after each `,` `;` tab, CR or LF inside it (past any spaces and quotes),
 *     because a file read with the other delimiter, or by a lenient parser, starts cells there.
 *     A cell that is a plain number ("-12", "-12,50") is left alone: a spreadsheet reads it as
 *     that number and it runs nothing.
 */
import { centavosToDecimal } from "~/lib/money";

export type CsvCell = string | number | bigint | boolean | null | undefined;

/** What a spreadsheet may take for the start of a formula. */
export const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
/** A plain number in pt-BR form: a spreadsheet reads it as that number. */
const PLAIN_NUMBER = /^-?\d+(,\d+)?$/;
/**
 * A place where some reader starts a cell (the value's start, or after a delimiter or line
 * break of any dialect), then spaces and quotes, then a formula character.
 */
const RISKY = /(?<=^|[,;\t\r\n])([ "]*)(?=[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20])/g;

/** Any formula character at all: a cell without one needs no neutralising (the usual case). */
const ANY_FORMULA_CHAR = /[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** The text of one cell, neutralised. */
export function csvText(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "Sim" : "Não";
  const text = typeof value === "number" ? String(value).replace(".", ",") : String(value);
  if (!ANY_FORMULA_CHAR.test(text) || PLAIN_NUMBER.test(text)) return text;
  return text.replace(RISKY, "'$1");
}

/** Centavos as a pt-BR decimal without the symbol: 123456 → "1234,56", -1250 → "-12,50". */
export function csvMoney(centavos: number | bigint): string {
  return centavosToDecimal(Number(centavos)).replace(".", ",");
}

const BOM = "\uFEFF";

/** Lines of the file: each cell neutralised and quoted, `;` between cells, CRLF after each line. */
function csvLines(rows: readonly (readonly CsvCell[])[]): string {
  let out = "";
  for (const row of rows) {
    let line = "";
    for (let i = 0; i < row.length; i++) {
      const text = csvText(row[i]);
      line += (i ? ';"' : '"') + (text.includes('"') ? text.replaceAll('"', '""') : text) + '"';
    }
    out += line + "\r\n";
  }
  return out;
}

/** The whole file: BOM, `;`, CRLF, every field quoted and neutralised. */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return BOM + csvLines(rows);
}

/**
 * The same file as a stream (ADR 261): the BOM and the header at once, then each batch of rows
 * as the source yields it, so an export's first byte leaves before its rows are read and only one
 * batch is ever in memory. A source that fails midway errors the stream (the download is cut, and
 * the failure logged by the caller's `onError`), never a file that looks whole.
 */
export function csvStream(
  header: readonly CsvCell[],
  batches: AsyncIterable<readonly (readonly CsvCell[])[]>,
  onError?: (error: unknown) => void,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  // The client may go away (cancel) while a batch is being read: that batch is then dropped, not
  // written into a closed stream and logged as the export's failure.
  let cancelled = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(toCsv([header])));
    },
    async pull(controller) {
      try {
        // Until something is written: a pull that enqueues nothing is not called again.
        for (;;) {
          const next = await iterator.next();
          if (cancelled) return;
          if (next.done) return controller.close();
          if (next.value.length === 0) continue;
          return controller.enqueue(encoder.encode(csvLines(next.value)));
        }
      } catch (error) {
        if (cancelled) return;
        onError?.(error);
        controller.error(error);
      }
    },
    cancel() {
      cancelled = true;
      // The source closes (its `finally` runs, its query's connection is released) once the batch
      // it is reading arrives; the client that went away does not wait for that batch.
      void iterator.return?.()?.catch(() => {});
    },
  });
}

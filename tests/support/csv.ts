/**
 * Reading an export back the ways a spreadsheet or a lenient parser may (issue 18 §3, ADR 176):
 * with `;` and with `,`, strict, loose and ignoring quotes. `runsFormula` says whether a read cell
 * would be run by a spreadsheet.
 */
import { parse, type Options } from "csv-parse/sync";

export const CSV_READINGS: Record<string, Options> = {
  "; strict": { delimiter: ";", relax_column_count: true },
  ", strict-ish": { delimiter: ",", relax_quotes: true, relax_column_count: true },
  "; loose": { delimiter: ";", relax_quotes: true, relax_column_count: true },
  ", no quotes": { delimiter: ",", quote: false, relax_column_count: true },
  "; no quotes": { delimiter: ";", quote: false, relax_column_count: true },
};

const FORMULA = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** Starts (past spaces and quotes) with a formula character and is not a plain number. */
export function runsFormula(cell: string) {
  const text = cell.replace(/^[ "]+/, "");
  return FORMULA.test(text) && !/^-?\d+([.,]\d+)?$/.test(text.replace(/"+$/, ""));
}

/** Every reading of the file; a reading that gives up (a parse error) opens no cell. */
export function readEveryWay(csv: string | Buffer) {
  return Object.entries(CSV_READINGS).map(([name, options]) => {
    try {
      return { name, rows: parse(csv, { bom: true, ...options }) as string[][] };
    } catch {
      return { name, rows: [] as string[][] };
    }
  });
}

/** The cells that would run a formula, in any reading, as "reading: cell". */
export function formulaCells(csv: string | Buffer) {
  return readEveryWay(csv).flatMap(({ name, rows }) =>
    rows
      .flat()
      .filter(runsFormula)
      .map((c) => `${name}: ${JSON.stringify(c)}`),
  );
}

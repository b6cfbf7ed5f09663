import { CsvError, parse } from "csv-parse/sync";
import { parseMoney } from "./money";
import { chargeIdFromTxid } from "./pix";

/**
 * The bank's statement of received PIX, as the treasurer downloads it (issue 11, ADR 152), read
 * into the credits the "matching payments" screen proposes against open charges.
 *
 * The format is Banco Inter's "Extrato Conta Corrente" CSV: a few preamble lines (account,
 * period, balance), then the header `Data Lançamento;Histórico;Descrição;Valor;Saldo`, `;`
 * separators, dates dd/mm/aaaa, amounts in pt-BR ("1.250,00", "-312,45": debits negative),
 * and for a received PIX the payer's name in Descrição (older exports write it
 * "Cp :<ISPB>-<NAME>"). Files come in UTF-8 (with or without BOM) or Windows-1252/Latin-1 when
 * re-saved by a spreadsheet; both are read. The columns are found by their header, so the
 * Nubank export (`Data,Valor,Identificador,Descrição`, dot decimals) and a statement with a
 * `txid` column are read too. Pure: no I/O.
 */

export const STATEMENT_MESSAGES = {
  empty: "O arquivo do extrato está vazio.",
  noHeader:
    "Não encontramos o cabeçalho do extrato. Envie o CSV do extrato da conta (colunas Data Lançamento; Histórico; Descrição; Valor; Saldo).",
  malformed: (line: number) => `Linha ${line}: o CSV está malformado (aspas ou separadores fora do lugar). Exporte o extrato de novo.`,
  badDate: (value: string) => `Data inválida: "${value}". O extrato deve ter datas dd/mm/aaaa.`,
  badAmount: (value: string) => `Valor inválido: "${value}".`,
} as const;

/** A file that cannot be read as a statement at all; `message` is pt-BR for the screen. */
export class StatementError extends Error {
  override name = "StatementError";
}

export type StatementCredit = {
  /** Line of the file (1-based), to point the treasurer at it. */
  line: number;
  /** yyyy-mm-dd */
  date: string;
  amountCentavos: number;
  /** The payer as far as the bank names it ("" when it does not). */
  name: string;
  /** Histórico and Descrição as written, for the unmatched list. */
  description: string;
  /** The bank's identifier column, when the export has one. */
  identifier: string | null;
  /** A txid of ours (see txidForCharge) found in the identifier or the description. */
  txid: string | null;
};

export type StatementProblem = { line: number; message: string };

export type BankStatement = {
  format: "inter" | "nubank" | "other";
  encoding: "utf-8" | "windows-1252";
  credits: StatementCredit[];
  /** Debits (money leaving the account) are not payments to match: counted, not listed. */
  debits: number;
  problems: StatementProblem[];
};

/** Header names (lower case, no accents) of each column we read. */
const COLUMNS = {
  date: ["data lancamento", "data", "data do lancamento", "data movimento"],
  amount: ["valor", "valor (r$)", "valor r$"],
  history: ["historico", "lancamento", "tipo"],
  description: ["descricao", "detalhes", "nome", "pagador"],
  identifier: ["txid", "identificador", "id da transacao", "identificacao"],
} as const;

const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();

/** UTF-8 when the bytes are valid UTF-8 (BOM dropped), else Windows-1252 (a superset of Latin-1's letters). */
export function decodeStatement(bytes: Uint8Array): { text: string; encoding: BankStatement["encoding"] } {
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8" };
  } catch {
    return { text: new TextDecoder("windows-1252").decode(bytes), encoding: "windows-1252" };
  }
}

function formatOf(cells: string[]): BankStatement["format"] {
  if (cells.includes("data lancamento") && cells.includes("historico")) return "inter";
  if (cells.join(",") === "data,valor,identificador,descricao") return "nubank";
  return "other";
}

function findHeader(lines: string[]) {
  for (let i = 0; i < Math.min(lines.length, 30); i++) {
    const delimiter = lines[i].includes(";") ? ";" : ",";
    const cells = lines[i].split(delimiter).map((c) => fold(c.replace(/^"|"$/g, "")));
    const index = (names: readonly string[]) => cells.findIndex((c) => names.includes(c));
    const columns = {
      date: index(COLUMNS.date),
      amount: index(COLUMNS.amount),
      history: index(COLUMNS.history),
      description: index(COLUMNS.description),
      identifier: index(COLUMNS.identifier),
    };
    if (columns.date >= 0 && columns.amount >= 0) return { line: i + 1, delimiter, columns, format: formatOf(cells) };
  }
  return null;
}

/** "05/03/2026" → "2026-03-05", or null for anything that is not a real day. */
function isoDate(value: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  if (!m) return null;
  const [, d, mo, y] = m;
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  return date.getUTCDate() === Number(d) && date.getUTCMonth() === Number(mo) - 1 ? `${y}-${mo}-${d}` : null;
}

/** The payer's name inside a bank's description of a received PIX. */
function payerName(description: string): string {
  const inter = /^Cp\s*:\s*\d*\s*-\s*(.+)$/i.exec(description);
  if (inter) return inter[1].trim();
  const nubank = /^Transfer[eê]ncia recebida pelo Pix - (.+?) - /i.exec(description);
  if (nubank) return nubank[1].trim();
  return description.trim();
}

function findTxid(...texts: string[]): string | null {
  for (const text of texts) {
    for (const token of text.match(/(?<![0-9A-Za-z])[0-9A-Za-z]{25}(?![0-9A-Za-z])/g) ?? []) {
      if (chargeIdFromTxid(token)) return token.toUpperCase();
    }
  }
  return null;
}

/** Reads the statement file (its bytes, or text already decoded). Throws StatementError when it is not one. */
export function parseBankStatement(input: Uint8Array | string): BankStatement {
  const decoded = typeof input === "string" ? { text: input, encoding: "utf-8" as const } : decodeStatement(input);
  const { encoding } = decoded;
  const text = decoded.text.replace(/^\uFEFF/, "");
  const lines = text.split(/\r\n|\r|\n/);
  if (lines.every((l) => l.trim() === "")) throw new StatementError(STATEMENT_MESSAGES.empty);
  const header = findHeader(lines);
  if (!header) throw new StatementError(STATEMENT_MESSAGES.noHeader);

  let records: { record: string[]; info: { lines: number } }[];
  try {
    // `info: true` wraps each record with its line number; csv-parse's types do not model that.
    records = parse(text, {
      delimiter: header.delimiter,
      from_line: header.line + 1,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
    }) as unknown as typeof records;
  } catch (e) {
    if (e instanceof CsvError) throw new StatementError(STATEMENT_MESSAGES.malformed(typeof e.lines === "number" ? e.lines : header.line));
    throw e;
  }

  const { columns } = header;
  const cell = (record: string[], i: number) => (i >= 0 ? (record[i] ?? "").trim() : "");
  const out: BankStatement = { format: header.format, encoding, credits: [], debits: 0, problems: [] };

  for (const { record, info } of records) {
    const line = info.lines;
    const rawDate = cell(record, columns.date);
    const rawAmount = cell(record, columns.amount);
    if (rawDate === "" && rawAmount === "") continue; // a blank or trailer line
    const date = isoDate(rawDate);
    if (!date) {
      out.problems.push({ line, message: STATEMENT_MESSAGES.badDate(rawDate) });
      continue;
    }
    const debit = /^[-\u2212]/.test(rawAmount);
    const amount = parseMoney(rawAmount.replace(/^[-\u2212+]/, ""));
    if (!amount.ok || amount.centavos === 0) {
      out.problems.push({ line, message: STATEMENT_MESSAGES.badAmount(rawAmount) });
      continue;
    }
    if (debit) {
      out.debits++;
      continue;
    }
    const history = cell(record, columns.history);
    const detail = cell(record, columns.description);
    const identifier = cell(record, columns.identifier) || null;
    out.credits.push({
      line,
      date,
      amountCentavos: amount.centavos,
      name: payerName(detail),
      description: [history, detail].filter(Boolean).join(" · "),
      identifier,
      txid: findTxid(identifier ?? "", detail, history),
    });
  }
  return out;
}

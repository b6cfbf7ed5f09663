import { CsvError, parse } from "csv-parse/sync";
import { MAX_CENTAVOS, formatMoney, parseMoney, tooLargeMessage } from "./money";
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
  tooLarge: (value: string) => `Valor acima do limite de ${formatMoney(MAX_CENTAVOS)}: "${value}".`,
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
  /**
   * The payer as far as the bank names it ("" when it does not): the description without the
   * Inter prefix "Cp :<ISPB>-", a CPF/CNPJ and our txid.
   */
  name: string;
  /** The payer's bank (ISPB, 8 digits) when the description has Inter's "Cp :<ISPB>-" prefix. */
  ispb: string | null;
  /** The payer's CPF or CNPJ as the bank shows it, masked digits as "*" ("***123456**"), or null. */
  payerDocument: string | null;
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

const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();

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

const CPF_OR_CNPJ =
  /(?<![\d•*xX])([\d•*xX]{3}\.[\d•*xX]{3}\.[\d•*xX]{3}-[\d•*xX]{2}|[\d•*xX]{2}\.[\d•*xX]{3}\.[\d•*xX]{3}\/[\d•*xX]{4}-[\d•*xX]{2})(?![\d•*xX])/;

/**
 * Who paid, inside a bank's description of a received PIX: the name, the bank (ISPB, from
 * Inter's "Cp :<ISPB>-<NAME>") and the CPF/CNPJ when shown (Nubank's "… - NAME - •••.123.456-•• - BANK …").
 */
function payerOf(description: string, txid: string | null) {
  let rest = description.trim();
  let ispb: string | null = null;
  const inter = /^(?:.*?\s)?Cp\s*:\s*(\d*)\s*-\s*(.*)$/i.exec(rest);
  if (inter) {
    ispb = inter[1] ? inter[1].padStart(8, "0") : null;
    rest = inter[2];
  } else {
    const nubank = /^Transfer[eê]ncia recebida pelo Pix - (.+?) - (.*)$/i.exec(rest);
    if (nubank) rest = `${nubank[1]} ${CPF_OR_CNPJ.exec(nubank[2])?.[1] ?? ""}`;
  }
  const doc = CPF_OR_CNPJ.exec(rest)?.[1] ?? null;
  if (doc) rest = rest.replace(doc, " ");
  if (txid) rest = rest.replace(new RegExp(`(?<![0-9A-Za-z])${txid}(?![0-9A-Za-z])`, "i"), " ");
  return {
    name: rest.replace(/\s+/g, " ").trim(),
    ispb,
    payerDocument: doc ? doc.replace(/[•xX]/g, "*").replace(/[^\d*]/g, "") : null,
  };
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
      const tooLarge = !amount.ok && amount.message === tooLargeMessage(MAX_CENTAVOS);
      out.problems.push({ line, message: tooLarge ? STATEMENT_MESSAGES.tooLarge(rawAmount) : STATEMENT_MESSAGES.badAmount(rawAmount) });
      continue;
    }
    if (debit) {
      out.debits++;
      continue;
    }
    const history = cell(record, columns.history);
    const detail = cell(record, columns.description);
    const identifier = cell(record, columns.identifier) || null;
    const txid = findTxid(identifier ?? "", detail, history);
    out.credits.push({
      line,
      date,
      amountCentavos: amount.centavos,
      ...payerOf(detail, txid),
      description: [history, detail].filter(Boolean).join(" · "),
      identifier,
      txid,
    });
  }
  return out;
}

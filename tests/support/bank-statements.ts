/**
 * Bank statements for the finance tests (issue 18 §4): an Inter-style CSV of `count` distinct
 * credits — one payer name and one amount each (R$ 10,01 upwards), days 01–28 of February 2026 —
 * with `extra` lines put in place of some of them (index → line text). 40,000 credits are about
 * 1.5 MB, under the 2 MB upload cap.
 */
export const STATEMENT_HEADER = "Data Lançamento;Histórico;Descrição;Valor;Saldo";

export function distinctCreditsStatement(count: number, extra: Record<number, string> = {}): Buffer {
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const day = String((i % 28) + 1).padStart(2, "0");
    const cents = 1001 + i;
    lines.push(
      extra[i] ??
        `${day}/02/2026;Pix;PAGADOR ${String(i).padStart(5, "0")};${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")};`,
    );
  }
  return Buffer.from(["Extrato Conta Corrente", "", STATEMENT_HEADER, ...lines].join("\r\n") + "\r\n", "utf8");
}

/** The file line of the credit at `index` (after the two preamble lines and the header). */
export const creditLine = (index: number) => index + 4;

import { Mask, type MaskInputOptions } from "maska";

/**
 * The input masks of Brazilian data, from the one masking library (maska, ADR 076). The same
 * definitions format values for display, so a pattern is written once. Pure: no DOM here;
 * `~/components/ui/masked-input` attaches them to a field.
 */
export type MaskKind = "cpf" | "cnpj" | "cep" | "phone" | "date" | "time" | "money";

/** A CNPJ's first 12 characters are 0-9 or A-Z from July 2026 (typed in lower case, shown in upper). */
const alphanumericUpper = { pattern: /[0-9A-Za-z]/, transform: (c: string) => c.toUpperCase() };

export const MASKS: Record<MaskKind, MaskInputOptions> = {
  cpf: { mask: "###.###.###-##" },
  cnpj: { mask: "SS.SSS.SSS/SSSS-##", tokens: { S: alphanumericUpper } },
  cep: { mask: "#####-###" },
  // Landline (8 digits) until an 11th digit is typed, then mobile (9 digits).
  phone: { mask: ["(##) ####-####", "(##) #####-####"], preProcess: (v) => stripCountryCode(v) },
  // dd/mm/aaaa whatever the browser's language (ADR 193).
  date: { mask: "##/##/####" },
  time: { mask: "##:##" },
  // Reais as pt-BR writes them, grouped while typing: "285050" shows 285.050 and "50,00" stays
  // 50,00 (ADR 191). Two decimals at most, no sign.
  money: { number: { locale: "pt-BR", fraction: 2, unsigned: true } },
};

/** "+55 61 …" or "55 61 …" pasted whole: the mask keeps the national number. */
export function stripCountryCode(value: string): string {
  const digits = value.replace(/\D/g, "");
  if (digits.length > 11 && digits.startsWith("55")) return digits.slice(2);
  return value;
}

const compiled = new Map<MaskKind, Mask>();

/** What the field shows for `value` (typed, pasted or stored) once the mask is applied. */
export function applyMask(kind: MaskKind, value: string): string {
  // A stored date (aaaa-mm-dd) is shown day first; a stored amount is written by moneyInputValue.
  if (kind === "date" && /^\d{4}-\d{2}-\d{2}$/.test(value)) value = `${value.slice(8, 10)}${value.slice(5, 7)}${value.slice(0, 4)}`;
  let mask = compiled.get(kind);
  if (!mask) {
    mask = new Mask(MASKS[kind]);
    compiled.set(kind, mask);
  }
  const pre = MASKS[kind].preProcess;
  return mask.masked(pre ? pre(value) : value);
}

export type MoneyKeyResult = { value: string; dotComma: boolean };

/**
 * A character typed at the end of a money field, before the mask reads it (ADR 233). The pt-BR
 * mask takes "." for the thousands dot, so "50.00" — typed on an en-US keyboard, or on a phone's
 * decimal pad that offers only "." — would read R$ 5.000,00. Instead:
 *   - "." where there is no comma yet is the decimal separator: it becomes "," (`dotComma`);
 *   - if a third digit then follows that comma, the "." was a pt-BR thousands dot after all
 *     ("1.234,56" typed in full): the comma goes and the mask groups the digits again;
 *   - "." after a comma is ignored.
 * Returns the field's new value, or null to let the character through as typed.
 */
export function moneyKey(value: string, typed: string, dotComma: boolean): MoneyKeyResult | null {
  const hasComma = value.includes(",");
  if (typed === ".") return hasComma ? { value, dotComma } : { value: `${value.replace(/\D/g, "") ? value : "0"},`, dotComma: true };
  if (/^\d$/.test(typed) && dotComma && hasComma && /,\d{2}$/.test(value))
    return { value: value.replace(/\D/g, "") + typed, dotComma: false };
  return null;
}

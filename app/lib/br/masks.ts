import { Mask, type MaskInputOptions } from "maska";

/**
 * The input masks of Brazilian data, from the one masking library (maska, ADR 076). The same
 * definitions format values for display, so a pattern is written once. Pure: no DOM here;
 * `~/components/ui/masked-input` attaches them to a field.
 */
export type MaskKind = "cpf" | "cnpj" | "cep" | "phone";

/** A CNPJ's first 12 characters are 0-9 or A-Z from July 2026 (typed in lower case, shown in upper). */
const alphanumericUpper = { pattern: /[0-9A-Za-z]/, transform: (c: string) => c.toUpperCase() };

export const MASKS: Record<MaskKind, MaskInputOptions> = {
  cpf: { mask: "###.###.###-##" },
  cnpj: { mask: "SS.SSS.SSS/SSSS-##", tokens: { S: alphanumericUpper } },
  cep: { mask: "#####-###" },
  // Landline (8 digits) until an 11th digit is typed, then mobile (9 digits).
  phone: { mask: ["(##) ####-####", "(##) #####-####"], preProcess: (v) => stripCountryCode(v) },
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
  let mask = compiled.get(kind);
  if (!mask) {
    mask = new Mask(MASKS[kind]);
    compiled.set(kind, mask);
  }
  const pre = MASKS[kind].preProcess;
  return mask.masked(pre ? pre(value) : value);
}

import { isValidCnpj as checkDigitsOk } from "@brazilian-utils/brazilian-utils/is-valid-cnpj";
import { applyMask } from "./masks";
import { BR_MESSAGES } from "./messages";

/**
 * CNPJ (brief item 11): 14 characters with both check digits, numeric and, from July 2026,
 * alphanumeric: the first 12 characters 0-9 or A-Z (each valued by its ASCII code minus 48),
 * the last 2 numeric. Check digits from @brazilian-utils/brazilian-utils (ADR 075). Stored as
 * the 14 characters in upper case, shown as 00.000.000/0000-00 (12.ABC.345/01DE-35).
 */

/** The 14 characters: punctuation and spaces removed, letters in upper case. */
export function normalizeCnpj(value: string): string {
  return value.replace(/[\s./-]/g, "").toUpperCase();
}

const SHAPE = /^[0-9A-Z]{12}[0-9]{2}$/;

/** Why `value` is not a valid CNPJ (the message to show), or null when it is. */
export function cnpjProblem(value: string): string | null {
  const cnpj = normalizeCnpj(value);
  if (!/^[0-9A-Z]*$/.test(cnpj)) return BR_MESSAGES.cnpjInvalid;
  if (cnpj.length !== 14) return BR_MESSAGES.cnpjLength;
  if (!SHAPE.test(cnpj)) return BR_MESSAGES.cnpjInvalid;
  // version 2 = numeric and alphanumeric; numeric all-equal sequences are refused.
  return checkDigitsOk(cnpj, { version: 2 }) ? null : BR_MESSAGES.cnpjInvalid;
}

export function isValidCnpj(value: string): boolean {
  return cnpjProblem(value) === null;
}

/** 00.000.000/0000-00; anything that is not 14 characters is returned unchanged. */
export function formatCnpj(value: string): string {
  const cnpj = normalizeCnpj(value);
  return SHAPE.test(cnpj) ? applyMask("cnpj", cnpj) : value;
}

import { applyMask } from "./masks";
import { BR_MESSAGES } from "./messages";

/** CEP (postal code): exactly 8 digits after removing everything else. Stored as the 8 digits. */

export function cepDigits(value: string): string {
  return value.replace(/\D/g, "");
}

export function isValidCep(value: string): boolean {
  return cepDigits(value).length === 8;
}

/** Why `value` is not a valid CEP (the message to show), or null when it is. */
export function cepProblem(value: string): string | null {
  return isValidCep(value) ? null : BR_MESSAGES.cepHint;
}

/** 00000-000; anything that is not 8 digits is returned unchanged. */
export function formatCep(value: string): string {
  const digits = cepDigits(value);
  return digits.length === 8 ? applyMask("cep", digits) : value;
}

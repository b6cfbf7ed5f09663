import { isValidCpf as checkDigitsOk } from "@brazilian-utils/brazilian-utils/is-valid-cpf";
import { applyMask } from "./masks";
import { BR_MESSAGES } from "./messages";

/**
 * CPF (brief item 11): 11 digits, both check digits (modulo 11), all-equal sequences refused.
 * The check digits come from @brazilian-utils/brazilian-utils (ADR 075). Stored as 11 digits,
 * shown as 000.000.000-00, masked in lists as ***.456.789-**.
 */

/** Digits, dots, hyphens and spaces only: anything else is not a CPF typed by a person. */
const CPF_CHARS = /^[\d.\-\s]*$/;

export function cpfDigits(value: string): string {
  return value.replace(/\D/g, "");
}

/** Why `value` is not a valid CPF (the message to show), or null when it is. */
export function cpfProblem(value: string): string | null {
  if (!CPF_CHARS.test(value)) return BR_MESSAGES.cpfInvalid;
  const digits = cpfDigits(value);
  if (digits.length !== 11) return BR_MESSAGES.cpfLength;
  // The library refuses all-equal sequences (000… to 999…) and wrong check digits.
  return checkDigitsOk(digits) ? null : BR_MESSAGES.cpfInvalid;
}

export function isValidCpf(value: string): boolean {
  return cpfProblem(value) === null;
}

/** 000.000.000-00; anything that is not 11 digits is returned unchanged. */
export function formatCpf(value: string): string {
  const digits = cpfDigits(value);
  return digits.length === 11 ? applyMask("cpf", digits) : value;
}

/**
 * For lists shown to roles that do not need the full number (brief item 10): the first three
 * and the check digits hidden, ***.456.789-**. Anything that is not 11 digits is hidden whole.
 */
export function maskCpfForList(value: string): string {
  const digits = cpfDigits(value);
  if (digits.length !== 11) return "***.***.***-**";
  return `***.${digits.slice(3, 6)}.${digits.slice(6, 9)}-**`;
}

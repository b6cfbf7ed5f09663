import { getAreaCodeInfo } from "@brazilian-utils/brazilian-utils/get-area-code-info";
import { applyMask } from "./masks";
import { BR_MESSAGES } from "./messages";

/**
 * Brazilian phone numbers (brief item 11): a valid area code (DDD, one of the 67 in use, from
 * @brazilian-utils/brazilian-utils) plus 8 digits for a landline (starting 2-5) or 9 for a
 * mobile (starting 9). A leading +55 / 55 country code or a 0 trunk prefix is accepted.
 * Shown and stored as (61) 3333-4444 or (61) 91234-5678.
 */

/** Digits of a national number, without the country code or trunk prefix. */
export function phoneDigits(value: string): string {
  let d = value.replace(/\D/g, "");
  if ((d.length === 12 || d.length === 13) && d.startsWith("55")) d = d.slice(2);
  if (d.length === 11 && d.startsWith("0")) d = d.slice(1); // 0 + DDD + 8 digits (trunk prefix)
  return d;
}

export type PhoneKind = "landline" | "mobile";

/** Landline or mobile, or null when the number is neither. */
export function phoneKind(value: string): PhoneKind | null {
  const d = phoneDigits(value);
  if (!/^\d{10,11}$/.test(d) || !getAreaCodeInfo(d.slice(0, 2))) return null;
  if (d.length === 11) return d[2] === "9" ? "mobile" : null;
  return /[2-5]/.test(d[2]) ? "landline" : null;
}

export function isValidPhone(value: string): boolean {
  return phoneKind(value) !== null;
}

/** Why `value` is not a valid phone (the message to show), or null when it is. */
export function phoneProblem(value: string): string | null {
  return isValidPhone(value) ? null : BR_MESSAGES.phoneInvalid;
}

/** "(61) 91234-5678" or "(61) 3333-4444"; anything else is returned unchanged. */
export function formatPhone(value: string): string {
  const d = phoneDigits(value);
  return d.length === 10 || d.length === 11 ? applyMask("phone", d) : value;
}

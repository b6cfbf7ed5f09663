/**
 * Brazilian phone numbers (brief item 11): area code (DDD) plus 8 digits (landline, starting
 * 2-5) or 9 digits (mobile, starting 9). A leading +55 / 55 country code is accepted.
 * Pure functions: the form's input mask and the server's schema share them.
 */

/** Digits of a national number, without the country code. */
export function phoneDigits(value: string): string {
  let d = value.replace(/\D/g, "");
  if ((d.length === 12 || d.length === 13) && d.startsWith("55")) d = d.slice(2);
  if (d.length === 11 && d.startsWith("0")) d = d.slice(1); // 0 + DDD + 8 digits (trunk prefix)
  return d;
}

/** True for a well-formed Brazilian landline or mobile number with its area code. */
export function isValidBrazilianPhone(value: string): boolean {
  const d = phoneDigits(value);
  if (!/^[1-9][1-9]/.test(d)) return false;
  if (d.length === 11) return d[2] === "9";
  if (d.length === 10) return /[2-5]/.test(d[2]);
  return false;
}

/** "(61) 91234-5678" or "(61) 3333-4444"; anything else is returned unchanged. */
export function formatBrazilianPhone(value: string): string {
  const d = phoneDigits(value);
  if (d.length === 11) return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
  if (d.length === 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  return value;
}

/** The mask applied while typing: formats as many digits as there are, at most 11. */
export function maskBrazilianPhone(value: string): string {
  let d = value.replace(/\D/g, "");
  if (d.length > 11 && d.startsWith("55")) d = d.slice(2); // pasted with the country code
  d = d.slice(0, 11);
  if (d.length === 0) return "";
  if (d.length <= 2) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 2)}) ${d.slice(2)}`;
  if (d.length <= 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
}

import { safeString } from "~/utils/fields";

/** An absolute https:// address with a host and no credentials: the only links public pages show. */
export function isHttpsUrl(value: string) {
  try {
    const u = new URL(value);
    return u.protocol === "https:" && !!u.hostname && !u.username && !u.password;
  } catch {
    return false;
  }
}

/** Form field: empty, or an https:// address (at most 300 characters). */
export function optionalHttpsUrl(message: string) {
  return safeString()
    .trim()
    .max(300, "Endereço muito longo (máximo 300 caracteres).")
    .refine((v) => v === "" || isHttpsUrl(v), message);
}

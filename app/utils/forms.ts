import type { z } from "zod";

export type FieldErrors = Record<string, string>;

/**
 * The honeypot field of the public forms ('Fale Conosco', denúncia): invisible to people,
 * tempting to bots. A filled one is accepted and dropped (contact) or refused (complaint).
 */
export const HONEYPOT_FIELD = "website";

/** First message per field, keyed by the field's name, for rendering beside inputs. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_form";
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

// Any origin would do: only "does it stay on the origin it was resolved against" matters.
const SITE = "http://site.invalid";

/**
 * The post-login redirect: only a path of this site is followed, never another host. The value
 * must start with "/", hold no control, format or whitespace character (tab, CR/LF, VT, NEL,
 * NBSP, U+2028, U+3000, BOM, … which URL parsers drop or reinterpret: `/\t/evil.example` is
 * read as `//evil.example`), and parse by the WHATWG URL rules to this same origin with a path
 * that is not protocol-relative. What is returned is the parsed path, percent-encoded, so it is
 * always a valid Location header. Anything else gives `fallback`.
 */
export function safeRedirect<T extends string | null>(to: FormDataEntryValue | string | null | undefined, fallback: T): string | T {
  if (typeof to !== "string" || !to.startsWith("/") || to.length > 2000) return fallback;
  if (/[\p{Cc}\p{Cf}\p{Z}\s]/u.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, SITE);
  } catch {
    return fallback;
  }
  if (url.origin !== SITE) return fallback;
  const path = url.pathname + url.search + url.hash;
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return fallback;
  return path;
}

/**
 * A "voltar" link carried in the URL (issue 19 item 7): only a same-site path under /dashboard/
 * is followed back, anything else (another site, //host, a scheme, backslashes) is ignored.
 */
export function safeBackPath(value: string | null | undefined): string | null {
  if (!value || value.length > 600) return null;
  if (!value.startsWith("/dashboard/") || value.startsWith("//") || value.includes("\\")) return null;
  try {
    const u = new URL(value, "http://voltar.invalid");
    if (u.origin !== "http://voltar.invalid" || !u.pathname.startsWith("/dashboard/")) return null;
    return u.pathname + u.search;
  } catch {
    return null;
  }
}

/** The path of the current page (path and query), as a `voltar=` value. */
export function withBack(href: string, back: string) {
  return `${href}${href.includes("?") ? "&" : "?"}voltar=${encodeURIComponent(back)}`;
}

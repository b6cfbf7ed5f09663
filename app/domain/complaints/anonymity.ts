/**
 * The anonymity rules of the complaint channel, shared by the HTTP server (a middleware that
 * forces these headers and drops cookies) and the route modules (their `headers` export).
 */
export const ANONYMITY_HEADERS = {
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
} as const;

/** Public complaint pages and their data requests: /denuncia, /denuncia/acompanhar, *.data. */
export function isPublicComplaintPath(pathname: string) {
  return pathname === "/denuncia" || pathname.startsWith("/denuncia/") || pathname.startsWith("/denuncia.");
}

/** The staff screen and its evidence downloads get the same headers (cookies are the session's). */
export function isStaffComplaintPath(pathname: string) {
  return (
    pathname === "/dashboard/denuncias" || pathname.startsWith("/dashboard/denuncias/") || pathname.startsWith("/dashboard/denuncias.")
  );
}

import type { RequestHandler } from "express";
import { randomFillSync } from "node:crypto";
import type { ServerResponse } from "node:http";

export type CspOptions = { production: boolean; https?: boolean; extraImgSrc?: string[]; extraConnectSrc?: string[] };

/** Content-Security-Policy with a fresh nonce per response; everything else same-origin. */
export function contentSecurityPolicy(nonce: string, opts: CspOptions) {
  const img = ["'self'", "data:", "blob:", ...(opts.extraImgSrc ?? [])];
  const connect = ["'self'", ...(opts.extraConnectSrc ?? [])];
  if (!opts.production) connect.push("ws:", "wss:");
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${opts.production ? "" : " 'unsafe-eval'"}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${img.join(" ")}`,
    "font-src 'self'",
    `connect-src ${connect.join(" ")}`,
    "media-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
  ];
  if (opts.https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** The headers below are single-valued: a route's own value replaces ours instead of doubling it. */
export const SECURITY_HEADERS = [
  "content-security-policy",
  "x-content-type-options",
  "x-frame-options",
  "referrer-policy",
  "cross-origin-opener-policy",
  "cross-origin-resource-policy",
  "permissions-policy",
  "x-dns-prefetch-control",
  "strict-transport-security",
];
const SINGLE = new Set(SECURITY_HEADERS);

// Nonces come from a pool of CSPRNG bytes refilled 4 KB at a time: one syscall per 256
// responses instead of one per response (the profile in docs/decisions/103-cache-hit-path.md).
const NONCE_BYTES = 16;
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let noncePoolAt = noncePool.length;

/** A fresh CSP nonce: 16 random bytes, base64. */
export function freshNonce() {
  if (noncePoolAt >= noncePool.length) {
    randomFillSync(noncePool);
    noncePoolAt = 0;
  }
  const nonce = noncePool.toString("base64", noncePoolAt, noncePoolAt + NONCE_BYTES);
  noncePoolAt += NONCE_BYTES;
  return nonce;
}

/**
 * Sets the security headers every response carries, with a fresh nonce in its CSP (or the given
 * `csp`), and returns the nonce (empty with a given `csp`). Shared by the middleware below and the
 * render cache's hit path, which answers before Express (server/render-cache.ts): both send the
 * very same headers.
 */
export function applySecurityHeaders(res: ServerResponse, opts: CspOptions, csp?: string) {
  // A cached page made the same for everyone brings its own policy (hashes, no nonce, ADR 301).
  const nonce = csp === undefined ? freshNonce() : "";
  res.setHeader("Content-Security-Policy", csp ?? contentSecurityPolicy(nonce, opts));
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
  res.setHeader("Permissions-Policy", "geolocation=(self), camera=(self), microphone=(), payment=(), usb=()");
  res.setHeader("X-DNS-Prefetch-Control", "off");
  if (opts.https) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  return nonce;
}

export function securityHeaders(getOpts: () => CspOptions): RequestHandler {
  return (req, res, next) => {
    res.locals.cspNonce = applySecurityHeaders(res, getOpts());
    // React Router's adapter copies a route's headers with res.append, which would send a second
    // CSP (a file's `default-src 'none'; sandbox`) or a second nosniff. The route's value wins.
    const append = res.append.bind(res);
    res.append = ((field: string, value?: string | string[]) =>
      SINGLE.has(field.toLowerCase()) && value !== undefined ? res.set(field, value) : append(field, value)) as typeof res.append;
    next();
  };
}

/** A serialized origin exactly as browsers send it (scheme://host[:port]), parsed; null otherwise. */
function parseOrigin(value: string) {
  try {
    const url = new URL(value);
    // `http://evil.example@host`, a path, a trailing slash: not an origin, whatever its host says.
    return url.origin !== "null" && url.origin === value ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * Cross-site form posts are refused: a state-changing request must come from our own origin
 * (ADR 093). The Origin header, which every current browser sends on a POST, must be exactly
 * this site's origin — scheme, host and port compared after parsing, never as a prefix: the
 * request's own (behind TRUST_PROXY, the forwarded scheme and host) or APP_URL's. Without an
 * Origin, only `Sec-Fetch-Site: same-origin` (which pages cannot forge) is accepted; a client that
 * sends neither header (curl and other non-browser clients) is refused and must send Origin.
 */
export function sameOriginWrites(opts: { appOrigin?: string } = {}): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const origin = req.get("origin");
    let ok: boolean;
    if (origin !== undefined) {
      const parsed = parseOrigin(origin);
      ok = parsed !== null && (parsed === opts.appOrigin || parsed === parseOrigin(`${req.protocol}://${req.host}`));
    } else {
      ok = req.get("sec-fetch-site") === "same-origin";
    }
    if (ok) return next();
    res.status(403).type("text/plain; charset=utf-8").send("Requisição de outra origem recusada.");
  };
}

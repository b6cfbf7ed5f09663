import type { RequestHandler } from "express";
import { randomBytes } from "node:crypto";

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

export function securityHeaders(getOpts: () => CspOptions): RequestHandler {
  return (req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    const opts = getOpts();
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, opts));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "geolocation=(self), camera=(self), microphone=(), payment=(), usb=()");
    res.setHeader("X-DNS-Prefetch-Control", "off");
    if (opts.https) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}

/**
 * Cross-site form posts are refused: a state-changing request must come from our own origin.
 * Browsers send Origin on every POST; Sec-Fetch-Site covers the rest.
 */
export function sameOriginWrites(): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const origin = req.get("origin");
    const host = req.get("x-forwarded-host") && req.app.get("trust proxy") ? req.get("x-forwarded-host") : req.get("host");
    let ok = true;
    if (origin && origin !== "null") {
      try {
        ok = new URL(origin).host === host;
      } catch {
        ok = false;
      }
    } else if (origin === "null") {
      ok = false;
    } else if (req.get("sec-fetch-site") === "cross-site") {
      ok = false;
    }
    if (ok) return next();
    res.status(403).type("text/plain; charset=utf-8").send("Requisição de outra origem recusada.");
  };
}

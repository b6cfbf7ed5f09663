import fs from "node:fs";
import path from "node:path";
import express, { type RequestHandler } from "express";

/**
 * Headers that only a document (a page, or a worker's script) obeys: the browser ignores them on
 * a script or a style sheet, so the fingerprinted assets go without them. Each would otherwise
 * travel with every one of a page's dozen-plus files, ~0.6 kB a time over HTTP/1.1 — on a
 * phone's mobile data (docs/decisions/284-field-screens-on-a-phone.md). X-Content-Type-Options,
 * Cross-Origin-Resource-Policy, Referrer-Policy (a style sheet's own fetches follow it) and HSTS
 * stay. No worker is ever loaded from /assets.
 */
export const DOCUMENT_ONLY_HEADERS = [
  "content-security-policy",
  "x-frame-options",
  "permissions-policy",
  "cross-origin-opener-policy",
  "x-dns-prefetch-control",
];

/**
 * The fingerprinted assets of the client build (`dir`, build/client/assets), cached for a year.
 * Their Brotli copies (`name.js.br`, written by the build: vite.config.ts) are sent as they are to
 * a browser that accepts `br`; any other request gets the plain file, which the compression
 * middleware gzips. The files are listed once, at start (the build never changes under a running
 * server); a name not among them falls through (to the site's not-found page, with every header).
 */
export function fingerprintedAssets(dir: string): RequestHandler {
  let files: Set<string>;
  try {
    files = new Set(fs.readdirSync(dir));
  } catch {
    files = new Set();
  }
  const serve = express.static(dir, { immutable: true, maxAge: "1y", index: false });
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    if (!files.has(name)) return next();
    for (const header of DOCUMENT_ONLY_HEADERS) res.removeHeader(header);
    if (!files.has(`${name}.br`)) return serve(req, res, next);
    res.setHeader("Vary", "Accept-Encoding");
    if (req.acceptsEncodings("br") !== "br") return serve(req, res, next);
    res.setHeader("Content-Encoding", "br");
    res.type(path.extname(name));
    res.sendFile(`${name}.br`, { root: dir, maxAge: "1y", immutable: true }, (error) => {
      if (error && !res.headersSent) {
        res.removeHeader("Content-Encoding");
        serve(req, res, next);
      }
    });
  };
}

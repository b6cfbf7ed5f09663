import type { RequestHandler } from "express";
import { ANONYMITY_HEADERS, isPublicComplaintPath, isStaffComplaintPath } from "~/domain/complaints/anonymity";

const FORCED = new Map<string, string>(Object.entries(ANONYMITY_HEADERS).map(([k, v]) => [k.toLowerCase(), v] as [string, string]));

/**
 * On complaint routes: `Referrer-Policy: no-referrer` and `Cache-Control: no-store` whatever a
 * later handler sets, and — on the public ones — no Set-Cookie at all (not even the root
 * loader's flash clean-up), so nothing can tie a reporter's browser to a complaint. The public
 * ones also get a same-origin-only Content-Security-Policy (`strictCsp(nonce)`), so not even
 * an allowed map-tile host can be contacted from them.
 */
export function complaintAnonymity(strictCsp: (nonce: string) => string): RequestHandler {
  return (req, res, next) => {
    const isPublic = isPublicComplaintPath(req.path);
    if (!isPublic && !isStaffComplaintPath(req.path)) return next();
    // Our own no-referrer policy makes browsers send `Origin: null` on a plain form post (no
    // JavaScript). Sec-Fetch-Site, which pages cannot forge, says whether it came from us; if
    // so the meaningless Origin is dropped, and the same-origin checks downstream (ours and
    // React Router's) judge the request by Sec-Fetch-Site. A cross-site post keeps its null
    // Origin and is refused as before.
    if (isPublic && req.headers.origin === "null" && req.get("sec-fetch-site") === "same-origin") {
      delete req.headers.origin;
    }
    const setHeader = res.setHeader.bind(res);
    res.setHeader = ((name: string, value: number | string | readonly string[]) => {
      const key = name.toLowerCase();
      if (isPublic && key === "set-cookie") return res;
      const forced = FORCED.get(key);
      return setHeader(name, forced ?? value);
    }) as typeof res.setHeader;
    if (typeof res.appendHeader === "function") {
      const appendHeader = res.appendHeader.bind(res);
      res.appendHeader = ((name: string, value: string | readonly string[]) => {
        const key = name.toLowerCase();
        if (isPublic && key === "set-cookie") return res;
        if (FORCED.has(key)) return setHeader(name, FORCED.get(key)!);
        return appendHeader(name, value);
      }) as typeof res.appendHeader;
    }
    for (const [name, value] of Object.entries(ANONYMITY_HEADERS)) setHeader(name, value);
    if (isPublic) setHeader("Content-Security-Policy", strictCsp(String(res.locals.cspNonce ?? "")));
    next();
  };
}

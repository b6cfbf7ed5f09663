import type { Request, RequestHandler, Response } from "express";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { createHash, randomBytes } from "node:crypto";
import zlib from "node:zlib";
import { isbot } from "isbot";
import { readContentVersion, watchContentVersion } from "~/db/content-version.server";
import { nextScheduledPublication } from "~/domain/news/visibility.server";
import { nextBrasiliaMidnight } from "~/lib/dates";
import { log, errorFields } from "~/utils/logger.server";

/**
 * A render cache for anonymous public pages (docs/decisions/101-render-cache.md).
 *
 * A page an anonymous visitor gets is the same for everyone but its CSP nonce. So a cacheable
 * request is rendered once with a placeholder nonce (random per process, letters and digits
 * only, so every context prints it unchanged); then the nonce goes altogether (ADR 301): the
 * placeholder's attributes are removed and the page's CSP allows its inline scripts by their
 * SHA-256 instead (`samePageForAll`). The stored page is the same bytes for everyone, gzipped
 * once, and a hit is one buffer and its headers: no rendering, no compression, no nonce.
 *
 * Never cached: anything but GET; any request carrying a cookie (a session, a flash message, or
 * anything a future feature sets) or an Authorization header; the complaint routes; the staff
 * area; a response that is not 200, sets a cookie, says no-store/private or is not a page (HTML)
 * or a page's data (React Router's turbo-stream).
 *
 * Freshness: entries are tagged with the content version the database bumps on every content
 * write (triggers; NOTIFY to every instance, in-process on PGlite). Besides the notification,
 * the version row is re-read at most every `checkMs` (a missed notification can't keep a page
 * stale for longer), before the first hit after this instance handled a write, and when a
 * scheduled news post's publication time or Brasília midnight (date-based statuses) passes.
 */
export type RenderCacheOptions = {
  /** Re-read the version row at most this often (ms) in the background. */
  checkMs?: number;
  /** Upper bound on an entry's life (ms), whatever the version says. */
  maxAgeMs?: number;
  maxEntries?: number;
  maxBytes?: number;
};

type Entry = {
  version: number;
  expiresAt: number;
  status: number;
  headers: [string, number | string | string[]][];
  /** The body every visitor gets, and the same gzipped once (level 9). */
  plain: Buffer;
  gzip: Buffer;
  /** The page's own CSP (its inline scripts by hash, ADR 301); null: a fresh nonce's, per response. */
  csp: string | null;
  bytes: number;
};

/**
 * The stored page made byte-identical for every visitor (ADR 301): its nonce attributes removed
 * and the CSP's `'nonce-…'` replaced by the SHA-256 of each inline script that carried the nonce,
 * with `'strict-dynamic'` kept, so that the scripts those load are allowed as before. Only the
 * scripts the app rendered with the nonce are hashed: a `<script>` without it (markup injected
 * through content) stays blocked, as it was under the nonce. A hit is then one stored buffer,
 * compressed once, as a static file server sends it. A body without the placeholder (page data, a
 * page without scripts) is kept as it is, under a fresh nonce's CSP per response. Null, and the
 * page is not stored, when anything else stands in the way: the placeholder anywhere but in a
 * script's nonce attribute or a preload link's, a nonce-carrying `<script src>` (a parser-inserted
 * external script needs the nonce under 'strict-dynamic'), or a CSP without the nonce exactly once.
 */
export function samePageForAll(
  body: Buffer,
  placeholder: string,
  csp: string,
  nonce: string,
): { plain: Buffer; csp: string | null } | null {
  const text = body.toString("utf8");
  if (!text.includes(placeholder)) return { plain: body, csp: null };
  const source = `'nonce-${nonce}'`;
  const at = csp.indexOf(source);
  if (!nonce || at < 0 || csp.indexOf(source, at + source.length) >= 0) return null;
  const attribute = ` nonce="${placeholder}"`;
  const hashes = new Set<string>();
  for (const [, attributes, script] of text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    // Not the app's: left unhashed, so the browser refuses it as it refused it without the nonce.
    if (!attributes.includes(attribute)) continue;
    if (/\ssrc\s*=/i.test(attributes) || script.includes(placeholder)) return null;
    // The browser hashes the script's text after the HTML parser's newline normalisation.
    const normalised = script.replace(/\r\n?/g, "\n");
    hashes.add(`'sha256-${createHash("sha256").update(normalised, "utf8").digest("base64")}'`);
  }
  const html = text.replaceAll(attribute, "");
  if (html.includes(placeholder)) return null;
  return { plain: Buffer.from(html, "utf8"), csp: csp.slice(0, at) + [...hashes].join(" ") + csp.slice(at + source.length) };
}

const CACHEABLE_TYPE = /^(text\/html|text\/x-script)\b/i;
const MAX_ENTRY_BYTES = 2 * 1024 * 1024;
// Headers a cached response must not replay: per-response, transport, or ours to set.
const NOT_REPLAYED = new Set([
  "content-security-policy",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "vary",
  "set-cookie",
  "x-render-cache",
]);

/** Paths never served from (or stored in) a shared cache, whatever their response says. */
export function isNeverCachedPath(path: string) {
  let p = path.toLowerCase();
  try {
    p = decodeURIComponent(p);
  } catch {
    return true;
  }
  return (
    p.startsWith("/denuncia") ||
    p === "/dashboard" ||
    p.startsWith("/dashboard/") ||
    p.startsWith("/dashboard.") ||
    p.startsWith("/logout") ||
    p.startsWith("/api/")
  );
}

function eligible(req: Request) {
  return req.method === "GET" && !req.headers.cookie && !req.headers.authorization && !isNeverCachedPath(req.path);
}

const wantsGzip = (req: Request) => req.acceptsEncodings("gzip", "identity") === "gzip";

// isbot's verdict per User-Agent string (a handful of distinct agents make most traffic).
const botVerdicts = new Map<string, boolean>();
function isBotAgent(agent: string) {
  let verdict = botVerdicts.get(agent);
  if (verdict === undefined) {
    verdict = isbot(agent);
    if (botVerdicts.size >= 1000) botVerdicts.clear();
    botVerdicts.set(agent, verdict);
  }
  return verdict;
}

function cacheKey(headers: IncomingHttpHeaders, url: string) {
  const agent = headers["user-agent"] ?? "";
  return `${isBotAgent(agent) ? "bot" : "human"}|${headers.host ?? ""}|${headers["x-forwarded-host"] ?? ""}|${url}`;
}

/** What is known about the content: its version and until when a page rendered now stays right. */
class Freshness {
  version = -1;
  validUntil = 0;
  private checkedAt = 0;
  private mustCheck = true;
  private pending: Promise<void> | null = null;
  private started = false;

  constructor(private checkMs: number) {}

  /** Forces a read of the version before the next hit (a write happened here, or notifications were lost). */
  markStale = () => {
    this.mustCheck = true;
  };

  private start() {
    this.started = true;
    watchContentVersion((v) => {
      if (v !== this.version) this.mustCheck = true;
    }, this.markStale).catch((err) => log.warn("cache de páginas sem notificações; só a verificação periódica", errorFields(err)));
  }

  private refresh() {
    this.pending ??= (async () => {
      this.mustCheck = false;
      try {
        const [version, next] = await Promise.all([readContentVersion(), nextScheduledPublication()]);
        this.version = version;
        const midnight = nextBrasiliaMidnight().getTime();
        this.validUntil = next ? Math.min(next.getTime(), midnight) : midnight;
        this.checkedAt = Date.now();
      } catch (err) {
        // The database is away: serve nothing from the cache until a read succeeds.
        this.version = -1;
        this.mustCheck = true;
        log.warn("cache de páginas: versão do conteúdo ilegível", errorFields(err));
      } finally {
        this.pending = null;
      }
    })();
    return this.pending;
  }

  /**
   * The version to serve under when it is known without waiting; -1 when a read must come first
   * (then the caller takes the slow path, which waits for it).
   */
  peek(): number {
    if (!this.started) return -1;
    const now = Date.now();
    if (this.mustCheck || now >= this.validUntil || this.version < 0) return -1;
    if (now - this.checkedAt >= this.checkMs) void this.refresh();
    return this.version;
  }

  /** The version to serve and store under; -1 when unknown (then nothing is cached). */
  async current(): Promise<number> {
    if (!this.started) this.start();
    const now = Date.now();
    if (this.mustCheck || now >= this.validUntil || this.version < 0) await this.refresh();
    else if (now - this.checkedAt >= this.checkMs) void this.refresh();
    return this.version;
  }
}

/** The body with every placeholder replaced by the response's real nonce (a page not stored). */
function withNonce(body: Buffer, marker: Buffer, nonce: string) {
  const parts: Buffer[] = [];
  const real = Buffer.from(nonce);
  let from = 0;
  for (let at = body.indexOf(marker, from); at !== -1; at = body.indexOf(marker, from)) {
    parts.push(body.subarray(from, at), real);
    from = at + marker.length;
  }
  parts.push(body.subarray(from));
  return Buffer.concat(parts);
}

class Store {
  private entries = new Map<string, Entry>();
  private bytes = 0;
  constructor(
    private maxEntries: number,
    private maxBytes: number,
  ) {}

  get(key: string, version: number, now: number) {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.version !== version || now >= e.expiresAt) {
      this.delete(key);
      return undefined;
    }
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, e);
    return e;
  }

  set(key: string, e: Entry) {
    this.delete(key);
    this.entries.set(key, e);
    this.bytes += e.bytes;
    for (const [k] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.delete(k);
    }
  }

  /** Drops entries of other versions (they can never be served again). */
  keepOnly(version: number) {
    for (const [k, e] of this.entries) if (e.version !== version) this.delete(k);
  }

  private delete(key: string) {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.bytes -= e.bytes;
  }
}

/**
 * Whether a raw request's Accept-Encoding picks gzip over identity, when that is plain to see:
 * true/false for a missing header or a plain list of codings; undefined for anything with
 * q-values or a wildcard (the caller then leaves it to Express's negotiation).
 */
export function plainGzipChoice(header: string | undefined): boolean | undefined {
  if (header === undefined) return false;
  if (header.includes(";") || header.includes("*")) return undefined;
  for (const coding of header.split(",")) if (coding.trim().toLowerCase() === "gzip") return true;
  return false;
}

function send(res: ServerResponse, gzip: boolean, entry: Entry, state: "hit" | "miss") {
  res.statusCode = entry.status;
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  res.setHeader("Vary", "Accept-Encoding");
  res.setHeader("X-Render-Cache", state);
  if (entry.csp) res.setHeader("Content-Security-Policy", entry.csp);
  if (gzip) res.setHeader("Content-Encoding", "gzip");
  const body = gzip ? entry.gzip : entry.plain;
  res.setHeader("Content-Length", body.length);
  res.end(body);
}

export type RenderCache = {
  /** The Express middleware: mount it right before React Router's request handler. */
  middleware: RequestHandler;
  /**
   * The hit path, for the raw Node request before Express sees it: when a stored page can be
   * served without waiting for anything, sets the security headers (`securityHeaders`, with the
   * page's own CSP when it has one), sends the page and returns true. Otherwise touches nothing
   * and returns false, and the request goes through Express (and `middleware`) as before.
   */
  serveHit: (req: IncomingMessage, res: ServerResponse, securityHeaders: (res: ServerResponse, csp?: string) => string) => boolean;
};

export function renderCache(options: RenderCacheOptions = {}): RenderCache {
  const freshness = new Freshness(options.checkMs ?? 1000);
  const store = new Store(options.maxEntries ?? 500, options.maxBytes ?? 64 * 1024 * 1024);
  const maxAgeMs = options.maxAgeMs ?? 5 * 60 * 1000;
  const inflight = new Map<string, Promise<Entry | null>>();
  // Paths already reported as not storable (ADR 301): one warning each, not one per request.
  const unstorable = new Set<string>();
  // Random per process and never sent (every occurrence is replaced), so page content can't forge it.
  const placeholder = `rcnonce${randomBytes(16).toString("hex")}`;
  const marker = Buffer.from(placeholder);
  let lastVersion = -1;

  const serveHit: RenderCache["serveHit"] = (req, res, securityHeaders) => {
    const url = req.url ?? "";
    const headers = req.headers;
    if (req.method !== "GET" || headers.cookie || headers.authorization) return false;
    const q = url.indexOf("?");
    const path = q === -1 ? url : url.slice(0, q);
    if (!path.startsWith("/") || isNeverCachedPath(path)) return false;
    const gzip = plainGzipChoice(headers["accept-encoding"] as string | undefined);
    if (gzip === undefined) return false;
    const version = freshness.peek();
    if (version < 0 || version !== lastVersion) return false;
    const entry = store.get(cacheKey(headers, url), version, Date.now());
    if (!entry) return false;
    const start = process.hrtime.bigint();
    // A page the same for everyone brings its own CSP (hashes): no nonce is drawn for it (ADR 301).
    securityHeaders(res, entry.csp ?? undefined);
    send(res, gzip, entry, "hit");
    log.info("http", { method: "GET", path, status: entry.status, ms: Number((process.hrtime.bigint() - start) / 1_000_000n) });
    return true;
  };

  const middleware: RequestHandler = async (req, res, next) => {
    if (!eligible(req)) {
      res.setHeader("X-Render-Cache", "bypass");
      // A write handled here: the next hit checks the version first (read-your-writes on this instance).
      if (req.method !== "GET" && req.method !== "HEAD") res.once("finish", freshness.markStale);
      return next();
    }
    const nonce = String(res.locals.cspNonce ?? "");
    let version: number;
    try {
      version = await freshness.current();
    } catch (err) {
      return next(err);
    }
    if (version !== lastVersion) {
      store.keepOnly(version);
      lastVersion = version;
    }
    if (version < 0 || !nonce) {
      res.setHeader("X-Render-Cache", "bypass");
      return next();
    }
    const key = cacheKey(req.headers, req.originalUrl);
    const cached = store.get(key, version, Date.now());
    if (cached) return send(res, wantsGzip(req), cached, "hit");

    const running = inflight.get(key);
    if (running) {
      // Someone is rendering this page right now: share the result instead of rendering it again.
      const entry = await running;
      if (entry && !res.writableEnded) return send(res, wantsGzip(req), entry, "hit");
      res.setHeader("X-Render-Cache", "bypass");
      return next();
    }

    let settle: (e: Entry | null) => void = () => {};
    inflight.set(key, new Promise<Entry | null>((resolve) => (settle = resolve)));
    const done = (entry: Entry | null) => {
      inflight.delete(key);
      settle(entry);
    };
    capture(req, res, {
      placeholder,
      marker,
      nonce,
      onStore: (body, status, headers, csp) => {
        const page = samePageForAll(body, placeholder, csp, nonce);
        if (!page) {
          if (!unstorable.has(req.path)) {
            if (unstorable.size >= 1000) unstorable.clear();
            unstorable.add(req.path);
            log.warn("cache de páginas: página não guardada (não pode ser a mesma para todos)", { path: req.path });
          }
          done(null);
          return null;
        }
        const gzip = zlib.gzipSync(page.plain, { level: 9 });
        const entry: Entry = {
          version,
          expiresAt: Math.min(Date.now() + maxAgeMs, freshness.validUntil),
          status,
          headers,
          plain: page.plain,
          gzip,
          csp: page.csp,
          bytes: page.plain.length + gzip.length,
        };
        store.set(key, entry);
        done(entry);
        return entry;
      },
      onSkip: () => done(null),
    });
    next();
  };

  return { middleware, serveHit };
}

type CaptureHooks = {
  placeholder: string;
  marker: Buffer;
  nonce: string;
  /** Stores the page and returns its entry, or null when it is not stored (sent as rendered). */
  onStore: (body: Buffer, status: number, headers: Entry["headers"], csp: string) => Entry | null;
  onSkip: () => void;
};

/**
 * Renders this request with the placeholder nonce and holds the body until it ends. Then: a
 * cacheable page is stored and sent like a hit; anything else is sent as rendered, with the real
 * nonce put back. A response that is not a page nor page data (files, JSON, feeds) streams
 * through untouched from its first byte.
 */
function capture(req: Request, res: Response, hooks: CaptureHooks) {
  res.locals.cspNonce = hooks.placeholder;
  const headersBefore = new Set(res.getHeaderNames());
  const chunks: Buffer[] = [];
  let size = 0;
  let mode: "undecided" | "buffer" | "through" = "undecided";
  let finished = false;
  const original = { write: res.write, end: res.end, flush: (res as { flush?: () => void }).flush };
  const restore = () => {
    res.write = original.write;
    res.end = original.end;
    (res as { flush?: () => void }).flush = original.flush;
  };
  const skip = () => {
    if (finished) return;
    finished = true;
    hooks.onSkip();
  };
  res.once("close", skip);

  const decide = () => {
    if (mode !== "undecided") return mode;
    const type = String(res.getHeader("content-type") ?? "");
    mode = CACHEABLE_TYPE.test(type) ? "buffer" : "through";
    if (mode === "through") {
      restore();
      skip();
    }
    return mode;
  };
  const toBuffer = (chunk: unknown, encoding?: unknown) =>
    Buffer.isBuffer(chunk)
      ? chunk
      : typeof chunk === "string"
        ? Buffer.from(chunk, (typeof encoding === "string" ? encoding : "utf8") as BufferEncoding)
        : Buffer.from(chunk as Uint8Array);

  res.write = function write(this: Response, chunk: unknown, encoding?: unknown, cb?: unknown) {
    if (decide() === "through") return (original.write as (...a: unknown[]) => boolean).call(res, chunk, encoding, cb);
    const buf = toBuffer(chunk, encoding);
    chunks.push(buf);
    size += buf.length;
    const callback = typeof encoding === "function" ? encoding : cb;
    if (typeof callback === "function") process.nextTick(callback as () => void);
    return true;
  } as typeof res.write;
  (res as { flush?: () => void }).flush = () => {};

  res.end = function end(this: Response, chunk?: unknown, encoding?: unknown, cb?: unknown) {
    if (typeof chunk === "function") [chunk, cb] = [undefined, chunk];
    if (typeof encoding === "function") [encoding, cb] = [undefined, encoding];
    if (decide() === "through") return (original.end as (...a: unknown[]) => Response).call(res, chunk, encoding, cb);
    if (chunk != null) {
      const buf = toBuffer(chunk, encoding);
      chunks.push(buf);
      size += buf.length;
    }
    restore();
    const body = Buffer.concat(chunks, size);
    const cacheControl = String(res.getHeader("cache-control") ?? "");
    const cacheable =
      res.statusCode === 200 &&
      !res.hasHeader("set-cookie") &&
      !/no-store|private/i.test(cacheControl) &&
      body.length <= MAX_ENTRY_BYTES &&
      !res.headersSent;
    if (cacheable && !finished) {
      finished = true;
      const headers: Entry["headers"] = [];
      for (const name of res.getHeaderNames()) {
        if (headersBefore.has(name) || NOT_REPLAYED.has(name)) continue;
        headers.push([name, res.getHeader(name) as number | string | string[]]);
      }
      const entry = hooks.onStore(body, res.statusCode, headers, String(res.getHeader("content-security-policy") ?? ""));
      if (entry) {
        send(res, wantsGzip(req), entry, "miss");
        if (typeof cb === "function") res.once("finish", cb as () => void);
        return res;
      }
    } else {
      skip();
    }
    res.setHeader("X-Render-Cache", "bypass");
    return (original.end as (...a: unknown[]) => Response).call(res, withNonce(body, hooks.marker, hooks.nonce), cb);
  } as typeof res.end;
}

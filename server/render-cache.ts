import type { Request, RequestHandler, Response } from "express";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { randomBytes } from "node:crypto";
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
 * only, so every context prints it unchanged); the result is stored split at the placeholder,
 * raw and as deflate segments, and each response splices its own nonce in — the same one its
 * Content-Security-Policy header carries. Gzip responses are assembled from the precompressed
 * segments plus a stored block per nonce, so a hit costs no rendering and no compression.
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
  /** The body split at each placeholder. */
  raw: Buffer[];
  /** The same segments deflated; all but the last end byte-aligned (sync flush), the last is final. */
  deflated: Buffer[];
  /** The uncompressed size of the body without its nonces. */
  rawSize: number;
  /** The gzip trailer's CRC-32 parts, per nonce length (`nonceCrc`). */
  nonceCrc: Map<number, NonceCrc>;
  bytes: number;
};

const CACHEABLE_TYPE = /^(text\/html|text\/x-script)\b/i;
const MAX_ENTRY_BYTES = 2 * 1024 * 1024;
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
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

/** Splits `body` at every occurrence of `marker`. */
function split(body: Buffer, marker: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(marker, from); at !== -1; at = body.indexOf(marker, from)) {
    parts.push(body.subarray(from, at));
    from = at + marker.length;
  }
  parts.push(body.subarray(from));
  return parts;
}

/** A deflate stored (uncompressed) block holding `data`; starts on a byte boundary, not final. */
function storedBlock(data: Buffer) {
  const head = Buffer.alloc(5);
  head[0] = 0x00;
  head.writeUInt16LE(data.length, 1);
  head.writeUInt16LE(~data.length & 0xffff, 3);
  return [head, data];
}

/*
 * The gzip trailer's CRC-32 without reading the page again for every response. A hit used to run
 * CRC-32 over the whole page (54 kB for /) only because its nonce differs: a fifth of a hit's CPU
 * in a profile (issue 24 §1). CRC-32 is affine over GF(2): for two messages of the same length,
 * crc(A) ⊕ crc(B) = L(A ⊕ B), L linear. The page with nonce N differs from the page with zero
 * bytes in the nonce's places (crc0, computed once per entry) only at those places, and a run of
 * bytes followed by `k` more bytes contributes x^(8k)·L(run) mod P. All places hold the same N, so
 * crc(page with N) = crc0 ⊕ (S · L(N)) with S = ⊕ x^(8k_i) mod P over the places (once per entry)
 * and L(N) = crc32(N) ⊕ crc32(zeros): per response, a CRC of the 24-byte nonce and one product.
 * (zlib's crc32_combine arithmetic, which Node does not expose.)
 */
const CRC_POLY = 0xedb88320;

/** a · b modulo the CRC polynomial (reflected bit order, as zlib's multmodp). */
function multModP(a: number, b: number): number {
  if (a === 0) return 0;
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ CRC_POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) mod P for k = 0…31. */
const X2N: number[] = [];
for (let k = 0, p = 0x40000000; k < 32; k++, p = multModP(p, p)) X2N.push(p);

/** x^(8·bytes) mod P: what `bytes` more bytes after a run do to its contribution. */
function crcShift(bytes: number): number {
  let p = 0x80000000;
  for (let n = bytes, k = 3; n > 0; n = Math.floor(n / 2), k++) if (n & 1) p = multModP(X2N[k & 31], p);
  return p;
}

type NonceCrc = { crc0: number; places: number; zerosCrc: number };

/** crc0 and S of an entry for nonces of `length` bytes (computed on its first hit). */
function nonceCrc(entry: Entry, length: number): NonceCrc {
  let known = entry.nonceCrc.get(length);
  if (known) return known;
  const zeros = Buffer.alloc(length);
  let crc0 = 0;
  let places = 0;
  let after = 0;
  for (let i = entry.raw.length - 1; i >= 0; i--) {
    if (i < entry.raw.length - 1) {
      places ^= crcShift(after);
      after += length;
    }
    after += entry.raw[i].length;
  }
  entry.raw.forEach((seg, i) => {
    if (i > 0) crc0 = zlib.crc32(zeros, crc0);
    crc0 = zlib.crc32(seg, crc0);
  });
  known = { crc0, places, zerosCrc: zlib.crc32(zeros) };
  entry.nonceCrc.set(length, known);
  return known;
}

/**
 * The length of every nonce (16 random bytes in base64, server/security.ts): the segments are
 * deflated for nonces of this length (`deflateSegments`).
 */
const NONCE_LENGTH = 24;

/**
 * The segments as one gzip body's deflate blocks, all but the last ending byte-aligned (sync
 * flush). Each segment after the first is deflated with the text before it as its dictionary,
 * with NUL bytes where the nonces will stand (ADR 299): its back-references then reach into the
 * page before it, as one stream's would, and never into a nonce (the page has no NUL byte to
 * match). Deflated alone, each segment started with an empty window, and a hit weighed ~3 kB more
 * than nginx's gzip of the same page (/ 14.9 kB against 12.0 kB).
 */
function deflateSegments(raw: Buffer[]) {
  const gap = Buffer.alloc(NONCE_LENGTH);
  let before = Buffer.alloc(0);
  return raw.map((seg, i) => {
    const finishFlush = i === raw.length - 1 ? zlib.constants.Z_FINISH : zlib.constants.Z_SYNC_FLUSH;
    const out = zlib.deflateRawSync(seg, { level: 9, finishFlush, ...(i > 0 ? { dictionary: before.subarray(-32_768) } : {}) });
    before = Buffer.concat([before.subarray(-32_768), seg, gap]);
    return out;
  });
}

function gzipWithNonce(entry: Entry, nonce: Buffer) {
  const parts: Buffer[] = [GZIP_HEADER];
  const last = entry.raw.length - 1;
  parts.push(entry.deflated[0]);
  for (let i = 1; i <= last; i++) parts.push(...storedBlock(nonce), entry.deflated[i]);
  const { crc0, places, zerosCrc } = nonceCrc(entry, nonce.length);
  const crc = (crc0 ^ multModP(places, (zlib.crc32(nonce) ^ zerosCrc) >>> 0)) >>> 0;
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE((entry.rawSize + last * nonce.length) >>> 0, 4);
  parts.push(trailer);
  return Buffer.concat(parts);
}

function plainWithNonce(raw: Buffer[], nonce: Buffer) {
  const parts: Buffer[] = [];
  raw.forEach((seg, i) => {
    if (i > 0) parts.push(nonce);
    parts.push(seg);
  });
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

function send(res: ServerResponse, gzip: boolean, entry: Entry, nonce: string, state: "hit" | "miss") {
  const nonceBytes = Buffer.from(nonce);
  res.statusCode = entry.status;
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  res.setHeader("Vary", "Accept-Encoding");
  res.setHeader("X-Render-Cache", state);
  // The deflated segments' back-references assume nonces of NONCE_LENGTH bytes (every nonce is):
  // any other length gets the page uncompressed rather than a corrupt body.
  const gzipped = gzip && nonceBytes.length === NONCE_LENGTH;
  const body = gzipped ? gzipWithNonce(entry, nonceBytes) : plainWithNonce(entry.raw, nonceBytes);
  if (gzipped) res.setHeader("Content-Encoding", "gzip");
  res.setHeader("Content-Length", body.length);
  res.end(body);
}

export type RenderCache = {
  /** The Express middleware: mount it right before React Router's request handler. */
  middleware: RequestHandler;
  /**
   * The hit path, for the raw Node request before Express sees it: when a stored page can be
   * served without waiting for anything, sets the security headers (`securityHeaders`, which
   * returns the fresh nonce), sends the page and returns true. Otherwise touches nothing and
   * returns false, and the request goes through Express (and `middleware`) as before.
   */
  serveHit: (req: IncomingMessage, res: ServerResponse, securityHeaders: (res: ServerResponse) => string) => boolean;
};

export function renderCache(options: RenderCacheOptions = {}): RenderCache {
  const freshness = new Freshness(options.checkMs ?? 1000);
  const store = new Store(options.maxEntries ?? 500, options.maxBytes ?? 64 * 1024 * 1024);
  const maxAgeMs = options.maxAgeMs ?? 5 * 60 * 1000;
  const inflight = new Map<string, Promise<Entry | null>>();
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
    send(res, gzip, entry, securityHeaders(res), "hit");
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
    if (cached) return send(res, wantsGzip(req), cached, nonce, "hit");

    const running = inflight.get(key);
    if (running) {
      // Someone is rendering this page right now: share the result instead of rendering it again.
      const entry = await running;
      if (entry && !res.writableEnded) return send(res, wantsGzip(req), entry, nonce, "hit");
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
      onStore: (raw, status, headers) => {
        const deflated = deflateSegments(raw);
        const bytes = raw.reduce((n, b) => n + b.length, 0) + deflated.reduce((n, b) => n + b.length, 0);
        const entry: Entry = {
          version,
          expiresAt: Math.min(Date.now() + maxAgeMs, freshness.validUntil),
          status,
          headers,
          raw,
          deflated,
          nonceCrc: new Map(),
          rawSize: raw.reduce((n, b) => n + b.length, 0),
          bytes,
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
  onStore: (raw: Buffer[], status: number, headers: Entry["headers"]) => Entry;
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
    const raw = split(body, hooks.marker);
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
      const entry = hooks.onStore(raw, res.statusCode, headers);
      send(res, wantsGzip(req), entry, hooks.nonce, "miss");
      if (typeof cb === "function") res.once("finish", cb as () => void);
      return res;
    }
    skip();
    res.setHeader("X-Render-Cache", "bypass");
    return (original.end as (...a: unknown[]) => Response).call(res, plainWithNonce(raw, Buffer.from(hooks.nonce)), cb);
  } as typeof res.end;
}

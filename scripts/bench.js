// `npm run bench`: builds if needed, then measures the production build under load, side by side
// with nginx serving the same bytes, and prints ONE JSON line (progress goes to stderr):
//   - per public page (/, /convencoes, /noticias, /parceiros): requests per second, p50 and p99
//     latency at 50 connections (autocannon, `Accept-Encoding: gzip`) on PostgreSQL (a throwaway
//     database on BENCH_DATABASE_URL's server, dropped after) and on PGlite (a temp dir), each with
//     its ratio to nginx serving the page's bytes (saved from the app first) as a static file;
//   - the server's resident memory after its run, and one idle request to /login (median of 20);
//   - requests per second of `/` through HAProxy with one and with two instances (PostgreSQL);
//   - the home page's first-load JavaScript in kB gzip (scripts fetched before `load`), and all of
//     it once idle with React DOM (public pages hydrate lazily), before the map (Chromium);
//   - Lighthouse mobile scores of the public pages, and of the field screens signed in as campo
//     (the campo panel, criar-rota, executar-rota: scores, LCP and JS transferred; a table of
//     target and met on stderr, `lighthouseCampo` in the JSON line);
//   - `scale`: the whole union at full size on PostgreSQL (bench/scale/run.ts; BENCH_SKIP_SCALE=1
//     skips it, BENCH_SCALE=0.1 seeds a tenth).
//   - `imports`: spreadsheet imports against a production server — hostile files uploaded at once
//     (RSS, event loop, /login p99) and a legitimate 50,000-row members file (bench/imports/run.ts,
//     `npm run bench:imports`; BENCH_SKIP_IMPORTS=1 skips it).
// Targets (figures, not tests — the script exits 0 either way): PostgreSQL ≥ 40 % of nginx on
// every page, PGlite ≥ 25 %, p99 ≤ 100 ms, RSS ≤ 250 MB, home JS ≤ 100 kB gzip with no Leaflet
// before the map, Lighthouse a11y/best-practices/SEO 100 and performance ≥ 95 (`targetsMet`);
// and issue 24's, printed as a table (figure, value, target, met) and in the line's `checks`:
// ≥ 0.9 of nginx with p99 ≤ 20 ms on both databases, RSS ≤ 250 MB per server process, and on
// the field screens signed in as campo (§3) performance ≥ 98, best practices 100, LCP ≤ 2.0 s
// and JS transferred ≤ 150 kB.
// On PostgreSQL the server runs BENCH_WEB_CONCURRENCY processes (default 2, as nginx runs a worker
// per core; WEB_CONCURRENCY, ADR 286); PGlite is one process's database.
//
// Options (environment): BENCH_DURATION (s per page, default 8), BENCH_CONNECTIONS (50),
// BENCH_PAGES (comma list), BENCH_DATABASES ("postgres,pglite"), BENCH_DATABASE_URL
// (default postgres://postgres@127.0.0.1:5432/postgres), BENCH_SKIP_LIGHTHOUSE=1,
// BENCH_SKIP_JS=1, BENCH_SKIP_NGINX=1, BENCH_LIGHTHOUSE_DIR (keeps each report), BENCH_SKIP_HAPROXY=1, CHROME_PATH, BUILD_DIR.
// nginx and haproxy come from Debian (installed with apt-get when missing and running as root).
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import zlib from "node:zlib";
import { buildIfNeeded } from "./build-if-needed.js";
import {
  childPids,
  createThrowawayPostgres,
  ensureDebianPackage,
  HAPROXY,
  NGINX,
  startBareNode,
  startHaproxy,
  startInstance,
  startNginx,
} from "./lib/cluster.js";
import { setTimeout as sleep } from "node:timers/promises";
import { tsImport } from "tsx/esm/api";
import { targetsTable } from "./lib/targets-table.js";
import { CHROME_FLAGS, chromePath } from "./lib/chrome.js";

const CHROME = chromePath();
const list = (v, d) =>
  (v ?? d)
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean);
const PAGES = list(process.env.BENCH_PAGES, "/,/convencoes,/noticias,/parceiros");
const DATABASES = list(process.env.BENCH_DATABASES, "postgres,pglite");
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
// Server processes on PostgreSQL (WEB_CONCURRENCY, ADR 286): nginx runs a worker per core too.
const WEB_CONCURRENCY = Number(process.env.BENCH_WEB_CONCURRENCY ?? 2);
const skip = (name) => process.env[`BENCH_SKIP_${name}`] === "1";

const say = (msg) => process.stderr.write(`[bench] ${msg}\n`);
const round = (n, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

// Response headers nginx repeats so it sends what the app sends (transport headers excluded): the
// app's own security headers (server/security.ts; HSTS is sent over HTTPS only, so not here) and cache-control.
const { SECURITY_HEADERS } = await tsImport("../server/security.ts", import.meta.url);
const COPIED_HEADERS = [...SECURITY_HEADERS, "cache-control"];

/**
 * The home page's JavaScript in Chromium, before anything is scrolled (so before the map):
 * `homeJsKbGzip` counts the scripts whose fetch began before the page's `load` event (its first
 * load); `homeJsKbGzipAfterIdle` every script fetched by the time the network is idle, React DOM
 * included, which public pages fetch only once the browser is idle after `load` or at the first
 * interaction (docs/decisions/105-home-first-load-js-floor.md).
 */
export async function measureHomeJs(base) {
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_FLAGS, headless: true });
  try {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "pt-BR" });
    const page = await ctx.newPage();
    const scripts = [];
    page.on("requestfinished", async (req) => {
      const res = await req.response();
      if (!res || req.resourceType() !== "script") return;
      const sizes = await req.sizes().catch(() => ({ responseBodySize: 0 }));
      scripts.push({ url: req.url(), transferred: sizes.responseBodySize, encoding: res.headers()["content-encoding"] ?? "identity" });
    });
    await page.goto(`${base}/`, { waitUntil: "networkidle" });
    await page.waitForTimeout(500);
    const beforeLoad = new Set(
      await page.evaluate(() => {
        const load = performance.getEntriesByType("navigation")[0].loadEventStart;
        return performance
          .getEntriesByType("resource")
          .filter((e) => e.startTime < load)
          .map((e) => e.name);
      }),
    );
    const all = [...new Set(scripts.map((s) => s.url))];
    const first = all.filter((u) => beforeLoad.has(u));
    const sizes = new Map();
    for (const url of all) {
      // The exact bytes the browser got, gzipped (level 9) — the figure the target is set in.
      const body = Buffer.from(await (await fetch(url, { headers: { "Accept-Encoding": "identity" } })).arrayBuffer());
      sizes.set(url, { raw: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length });
    }
    const sum = (urls, k) => urls.reduce((n, u) => n + sizes.get(u)[k], 0);
    const transferred = scripts.filter((s) => beforeLoad.has(s.url)).reduce((n, s) => n + s.transferred, 0);
    const leaflet = all.filter((u) => /leaflet/i.test(u)).length;
    await ctx.close();
    return {
      homeJsKbGzip: round(sum(first, "gzip") / 1024),
      homeJsKbTransferred: round(transferred / 1024),
      homeJsKbRaw: round(sum(first, "raw") / 1024),
      homeJsFiles: first.length,
      homeJsKbGzipAfterIdle: round(sum(all, "gzip") / 1024),
      homeJsFilesAfterIdle: all.length,
      homeJsEncoding: [...new Set(scripts.map((s) => s.encoding))].join(","),
      leafletBeforeMap: leaflet,
    };
  } finally {
    await browser.close();
  }
}

async function load(url) {
  const { default: autocannon } = await import("autocannon");
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers: { "accept-encoding": "gzip" } });
  return {
    rps: round(result.requests.average, 0),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    // What each answer weighed on the wire (headers and body), so legs that send different bytes
    // are told apart from legs that work harder (ADR 299).
    bytesPerResponse: result.requests.total > 0 ? Math.round(result.throughput.total / result.requests.total) : null,
  };
}

/** One request at a time on an idle server: the median of 20 (after the warm-up). */
async function idleMs(url) {
  const times = [];
  for (let i = 0; i < 20; i++) {
    const t = process.hrtime.bigint();
    await (await fetch(url)).arrayBuffer();
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  times.sort((a, b) => a - b);
  return round(times[10], 1);
}

async function warm(base) {
  for (let i = 0; i < 3; i++) for (const p of [...PAGES, "/login"]) await (await fetch(base + p)).arrayBuffer();
}

/** The page as an anonymous visitor gets it: body and the headers nginx should repeat. */
async function snapshot(base) {
  const files = {};
  for (const p of PAGES) {
    const res = await fetch(base + p, { headers: { "accept-encoding": "identity" } });
    const headers = {};
    for (const h of COPIED_HEADERS) if (res.headers.get(h)) headers[h] = res.headers.get(h);
    files[p] = { body: Buffer.from(await res.arrayBuffer()), headers };
  }
  return files;
}

async function lighthouseScores(base, pages = PAGES, options = {}) {
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const scores = {};
  for (const p of pages) {
    // A run that errors inside Lighthouse (a category scored null, e.g. a lost trace) is retried,
    // up to three attempts; a real low score is kept as measured.
    for (let attempt = 1; attempt <= 3; attempt++) {
      scores[p] = await lighthouseOnce(lighthouse, chromeLauncher, `${base}${p}`, p, options);
      if (CATEGORY_KEYS.every((k) => !(k in scores[p]) || scores[p][k] !== null)) break;
      say(`lighthouse ${p}: categoria sem nota (erro do Lighthouse), tentativa ${attempt} de 3`);
    }
  }
  return scores;
}

const CATEGORIES = { performance: "performance", accessibility: "accessibility", bestPractices: "best-practices", seo: "seo" };
const CATEGORY_KEYS = Object.keys(CATEGORIES);

/**
 * One Lighthouse run (mobile: its default emulation and simulated slow 4G). `extraHeaders` go with
 * every request of the page (the campo session's cookie); `categories` the keys of CATEGORIES to
 * score; `metrics` adds the page's LCP (ms) and the JavaScript it transferred (kB, the resource
 * summary's scripts, as compressed on the wire).
 */
async function lighthouseOnce(lighthouse, chromeLauncher, url, p, { extraHeaders, categories = CATEGORY_KEYS, metrics = false } = {}) {
  // A fresh Chromium per page: no warm cache carried between pages.
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  try {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: categories.map((k) => CATEGORIES[k]),
        ...(extraHeaders ? { extraHeaders } : {}),
      },
      undefined,
    );
    // BENCH_LIGHTHOUSE_DIR=dir keeps each report (what a low score is made of).
    if (process.env.BENCH_LIGHTHOUSE_DIR)
      fs.writeFileSync(path.join(process.env.BENCH_LIGHTHOUSE_DIR, `${p.replace(/\W+/g, "_") || "_"}.json`), JSON.stringify(result.lhr));
    const c = result.lhr.categories;
    const s = (k) => (c[k]?.score == null ? null : Math.round(c[k].score * 100));
    const scores = Object.fromEntries(categories.map((k) => [k, s(CATEGORIES[k])]));
    if (metrics) {
      const audits = result.lhr.audits;
      const lcp = audits["largest-contentful-paint"]?.numericValue;
      const script = audits["resource-summary"]?.details?.items?.find((i) => i.resourceType === "script");
      scores.lcpMs = lcp == null ? null : Math.round(lcp);
      scores.jsKb = script ? round(script.transferSize / 1024) : null;
      scores.jsFiles = script?.requestCount ?? null;
      // The page Lighthouse ended on: a redirect to /login would measure the wrong page.
      scores.finalUrl = new URL(result.lhr.finalDisplayedUrl ?? result.lhr.finalUrl).pathname;
    }
    const failing = Object.values(result.lhr.audits)
      .filter(
        (a) =>
          a.score !== null &&
          a.score < 1 &&
          a.scoreDisplayMode !== "informative" &&
          a.scoreDisplayMode !== "manual" &&
          a.scoreDisplayMode !== "notApplicable",
      )
      .map((a) => `${a.id}=${a.score}`);
    say(`lighthouse ${p}: ${JSON.stringify(scores)}${failing.length ? `  (abaixo de 1: ${failing.join(", ")})` : ""}`);
    return scores;
  } finally {
    await chrome.kill();
  }
}

// Field screens on a phone (issue 24 §3): Lighthouse mobile signed in as the demo campo user, on
// the campo panel, criar-rota and executar-rota (the demo seeds routes for today; the bench checks
// that executar-rota lists one, and creates one through criar-rota's form otherwise).
const FIELD_USER = { username: "campo", password: "Demo@2026" };
const FIELD_PAGES = ["/dashboard/campo", "/dashboard/campo/criar-rota", "/dashboard/campo/executar-rota"];
// Issue 24 §3's targets on each field page (a page Lighthouse did not end on, e.g. sent to
// /login, meets none).
const FIELD_TARGETS = [
  { key: "performance", figure: "desempenho", target: "≥ 98", unit: "", met: (v) => v >= 98 },
  { key: "bestPractices", figure: "boas práticas", target: "100", unit: "", met: (v) => v === 100 },
  { key: "lcpMs", figure: "LCP", target: "≤ 2000", unit: "ms", met: (v) => v <= 2000 },
  { key: "jsKb", figure: "JS transferido", target: "≤ 150", unit: "kB", met: (v) => v <= 150 },
];

/** Signs in through the login form as a staff user without a second factor: the session cookie ("sid=…"). */
export async function signInCookie(base, { username, password }) {
  const res = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username, password, redirectTo: "" }),
  });
  const sid = res.headers.getSetCookie().find((c) => /^(__Host-)?sid=/.test(c));
  if (res.status !== 302 || !sid) throw new Error(`login de ${username} falhou (${res.status})`);
  return sid.split(";")[0];
}

/** There is a route for executar-rota to show: the demo's, or one made now through criar-rota's form. */
async function ensureFieldRoute(base, cookie) {
  const html = await (await fetch(`${base}/dashboard/campo/executar-rota`, { headers: { Cookie: cookie } })).text();
  if (html.includes('data-testid="route-')) return;
  say("executar-rota sem rotas: criando uma em criar-rota…");
  const today = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
  const res = await fetch(`${base}/dashboard/campo/criar-rota`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      intent: "create",
      name: "Visita de bancada",
      description: "Rota criada pelo benchmark para a medição do celular.",
      cep: "70077900",
      address: "SDN Conjunto A, Asa Norte, Brasília/DF",
      affiliates: "5",
      routeDate: today,
    }),
  });
  const after = await (await fetch(`${base}/dashboard/campo/executar-rota`, { headers: { Cookie: cookie } })).text();
  if (!after.includes('data-testid="route-')) say(`não consegui criar a rota (${res.status}): executar-rota medida vazia`);
}

/** A solid 256×256 PNG: the map tile the bench's tile server answers with. */
function solidPng(size = 256, rgb = [226, 232, 240]) {
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", header),
    chunk("IDAT", pixels),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * The map tiles on loopback: this machine's closed network cannot reach the tile host, and a
 * phone can, so the field pages are measured with tiles that load (every one the same plain PNG,
 * cached like the tile host's) rather than with failed requests in the console.
 */
export async function startTileServer() {
  const png = solidPng();
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "image/png", "Content-Length": png.length, "Cache-Control": "public, max-age=604800" });
    res.end(png);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return { template: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`, stop: () => new Promise((resolve) => server.close(resolve)) };
}

/** Lighthouse mobile on the field pages, signed in as campo: per page its scores, LCP and JS (issue24Checks judges them). */
export async function fieldLighthouse(base) {
  const cookie = await signInCookie(base, FIELD_USER);
  await ensureFieldRoute(base, cookie);
  for (const p of FIELD_PAGES) await (await fetch(base + p, { headers: { Cookie: cookie } })).arrayBuffer();
  const pages = await lighthouseScores(base, FIELD_PAGES, {
    extraHeaders: { Cookie: cookie },
    categories: ["performance", "accessibility", "bestPractices"],
    metrics: true,
  });
  return { user: FIELD_USER.username, pages };
}

function targetsMet({ pages, rssMb, js, lh }) {
  const legs = (db) =>
    Object.values(pages)
      .map((p) => p[db])
      .filter(Boolean);
  const lhPages = Object.values(lh ?? {});
  const t = {
    postgresRatio: legs("postgres").length > 0 && legs("postgres").every((l) => l.ratio !== null && l.ratio >= 0.4),
    pgliteRatio: legs("pglite").length > 0 && legs("pglite").every((l) => l.ratio !== null && l.ratio >= 0.25),
    p99: [...legs("postgres"), ...legs("pglite")].every((l) => l.p99Ms <= 100),
    rss: Object.values(rssMb).length > 0 && Object.values(rssMb).every((mb) => mb !== null && mb <= 250),
    errors: [...legs("postgres"), ...legs("pglite")].every((l) => l.errors === 0),
  };
  if (js) t.homeJs = js.homeJsKbGzip <= 100 && js.leafletBeforeMap === 0;
  if (lh) {
    t.performance = lhPages.length > 0 && lhPages.every((s) => s.performance >= 95);
    t.accessibility = lhPages.length > 0 && lhPages.every((s) => s.accessibility === 100);
    t.bestPractices = lhPages.length > 0 && lhPages.every((s) => s.bestPractices === 100);
    t.seo = lhPages.length > 0 && lhPages.every((s) => s.seo === 100);
  }
  return t;
}

async function benchDatabase(db, out, state) {
  let pgDb;
  let instance;
  const extra = [];
  try {
    if (db === "postgres") {
      pgDb = await createThrowawayPostgres(ADMIN_URL, "sind_bench");
      say(`PostgreSQL: banco descartável criado; iniciando o servidor (dados de demonstração)…`);
      instance = await startInstance({ databaseUrl: pgDb.url, seed: "true", env: { WEB_CONCURRENCY: String(WEB_CONCURRENCY) } });
      // Every server process listening before the load (the first answers /readyz before the others start).
      for (let i = 0; i < 300 && WEB_CONCURRENCY > 1 && childPids(instance.pid).length < WEB_CONCURRENCY; i++) await sleep(100);
      await sleep(WEB_CONCURRENCY > 1 ? 3000 : 0);
    } else {
      say("PGlite: iniciando o servidor (pasta temporária, dados de demonstração)…");
      instance = await startInstance({});
    }
    await warm(instance.base);
    if (!state.files) state.files = await snapshot(instance.base);
    out.loginIdleMs[db] = await idleMs(`${instance.base}/login`);
    for (const p of PAGES) {
      say(`${db}: autocannon ${CONNECTIONS} conexões × ${DURATION} s em ${p} …`);
      out.pages[p][db] = await load(instance.base + p);
    }
    // Per server process (the largest), and the whole start (a cluster's primary and its processes).
    const each = instance.rssEachMb();
    const servers = each.length > 1 ? each.slice(1) : each;
    out.rssMb[db] = servers.some((mb) => mb === null) ? null : Math.max(...servers);
    out.rssTotalMb[db] = instance.rssMb();
    out.webConcurrency[db] = db === "postgres" ? WEB_CONCURRENCY : 1;
    say(`${db}: RSS depois da carga ${out.rssMb[db]} MB por processo, ${out.rssTotalMb[db]} MB ao todo (${each.length} processo(s))`);
    if (db === "postgres" && !skip("HAPROXY")) {
      if (!ensureDebianPackage(HAPROXY, "haproxy", say)) say("haproxy ausente: etapa do balanceador PULADA");
      else {
        const second = await startInstance({ databaseUrl: pgDb.url, seed: "false" });
        extra.push(second);
        await warm(second.base);
        out.haproxy = { page: PAGES[0] };
        for (const backends of [[instance], [instance, second]]) {
          const lb = await startHaproxy({ backends });
          try {
            say(`HAProxy com ${backends.length} instância(s): autocannon em ${PAGES[0]} …`);
            const r = await load(lb.base + PAGES[0]);
            out.haproxy[backends.length === 1 ? "oneInstance" : "twoInstances"] = r;
          } finally {
            await lb.stop();
          }
        }
      }
    }
    if (!state.js && !skip("JS")) {
      say("JavaScript da página inicial (Chromium)…");
      state.js = await measureHomeJs(instance.base);
    }
    if (!state.lh && !skip("LIGHTHOUSE")) {
      say("Lighthouse (mobile) em " + PAGES.join(", ") + " …");
      state.lh = await lighthouseScores(instance.base);
      say("Lighthouse (mobile) do campo em " + FIELD_PAGES.join(", ") + " …");
      // On PostgreSQL, a second instance of the same database with the map tiles on loopback.
      let fieldBase = instance.base;
      if (pgDb) {
        const tiles = await startTileServer();
        extra.push(tiles);
        const field = await startInstance({ databaseUrl: pgDb.url, seed: "false", env: { MAP_TILE_URL: tiles.template } });
        extra.push(field);
        fieldBase = field.base;
      }
      state.field = await fieldLighthouse(fieldBase);
    }
  } finally {
    for (const i of extra) await i.stop().catch(() => {});
    await instance?.stop().catch(() => {});
    await pgDb?.drop().catch((e) => say(`não consegui apagar o banco descartável: ${e.message}`));
  }
}

async function main() {
  say("build (se necessário)…");
  buildIfNeeded({ quiet: true });
  const out = {
    pages: Object.fromEntries(PAGES.map((p) => [p, {}])),
    rssMb: {},
    rssTotalMb: {},
    webConcurrency: {},
    loginIdleMs: {},
    haproxy: null,
  };
  const state = {};
  for (const db of DATABASES) await benchDatabase(db, out, state);

  if (!skip("NGINX") && state.files) {
    if (!ensureDebianPackage(NGINX, "nginx", say)) say("nginx ausente: comparação PULADA");
    else {
      // A worker per core (the issue's comparison), then one worker: the embedded database's
      // server is one process by construction (ADR 286), so its per-process figure is against one.
      for (const [workers, key] of [
        ["auto", "nginx"],
        [1, "nginxOneWorker"],
      ]) {
        const nginx = await startNginx({ files: state.files, workers });
        try {
          for (const p of PAGES) {
            await (await fetch(nginx.base + p)).arrayBuffer();
            say(`nginx (${workers} worker(s)): autocannon ${CONNECTIONS} conexões × ${DURATION} s em ${p} …`);
            out.pages[p][key] = await load(nginx.base + p);
          }
        } finally {
          await nginx.stop();
        }
      }
    }
  }
  // The floor of any Node server on this machine: one bare node:http process writing the same
  // stored bytes (no routing, no cache lookup, no nonce), against which the app's hit path is read.
  if (!skip("NGINX") && state.files) {
    const bare = await startBareNode({ files: state.files });
    try {
      for (const p of PAGES) {
        await (await fetch(bare.base + p, { headers: { "accept-encoding": "gzip" } })).arrayBuffer();
        say(`node:http puro (1 processo): autocannon ${CONNECTIONS} conexões × ${DURATION} s em ${p} …`);
        out.pages[p].nodeBare = await load(bare.base + p);
      }
    } finally {
      await bare.stop();
    }
  }
  for (const p of PAGES) {
    const page = out.pages[p];
    page.htmlKb = state.files ? round(state.files[p].body.length / 1024) : null;
    for (const db of DATABASES) if (page[db]) page[db].ratio = page.nginx?.rps ? round(page[db].rps / page.nginx.rps, 3) : null;
    // Per process: the embedded database's one process against nginx's one worker (not a target).
    if (page.pglite && page.nginxOneWorker?.rps) {
      page.pglite.ratioOneWorker = round(page.pglite.rps / page.nginxOneWorker.rps, 3);
      say(`${p}: banco embutido (1 processo) ÷ nginx com 1 worker = ${page.pglite.ratioOneWorker}`);
    }
    if (page.nodeBare?.rps && page.pglite) {
      page.pglite.ratioNodeBare = round(page.pglite.rps / page.nodeBare.rps, 3);
      say(`${p}: banco embutido ÷ node:http puro = ${page.pglite.ratioNodeBare}`);
    }
    if (page.nodeBare?.rps && page.nginxOneWorker?.rps) {
      page.nodeBare.ratioOneWorker = round(page.nodeBare.rps / page.nginxOneWorker.rps, 3);
      say(`${p}: node:http puro ÷ nginx com 1 worker = ${page.nodeBare.ratioOneWorker}`);
    }
  }
  const scale = skip("SCALE") ? null : runScale();
  const imports = skip("IMPORTS") ? null : runTsxBench("imports", "bench/imports/run.ts");
  const checks = issue24Checks(out, state);
  process.stderr.write(
    `\n${targetsTable(
      ["figura", "valor", "meta", "atingida"],
      checks.map((c) => [
        c.figure,
        `${c.value ?? "—"}${c.unit ? ` ${c.unit}` : ""}`,
        `${c.target}${c.unit ? ` ${c.unit}` : ""}`,
        c.met ? "sim" : "não",
      ]),
      [false, true, true, false],
      checks.filter((c) => c.met).length,
    )}\n\n`,
  );
  const line = {
    bench: "public-pages",
    at: new Date().toISOString(),
    connections: CONNECTIONS,
    seconds: DURATION,
    ...out,
    ...(state.js ?? {}),
    lighthouse: state.lh ?? null,
    targetsMet: targetsMet({ pages: out.pages, rssMb: out.rssMb, js: state.js, lh: state.lh }),
    checks,
    missed: checks.filter((c) => !c.met).map((c) => c.figure),
    lighthouseCampo: state.field ?? null,
    scale,
    imports,
    machine: { cpus: os.cpus().length, node: process.version },
  };
  process.stdout.write(JSON.stringify(line) + "\n");
}

/**
 * Issue 24's targets for this bench, one row each (figure, value, target, met): public pages at
 * 0.9 of nginx's req/s or more on both databases with p99 ≤ 20 ms; the embedded server's RSS after
 * the load ≤ 250 MB (and each PostgreSQL server process's); home JS ≤ 100 kB gzip, no Leaflet.
 */
function issue24Checks(out, state) {
  const rows = [];
  const row = (figure, value, target, met, unit = "") =>
    rows.push({ figure, value, target, unit, met: value !== null && value !== undefined && met });
  for (const p of PAGES) {
    for (const db of DATABASES) {
      const leg = out.pages[p][db];
      if (!leg) continue;
      row(`${p} ${db}: razão com o nginx`, leg.ratio, "≥ 0.9", leg.ratio >= 0.9);
      row(`${p} ${db}: p99`, leg.p99Ms, "≤ 20", leg.p99Ms <= 20, "ms");
    }
  }
  for (const db of DATABASES)
    if (db in out.rssMb) row(`RSS ${db} depois da carga (por processo)`, out.rssMb[db], "≤ 250", out.rssMb[db] <= 250, "MB");
  if (state.js)
    row(
      "JS da página inicial (gzip)",
      state.js.homeJsKbGzip,
      "≤ 100",
      state.js.homeJsKbGzip <= 100 && state.js.leafletBeforeMap === 0,
      "kB",
    );
  for (const [p, scores] of Object.entries(state.field?.pages ?? {}))
    for (const t of FIELD_TARGETS)
      row(`${p} campo, celular: ${t.figure}`, scores[t.key], t.target, scores.finalUrl === p && t.met(scores[t.key]), t.unit);
  return rows;
}

/** The scale scenario (bench/scale/run.ts, `npm run bench:scale`): its JSON line, or null. */
function runScale() {
  return runTsxBench("escala", "bench/scale/run.ts");
}

/** A TypeScript bench area (bench/<area>/run.ts): its JSON line, or `{ failed }`. */
function runTsxBench(label, script) {
  say(`cenário ${label} (${script})…`);
  const r = spawnSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", script], {
    stdio: ["ignore", "pipe", "inherit"],
    encoding: "utf8",
    env: { ...process.env, BENCH_DATABASE_URL: process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres" },
  });
  const last = r.stdout.trim().split("\n").pop();
  try {
    return JSON.parse(last);
  } catch {
    say(`cenário ${label} falhou (código ${r.status})`);
    return { failed: true, status: r.status };
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    process.stderr.write(`[bench] falhou: ${error?.stack ?? error}\n`);
    process.exit(1);
  });
}

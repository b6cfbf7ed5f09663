import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { matchRoutes, type RouteObject } from "react-router";
import { ROLES, isRole, type Role } from "~/auth/roles";
import { canAccessScreen, SCREENS } from "~/auth/screens";
import { serviceScope } from "~/auth/scopes";
import { navItemsFor } from "~/auth/sidebar";
import { createSession } from "~/auth/session.server";
import { createUser } from "~/db/factories/users";
import type { Db } from "~/db/client.server";
import { startInstance } from "../../../scripts/lib/cluster.js";
import { buildIfNeeded } from "../../../scripts/build-if-needed.js";
import { check, checkSize, type Check, type ScaleArea } from "../context";

/**
 * Every staff page through HTTP (issue 24 §2, ADR 282), against the database the other areas
 * seeded: the production build (made first when missing or older than the sources) is started on
 * it, on a free loopback port, in two processes (WEB_CONCURRENCY) with the opt-in Server-Timing
 * header (BENCH_SERVER_TIMING=1) and no background jobs, and stopped after. Each role signs in (a
 * user of the role and ten sessions made with the app's own `createSession`, the cookie sent as a
 * browser would; the roles that require a second factor have it enrolled, so the session is a full
 * one) and requests each page of its sidebar (`navItemsFor`) and each detail page under them that
 * it may open (a service record, a member, a charge: one existing id picked from the database):
 * - the HTML of a first visit (`Accept-Encoding: gzip`; its size raw, decompressed, and gzip);
 * - the `.data` of a client navigation from the role's panel (React Router's single fetch:
 *   `<path>.data?_routes=…`, the routes the client asks for: every matched route with a loader but
 *   the root, since the dashboard layout re-reads the bell on each page change).
 * Each is timed with 1 user (two warm-up requests, then 30 one after another) and with 10 staff at
 * once (ten clients, each with its own session, 10 requests each after one warm-up), to the last
 * byte. Targets: 1 user p95 ≤ 30 ms, 10 at once p95 ≤ 100 ms (the worse of HTML and `.data`), HTML
 * ≤ 150 kB uncompressed (kB = 1,024 bytes). The five slowest pages are printed with where their
 * time went: the loaders (query), the render to the shell, the rest before the first byte (session,
 * routing, middleware), what streams after it (the rest of the document with its inlined data, a
 * `.data` response's encoding, compression) and the bytes.
 * Options: BENCH_STAFF_ROLES (comma list of roles, default all), BENCH_STAFF_PAGES (comma list:
 * only the pages whose path contains one of them), BENCH_STAFF_SAVE_DIR (write each page's HTML and
 * `.data` there, decompressed, to see what its bytes are), BENCH_SERVER_NODE_OPTIONS (more Node
 * options for the server: `--import ./bench/imports/loop-monitor.mjs` with CPU_PROFILE_FILE set
 * writes a CPU profile of the whole run, best with BENCH_WEB_CONCURRENCY=1), BENCH_WEB_CONCURRENCY
 * (the server's processes, WEB_CONCURRENCY of ADR 286: default 2, as `npm run bench` runs it on
 * PostgreSQL).
 */
const TARGET_ONE_MS = 30;
const TARGET_TEN_MS = 100;
const TARGET_HTML_KB = 150;
const RUNS = 30;
const CLIENTS = 10;
const PER_CLIENT = 10;
/** The server's processes (WEB_CONCURRENCY, ADR 286): a worker per core of this 2-core machine, as `npm run bench`. */
const WEB_CONCURRENCY = Number(process.env.BENCH_WEB_CONCURRENCY ?? 2);

/** The detail pages (a screen with one id in its path) and how to pick an existing id for a role. */
const DETAILS: Record<string, (db: Db, role: Role) => Promise<string | undefined>> = {
  // The record with the longest history among those the role's sectors hold.
  "service-detail": async (db, role) => {
    const sectors = serviceScope(role);
    if (!sectors.length) return undefined;
    const rows = await db.execute<{ id: string }>(sql`
      select e.record_id as id from service_record_entries e join service_records r on r.id = e.record_id
      where r.sector in (${sql.join(
        sectors.map((s) => sql`${s}`),
        sql`, `,
      )})
      group by e.record_id order by count(*) desc limit 1`);
    return rows.rows[0]?.id;
  },
  // The member with the most service records (the page lists them with the charges), else any.
  "member-detail": async (db) => {
    const rows = await db.execute<{ id: string }>(sql`
      select coalesce(
        (select member_id from service_records where member_id is not null group by member_id order by count(*) desc limit 1),
        (select id from members order by created_at limit 1)) as id`);
    return rows.rows[0]?.id ?? undefined;
  },
  // A paid charge of last month (the PIX page with its payment).
  "finance-charge": async (db) => {
    const rows = await db.execute<{ id: string }>(sql`
      select c.id from charges c join payments p on p.charge_id = c.id and p.undone_at is null
      order by c.due_date desc limit 1`);
    return rows.rows[0]?.id;
  },
};

type Page = {
  role: Role;
  label: string;
  /** The URL requested. */ path: string;
  /** The figure's name: the path, or the pattern of a detail. */ name: string;
};
type Sample = { status: number; ttfbMs: number; totalMs: number; body: Buffer; headers: http.IncomingHttpHeaders };
type Stats = { p50: number; p95: number; max: number; runs: number };
type Breakdown = {
  /** Medians of the 1-user runs (ms), from the Server-Timing header and the client. */
  loaderMs: number | null;
  renderMs: number | null;
  appToHeadersMs: number | null;
  ttfbMs: number;
  afterFirstByteMs: number;
  kbRaw: number;
  kbGzip: number;
};
type Figures = { one: Stats; ten: Stats; breakdown: Breakdown; errors: number };
type PageResult = Page & { html: Figures; data: (Figures & { url: string }) | null };

const r1 = (n: number) => Math.round(n * 10) / 10;
function stats(ms: number[]): Stats {
  const s = [...ms].sort((a, b) => a - b);
  const pick = (q: number) => r1(s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]);
  return { p50: pick(0.5), p95: pick(0.95), max: pick(1), runs: s.length };
}
const median = (xs: number[]) => (xs.length ? stats(xs).p50 : null);

/** `loader;dur=1.2, render;dur=3, app;dur=5` → { loader: 1.2, render: 3, app: 5 }. */
function serverTiming(header: string | string[] | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of String(header ?? "").split(",")) {
    const m = /^\s*([\w-]+)\s*;\s*dur=([\d.]+)/.exec(part);
    if (m) out[m[1]] = Number(m[2]);
  }
  return out;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS * 2 });
const DOCUMENT_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

/** One GET, timed from the request to its last byte; the body as received (gzip when it was sent so). */
function get(base: string, url: string, cookie: string, accept: string): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.get(base + url, { agent, headers: { cookie, accept, "accept-encoding": "gzip" } }, (res) => {
      const ttfbMs = performance.now() - t0;
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("error", reject);
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          ttfbMs,
          totalMs: performance.now() - t0,
          body: Buffer.concat(chunks),
          headers: res.headers,
        }),
      );
    });
    req.on("error", reject);
  });
}

const rawBody = (s: Sample) => (s.headers["content-encoding"] === "gzip" ? zlib.gunzipSync(s.body) : s.body);
/** A page is served when it answers 200 and is not a single-fetch redirect (to the login, say). */
const served = (s: Sample) => s.status === 200 && !s.headers["x-remix-redirect"];

async function measureOne(base: string, url: string, cookies: string[], accept: string): Promise<Figures> {
  const first = await get(base, url, cookies[0], accept);
  await get(base, url, cookies[0], accept);
  const samples: Sample[] = [];
  for (let i = 0; i < RUNS; i++) samples.push(await get(base, url, cookies[0], accept));
  const timings = samples.map((s) => serverTiming(s.headers["server-timing"]));
  const num = (k: string) => timings.map((t) => t[k]).filter((v): v is number => v !== undefined);
  const breakdown: Breakdown = {
    loaderMs: median(num("loader")),
    renderMs: median(num("render")),
    appToHeadersMs: median(num("app")),
    ttfbMs: median(samples.map((s) => s.ttfbMs))!,
    afterFirstByteMs: median(samples.map((s) => s.totalMs - s.ttfbMs))!,
    kbRaw: r1(rawBody(first).length / 1024),
    kbGzip: r1(first.body.length / 1024),
  };
  // Ten staff at once: each client its own session, one warm-up each, then all together.
  await Promise.all(cookies.map((c) => get(base, url, c, accept)));
  const ten: number[] = [];
  let errors = samples.filter((s) => !served(s)).length;
  await Promise.all(
    cookies.map(async (c) => {
      for (let i = 0; i < PER_CLIENT; i++) {
        const s = await get(base, url, c, accept);
        if (!served(s)) errors += 1;
        ten.push(s.totalMs);
      }
    }),
  );
  return { one: stats(samples.map((s) => s.totalMs)), ten: stats(ten), breakdown, errors };
}

type Manifest = {
  routes: Record<string, { id: string; parentId?: string; path?: string; index?: boolean; hasLoader: boolean; hasClientLoader: boolean }>;
};

/** The client's route manifest (the file the HTML imports), as a route tree for `matchRoutes`. */
async function loadManifest(base: string, html: string): Promise<{ manifest: Manifest; tree: RouteObject[] }> {
  const file = /\/assets\/manifest-[\w-]+\.js/.exec(html)?.[0];
  if (!file) throw new Error("staff-pages: o HTML não cita o manifesto de rotas do cliente");
  const text = await (await fetch(base + file)).text();
  const manifest = JSON.parse(text.slice(text.indexOf("=") + 1).replace(/;\s*$/, "")) as Manifest;
  const nodes = new Map<string, RouteObject & { children: RouteObject[] }>();
  for (const r of Object.values(manifest.routes))
    nodes.set(r.id, { id: r.id, path: r.path, ...(r.index ? { index: true } : {}), children: [] } as RouteObject & {
      children: RouteObject[];
    });
  const tree: RouteObject[] = [];
  for (const r of Object.values(manifest.routes)) {
    const node = nodes.get(r.id)!;
    if (r.parentId) nodes.get(r.parentId)!.children.push(node);
    else tree.push(node);
  }
  return { manifest, tree };
}

/**
 * The `.data` URL the client fetches when it navigates to `pathname` from the role's panel
 * (react-router's singleFetchLoaderNavigationStrategy): the root's loader is not re-run (its params
 * did not change), so `_routes` names the other matched routes with a loader, in match order. Null
 * when the page has none to fetch.
 */
function dataUrl(pathname: string, manifest: Manifest, tree: RouteObject[]): string | null {
  const ids = (matchRoutes(tree, pathname) ?? [])
    .map((m) => m.route.id!)
    .filter((id) => id !== "root" && manifest.routes[id].hasLoader && !manifest.routes[id].hasClientLoader);
  if (!ids.length) return null;
  return `${pathname}.data?${new URLSearchParams({ _routes: ids.join(",") })}`;
}

async function pagesOf(db: Db, role: Role): Promise<Page[]> {
  const pages: Page[] = navItemsFor(role).map((item) => ({ role, label: item.label, path: item.href, name: item.href }));
  for (const screen of SCREENS) {
    const pick = DETAILS[screen.id];
    if (!pick || !canAccessScreen(role, screen)) continue;
    const pattern = screen.paths.find((p) => p.includes(`/${role}/`)) ?? screen.paths[0];
    const id = await pick(db, role);
    if (id) pages.push({ role, label: `${screen.id} (detalhe)`, path: pattern.replace(/:\w+/, id), name: pattern });
  }
  return pages;
}

function describe(p: PageResult) {
  const b = p.html.breakdown;
  const d = p.data;
  const parts = [
    `${p.role} ${p.path}: HTML p50 ${p.html.one.p50} / p95 ${p.html.one.p95} ms (10 ao mesmo tempo: p95 ${p.html.ten.p95} ms)`,
    `  HTML (medianas): consulta/loaders ${b.loaderMs ?? "?"} ms, render até o shell ${b.renderMs ?? "?"} ms, ` +
      `1º byte ${b.ttfbMs} ms (servidor ${b.appToHeadersMs ?? "?"} ms), depois do 1º byte (resto do documento, dados embutidos, gzip) ${b.afterFirstByteMs} ms; ` +
      `${b.kbRaw} kB sem compressão, ${b.kbGzip} kB gzip`,
  ];
  if (d)
    parts.push(
      `  .data: p50 ${d.one.p50} / p95 ${d.one.p95} ms (10 ao mesmo tempo: p95 ${d.ten.p95} ms); consulta/loaders ${d.breakdown.loaderMs ?? "?"} ms, ` +
        `1º byte ${d.breakdown.ttfbMs} ms, serialização e envio depois do 1º byte ${d.breakdown.afterFirstByteMs} ms; ` +
        `${d.breakdown.kbRaw} kB sem compressão, ${d.breakdown.kbGzip} kB gzip`,
    );
  return parts.join("\n");
}

const area: ScaleArea = {
  name: "staff-pages",
  order: 100,
  async measure({ db, databaseUrl, say }) {
    // The production build, made first when it is missing or older than the sources (as `npm start` does).
    if (buildIfNeeded({ quiet: true })) say("staff-pages: build de produção gerada");
    const only = process.env.BENCH_STAFF_PAGES?.split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const saveDir = process.env.BENCH_STAFF_SAVE_DIR;
    if (saveDir) fs.mkdirSync(saveDir, { recursive: true });
    const roles = (process.env.BENCH_STAFF_ROLES?.split(",").map((s) => s.trim()) ?? [...ROLES]).filter(isRole);
    // The sessions are made first (a full-size seed takes longer than the 30-minute idle timeout).
    const cookies = new Map<Role, string[]>();
    for (const role of roles) {
      const user = await createUser(db, { role, name: `Equipe Bench ${role}` });
      const list: string[] = [];
      for (let i = 0; i < CLIENTS; i++) {
        const token = /^[^=]+=([^;]*)/.exec(await createSession(user.id))![1];
        // The server runs with COOKIE_SECURE=true (as in production): the cookie is `__Host-sid`.
        list.push(`__Host-sid=${token}`);
      }
      cookies.set(role, list);
    }
    say(`staff-pages: iniciando o servidor de produção (${WEB_CONCURRENCY} processo(s))…`);
    const instance = await startInstance({
      databaseUrl,
      seed: "false",
      env: {
        BENCH_SERVER_TIMING: "1",
        COOKIE_SECURE: "true",
        JOBS_ENABLED: "false",
        WEB_CONCURRENCY: String(WEB_CONCURRENCY),
        LOG_LEVEL: "warn",
        ...(process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {}),
      },
    });
    const results: PageResult[] = [];
    const failed: string[] = [];
    const checks: Check[] = [];
    try {
      const base = instance.base;
      const panel = await get(base, `/dashboard/${roles[0]}`, cookies.get(roles[0])![0], DOCUMENT_ACCEPT);
      if (!served(panel)) throw new Error(`staff-pages: o painel respondeu ${panel.status} (a sessão não valeu?)`);
      const { manifest, tree } = await loadManifest(base, rawBody(panel).toString("utf8"));
      for (const role of roles) {
        const list = cookies.get(role)!;
        for (const page of (await pagesOf(db, role)).filter((p) => !only || only.some((o) => p.path.includes(o)))) {
          const probe = await get(base, page.path, list[0], DOCUMENT_ACCEPT);
          if (!served(probe)) {
            failed.push(`${role} ${page.path}: HTTP ${probe.status}${probe.headers.location ? ` → ${probe.headers.location}` : ""}`);
            say(`staff-pages: ${role} ${page.path} respondeu ${probe.status}; fica fora`);
            // In the table too: met only by a 200.
            checks.push({ figure: `${role} ${page.name}: código HTTP da resposta`, p95Ms: probe.status, targetMs: 200 });
            continue;
          }
          const html = await measureOne(base, page.path, list, DOCUMENT_ACCEPT);
          const url = dataUrl(page.path, manifest, tree);
          const data = url ? { ...(await measureOne(base, url, list, "*/*")), url } : null;
          const result: PageResult = { ...page, html, data };
          if (saveDir) {
            const file = path.join(saveDir, `${role}${page.path.replace(/[^\w-]+/g, "_")}`);
            fs.writeFileSync(`${file}.html`, rawBody(probe));
            if (url) fs.writeFileSync(`${file}.data`, rawBody(await get(base, url, list[0], "*/*")));
          }
          results.push(result);
          const one = data ? `HTML ${html.one.p95} / .data ${data.one.p95}` : `HTML ${html.one.p95}`;
          const ten = data ? `HTML ${html.ten.p95} / .data ${data.ten.p95}` : `HTML ${html.ten.p95}`;
          checks.push(check(`${role} ${page.name}: 1 usuário (${one})`, Math.max(html.one.p95, data?.one.p95 ?? 0), TARGET_ONE_MS));
          checks.push(check(`${role} ${page.name}: 10 ao mesmo tempo (${ten})`, Math.max(html.ten.p95, data?.ten.p95 ?? 0), TARGET_TEN_MS));
          checks.push(
            checkSize(`${role} ${page.name}: HTML sem compressão (gzip ${html.breakdown.kbGzip} kB)`, html.breakdown.kbRaw, TARGET_HTML_KB),
          );
          if (html.errors || data?.errors)
            failed.push(`${role} ${page.path}: ${html.errors + (data?.errors ?? 0)} respostas sem 200 durante a medida`);
          say(
            `staff-pages: ${role} ${page.path} HTML p95 ${html.one.p95} / ${html.ten.p95} ms, ${html.breakdown.kbRaw} kB${data ? `; .data p95 ${data.one.p95} / ${data.ten.p95} ms` : ""}`,
          );
        }
      }
    } finally {
      await instance.stop();
      agent.destroy();
    }
    // Ranked by the 1-user median of the worse of HTML and .data: a p95 of 30 runs on a shared
    // machine can be one stray pause; the median says where a page's time goes every time.
    const worst = (p: PageResult) => Math.max(p.html.one.p50, p.data?.one.p50 ?? 0);
    const slowest = [...results].sort((a, b) => worst(b) - worst(a)).slice(0, 5);
    say(`staff-pages: as cinco páginas mais lentas (1 usuário, mediana do pior de HTML e .data):\n${slowest.map(describe).join("\n")}`);
    return {
      webConcurrency: WEB_CONCURRENCY,
      targetsMs: { oneUser: TARGET_ONE_MS, tenAtOnce: TARGET_TEN_MS },
      targetHtmlKbRaw: TARGET_HTML_KB,
      pagesMeasured: results.length,
      failed,
      slowest: slowest.map((p) => ({ role: p.role, path: p.name, html: p.html, data: p.data })),
      pages: results.map((p) => ({ role: p.role, label: p.label, path: p.name, html: p.html, data: p.data })),
      checks,
    };
  },
};

export default area;

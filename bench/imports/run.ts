// `npm run bench:imports` (also run by `npm run bench`): spreadsheet imports against a running
// production server (issue 18 §2). Prints ONE JSON line (progress to stderr):
//   - hostile: for each round, BENCH_IMPORT_CONCURRENCY (4) hostile files posted at once to the
//     members import's dry run — a 10 MB .xlsx with 1,000,000 rows (with and without its declared
//     dimension), the 1.6 KB file whose only cell is XFD1048576, zip bombs, and a mix — while
//     /login is requested in a loop. Each round: the answers, the server's RSS growth (peak of
//     /proc/PID/status every 25 ms and of the server's own samples, minus the RSS just before),
//     the longest event-loop delay inside the server (perf_hooks.monitorEventLoopDelay, preloaded
//     by bench/imports/loop-monitor.mjs through NODE_OPTIONS, no app change) and /login's p50/p99.
//   - legit: a 50,000-row members file (the old system's 17 columns, written by the app's .xlsx
//     writer): the dry run's and the commit's time and the RSS growth while they run, each step
//     on a freshly started server (the commit's database is the dry run's: it wrote nothing).
// Targets (figures, not tests): hostile RSS growth ≤ 100 MB, event loop ≤ 50 ms, /login p99 ≤
// 100 ms; legit commit ≤ 20 s with RSS growth ≤ 150 MB.
// Options: BENCH_IMPORT_DATABASE (postgres | pglite, default postgres), BENCH_DATABASE_URL,
// BENCH_APP_DIR (the checkout whose build/ is started; default this one — point it at an older
// build for before/after), BENCH_IMPORT_CONCURRENCY (4), BENCH_IMPORT_ROUNDS (comma list of round
// names), BENCH_IMPORT_ROWS (50000), BENCH_IMPORT_SKIP_LEGIT=1, BENCH_IMPORT_TIMEOUT_S (120),
// BENCH_SERVER_NODE_OPTIONS (more Node options for the server), BENCH_CPU_PROFILE_DIR (a CPU
// profile of each server, from loop-monitor.mjs).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { performance } from "node:perf_hooks";
import { createThrowawayPostgres, startInstance } from "../../scripts/lib/cluster.js";
import { Client } from "../../tests/support/http";
import { farCellXlsx, millionRowsXlsx, zipBombXlsx } from "../../tests/support/xlsx-files";
import { legitMembersXlsx } from "./files";

const say = (m: string) => process.stderr.write(`[bench:imports] ${m}\n`);
const round1 = (n: number) => Math.round(n * 10) / 10;
const HERE = path.dirname(fileURLToPath(import.meta.url));
const DATABASE = process.env.BENCH_IMPORT_DATABASE ?? "postgres";
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const APP_DIR = path.resolve(process.env.BENCH_APP_DIR ?? process.cwd());
const CONCURRENCY = Number(process.env.BENCH_IMPORT_CONCURRENCY ?? 4);
const LEGIT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 50_000);
const TIMEOUT_MS = Number(process.env.BENCH_IMPORT_TIMEOUT_S ?? 120) * 1000;
const IMPORT = "/dashboard/admin/members/importar";

type File = { name: string; bytes: Buffer };
type Instance = Awaited<ReturnType<typeof startInstance>>;

const ROUNDS: Record<string, () => Promise<File[]>> = {
  // No upload: /login probed for 2 s, the reference for the rounds below.
  control: async () => [],
  "million-rows": async () => repeat({ name: "1M-linhas.xlsx", bytes: await millionRowsXlsx() }),
  "million-rows-no-dimension": async () =>
    repeat({ name: "1M-linhas-sem-dimensao.xlsx", bytes: await millionRowsXlsx({ dimension: false }) }),
  "far-cell": async () => repeat({ name: "XFD1048576.xlsx", bytes: await farCellXlsx() }),
  mixed: async () => {
    const a = { name: "1M-linhas.xlsx", bytes: await millionRowsXlsx() };
    const b = { name: "XFD1048576.xlsx", bytes: await farCellXlsx() };
    return Array.from({ length: CONCURRENCY }, (_, i) => (i % 2 ? b : a));
  },
  "zip-bombs": async () => {
    const a = { name: "bomba.xlsx", bytes: await zipBombXlsx(1024) };
    const b = { name: "bomba-mentirosa.xlsx", bytes: await zipBombXlsx(1024, 1000) };
    return Array.from({ length: CONCURRENCY }, (_, i) => (i % 2 ? b : a));
  },
};
const repeat = (f: File) => Array.from({ length: CONCURRENCY }, () => f);

/** The server's resident memory (MB) from /proc. */
function rssOf(pid: number) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Math.round(Number(m[1]) / 1024) : 0;
  } catch {
    return 0;
  }
}

/** Samples the server's RSS every 25 ms until stopped; returns the peak. */
function rssSampler(pid: number) {
  let peak = rssOf(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 25);
  return () => {
    clearInterval(timer);
    return Math.max(peak, rssOf(pid));
  };
}

/**
 * Requests /login in a loop (two at a time, 10 ms apart) until stopped; returns the latencies.
 * It runs in a worker thread, so the bench's own uploads never delay its clock.
 */
function loginProber(base: string) {
  const worker = new Worker(
    `const { parentPort, workerData } = require("node:worker_threads");
     const times = []; let running = true;
     parentPort.on("message", () => { running = false; });
     const loop = async () => {
       while (running) {
         const t = performance.now();
         try { await (await fetch(workerData + "/login")).arrayBuffer(); times.push(performance.now() - t); }
         catch { times.push(Number.POSITIVE_INFINITY); }
         await new Promise((r) => setTimeout(r, 10));
       }
     };
     // One request first, unrecorded: the worker's fetch loads on its first use.
     fetch(workerData + "/login").then((r) => r.arrayBuffer()).then(() => Promise.all([loop(), loop()])).then(() => parentPort.postMessage(times));`,
    { eval: true, workerData: base },
  );
  return async () => {
    const done = new Promise<number[]>((resolve) => worker.once("message", resolve));
    worker.postMessage("stop");
    const s = (await done).sort((a, b) => a - b);
    await worker.terminate();
    const q = (p: number) => round1(s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)] ?? 0);
    return { requests: s.length, p50Ms: q(0.5), p99Ms: q(0.99), maxMs: q(1) };
  };
}

/** The server's own samples (loop-monitor.mjs) between two instants. */
function monitorWindow(file: string, from: number, to: number) {
  const lines = fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim().split("\n") : [];
  let maxMs = 0;
  let gcMs = 0;
  let rssMb = 0;
  for (const line of lines) {
    try {
      const s = JSON.parse(line) as { t: number; maxMs: number; gcMs?: number; rssMb: number };
      // A window ends at s.t and covers the 100 ms before it.
      if (s.t < from || s.t - 100 > to) continue;
      maxMs = Math.max(maxMs, s.maxMs);
      gcMs = Math.max(gcMs, s.gcMs ?? 0);
      rssMb = Math.max(rssMb, s.rssMb);
    } catch {
      // a line cut by the write: skipped
    }
  }
  return { maxMs, gcMs, rssMb };
}

async function post(client: Client, intent: string, file: File) {
  const fd = new FormData();
  fd.set("intent", intent);
  fd.set("arquivo", new Blob([new Uint8Array(file.bytes)]), file.name);
  const t = performance.now();
  try {
    const res = await client.post(IMPORT, fd, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    const html = await res.text();
    const error = /<p id="f-arquivo[^"]*-error"[^>]*>([^<]*)</.exec(html)?.[1];
    const counts = ["total", "created", "updated", "rejected"].map(
      (k) => new RegExp(`data-testid="import-count-${k}"[^>]*>(\\d+)<`).exec(html)?.[1] ?? "?",
    );
    const message = error ?? `linhas ${counts[0]}, criar ${counts[1]}, atualizar ${counts[2]}, rejeitadas ${counts[3]}`;
    return { status: res.status, seconds: round1((performance.now() - t) / 1000), message: message.trim() };
  } catch (error) {
    return { status: 0, seconds: round1((performance.now() - t) / 1000), message: String((error as Error).message ?? error) };
  }
}

/**
 * Follows an import job's run on the page (GET, every 250 ms) until it has finished: its time
 * since the post, and its outcome (200 when the import was applied, 422 when refused, 500 when
 * it failed).
 */
async function awaitRun(client: Client, posted: { seconds: number }) {
  const t = performance.now() - posted.seconds * 1000;
  for (;;) {
    const html = await (await client.get(IMPORT, { signal: AbortSignal.timeout(TIMEOUT_MS) })).text();
    if (!html.includes('aria-label="Importação em andamento"')) {
      const message = /data-testid="member-import-run-status"[^>]*>([^<]*)</.exec(html)?.[1] ?? "?";
      const status = message.startsWith("Importação concluída") ? 200 : message.startsWith("Nada foi importado") ? 422 : 500;
      return { status, seconds: round1((performance.now() - t) / 1000), message: message.trim() };
    }
    if (performance.now() - t > TIMEOUT_MS)
      return { status: 0, seconds: round1((performance.now() - t) / 1000), message: "tempo esgotado" };
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function settle(instance: Instance) {
  // Let the previous work's garbage go and the RSS settle before a baseline.
  await new Promise((r) => setTimeout(r, 1500));
  return rssOf(instance.pid!);
}

async function hostileRound(instance: Instance, monitorFile: string, name: string, files: File[]) {
  const client = new Client(instance.base);
  await client.login("admin", "Demo@2026");
  await (await client.get(IMPORT)).arrayBuffer();
  const baseline = await settle(instance);
  const stopRss = rssSampler(instance.pid!);
  const stopLogin = loginProber(instance.base);
  const from = Date.now();
  const t = performance.now();
  const answers = await Promise.all(files.map((f) => post(client, "import-preview", f)));
  if (files.length === 0) await new Promise((r) => setTimeout(r, 2000));
  const seconds = round1((performance.now() - t) / 1000);
  await new Promise((r) => setTimeout(r, 300));
  const to = Date.now();
  const login = await stopLogin();
  const peak = stopRss();
  await new Promise((r) => setTimeout(r, 250));
  const inside = monitorWindow(monitorFile, from, to);
  const result = {
    files: files.map((f) => `${f.name} (${round1(f.bytes.length / 1024)} KB)`),
    answers: answers.map((a) => `${a.status} em ${a.seconds} s: ${a.message.slice(0, 90)}`),
    seconds,
    rssBeforeMb: baseline,
    rssPeakMb: Math.max(peak, inside.rssMb),
    rssGrowthMb: Math.max(peak, inside.rssMb) - baseline,
    eventLoopMaxMs: inside.maxMs,
    gcPauseMaxMs: inside.gcMs,
    login,
  };
  say(`${name}: ${JSON.stringify(result)}`);
  return result;
}

type WithServer = <T>(fn: (i: Instance, monitorFile: string) => Promise<T>) => Promise<T>;

/** The dry run and the commit, each on a fresh server, so each step's growth starts from a cold one. */
async function legitRun(withServer: WithServer) {
  say(`gerando a planilha legítima de ${LEGIT_ROWS} linhas…`);
  const file = { name: "associado-50mil.xlsx", bytes: await legitMembersXlsx(LEGIT_ROWS) };
  const out: Record<string, unknown> = { rows: LEGIT_ROWS, fileKb: round1(file.bytes.length / 1024) };
  for (const intent of ["import-preview", "import-commit"] as const) {
    out[intent === "import-preview" ? "dryRun" : "commit"] = await withServer(async (instance, monitorFile) => {
      const client = new Client(instance.base);
      await client.login("admin", "Demo@2026");
      await (await client.get(IMPORT)).arrayBuffer();
      const baseline = await settle(instance);
      const stopRss = rssSampler(instance.pid!);
      const from = Date.now();
      say(`legítima: ${intent}…`);
      const posted = await post(client, intent, file);
      // The commit is a job (ADR 253): the request returns at once; the page is polled until the
      // run has finished, and the time and RSS cover the whole run.
      const answer = intent === "import-commit" && posted.status === 200 ? await awaitRun(client, posted) : posted;
      const peak = stopRss();
      await new Promise((r) => setTimeout(r, 250));
      const inside = monitorWindow(monitorFile, from, Date.now());
      return {
        status: answer.status,
        seconds: answer.seconds,
        ...(intent === "import-commit" ? { requestSeconds: posted.seconds } : {}),
        message: answer.message.slice(0, 120),
        rssBeforeMb: baseline,
        rssPeakMb: Math.max(peak, inside.rssMb),
        rssGrowthMb: Math.max(peak, inside.rssMb) - baseline,
        eventLoopMaxMs: inside.maxMs,
        gcPauseMaxMs: inside.gcMs,
      };
    });
  }
  say(`legítima: ${JSON.stringify(out)}`);
  return out;
}

async function main() {
  const names = (process.env.BENCH_IMPORT_ROUNDS ?? Object.keys(ROUNDS).join(","))
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "sind-bench-imports-"));
  const pg = DATABASE === "postgres" ? await createThrowawayPostgres(ADMIN_URL, "sind_bench_imp") : null;
  const out: Record<string, unknown> = {
    bench: "imports",
    at: new Date().toISOString(),
    database: DATABASE,
    concurrency: CONCURRENCY,
    appDir: path.basename(APP_DIR),
  };
  let seeded = false;
  /** A fresh server for each scenario (a cold start: the lazy-loaded reader counts in its figures). */
  const withServer: WithServer = async (fn) => {
    const monitorFile = path.join(work, `loop-${Date.now()}.jsonl`);
    const instance = await startInstance({
      cwd: APP_DIR,
      databaseUrl: pg?.url,
      seed: seeded && pg ? "false" : "true",
      env: {
        NODE_OPTIONS: `--import=${path.join(HERE, "loop-monitor.mjs")} ${process.env.BENCH_SERVER_NODE_OPTIONS ?? ""}`.trim(),
        LOOP_MONITOR_FILE: monitorFile,
        ...(process.env.BENCH_CPU_PROFILE_DIR
          ? { CPU_PROFILE_FILE: path.join(process.env.BENCH_CPU_PROFILE_DIR, `server-${Date.now()}.cpuprofile`) }
          : {}),
      },
    });
    seeded = true;
    try {
      await (await fetch(`${instance.base}/login`)).arrayBuffer();
      return await fn(instance, monitorFile);
    } finally {
      await instance.stop().catch(() => {});
    }
  };
  try {
    const hostile: Record<string, unknown> = {};
    for (const name of names) {
      const make = ROUNDS[name];
      if (!make) throw new Error(`rodada desconhecida: ${name}`);
      say(`gerando os arquivos de ${name}…`);
      const files = await make();
      say(`${name}: ${files.length} envios ao mesmo tempo…`);
      hostile[name] = await withServer((i, m) => hostileRound(i, m, name, files));
    }
    out.hostile = hostile;
    if (process.env.BENCH_IMPORT_SKIP_LEGIT !== "1") out.legit = await legitRun(withServer);
    const rounds = Object.entries(hostile)
      .filter(([name]) => name !== "control")
      .map(([, r]) => r) as { rssGrowthMb: number; eventLoopMaxMs: number; login: { p99Ms: number } }[];
    const legit = out.legit as { commit?: { seconds: number; rssGrowthMb: number; status: number } } | undefined;
    out.targetsMet = {
      hostileRss: rounds.every((r) => r.rssGrowthMb <= 100),
      hostileEventLoop: rounds.every((r) => r.eventLoopMaxMs <= 50),
      hostileLoginP99: rounds.every((r) => r.login.p99Ms <= 100),
      ...(legit?.commit
        ? { legitSeconds: legit.commit.status === 200 && legit.commit.seconds <= 20, legitRss: legit.commit.rssGrowthMb <= 150 }
        : {}),
    };
  } finally {
    await pg?.drop().catch(() => {});
    fs.rmSync(work, { recursive: true, force: true });
  }
  out.machine = { cpus: os.cpus().length, node: process.version, load1: round1(os.loadavg()[0]) };
  process.stdout.write(JSON.stringify(out) + "\n");
}

main().catch((error) => {
  process.stderr.write(`[bench:imports] falhou: ${error?.stack ?? error}\n`);
  process.exit(1);
});

// Several production instances, a throwaway PostgreSQL database, HAProxy and nginx on loopback:
// the pieces `npm run bench` and the two-instance integration test put together. Plain JS so
// the bench (node, no TypeScript) and the tests (vitest) share one copy; types in cluster.d.ts.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export const HAPROXY = process.env.HAPROXY_PATH ?? "/usr/sbin/haproxy";
export const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Installs a Debian package when its binary is missing (root only); true when the binary exists after. */
export function ensureDebianPackage(binary, pkg, say = () => {}) {
  if (fs.existsSync(binary)) return true;
  if (process.getuid?.() !== 0) return false;
  say(`instalando ${pkg} (apt-get)…`);
  spawnSync("apt-get", ["update", "-qq"], { stdio: "ignore" });
  spawnSync("apt-get", ["install", "-y", "-qq", pkg], { stdio: "ignore", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  return fs.existsSync(binary);
}

/** A fresh database on the PostgreSQL server of `adminUrl`, dropped (connections and all) by `drop()`. */
export async function createThrowawayPostgres(adminUrl, prefix = "sind_tmp") {
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** The processes a process has started (Linux /proc): the server processes of a WEB_CONCURRENCY start. */
export function childPids(pid) {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim().split(/\s+/))
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** Resident memory in MB of a process, then of each process it started (null: gone). */
function rssOfEach(pid) {
  return [pid, ...childPids(pid)].map((p) => {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${p}/status`, "utf8"));
      return m ? Math.round(Number(m[1]) / 1024) : null;
    } catch {
      return null;
    }
  });
}

/** The signing secret of loopback instances started without one (tests and benchmarks only). */
export const LOOPBACK_SESSION_SECRET = "segredo-de-teste-em-loopback-".padEnd(48, "x");

/**
 * One production instance in its own process (`node server/index.js`), on a free loopback port.
 * Resolves once `/readyz` answers 200. Without `databaseUrl`: a fresh embedded database in a temp dir.
 */
export async function startInstance({
  databaseUrl,
  env = {},
  seed = "auto",
  cwd = process.cwd(),
  readyTimeoutMs = 120_000,
  port: fixedPort,
} = {}) {
  const port = fixedPort ?? (await freePort());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sind-instance-"));
  const childEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SEED_DEMO: seed,
    LOG_LEVEL: "warn",
    APP_URL: `http://127.0.0.1:${port}`,
    INSTAGRAM_ACCESS_TOKEN: "",
    MAINTENANCE_MODE: "",
    // SIGTERM keeps serving this long after /readyz turns 503 (server/index.js): loopback
    // balancers here check every few hundred milliseconds.
    SHUTDOWN_DRAIN_MS: "1000",
    ...env,
  };
  delete childEnv.PGLITE_DATA_DIR;
  if (databaseUrl) childEnv.DATABASE_URL = databaseUrl;
  else delete childEnv.DATABASE_URL;
  // A production server on PostgreSQL refuses to start without these (ADR 244). On loopback: one
  // secret for every instance of a run, and e-mail to the outbox unless the caller gives an SMTP_URL.
  childEnv.SESSION_SECRET ||= LOOPBACK_SESSION_SECRET;
  if (!childEnv.SMTP_URL) childEnv.EMAIL_DISABLED = "true";
  else delete childEnv.EMAIL_DISABLED;
  // Vitest's own variables would make the child think it is a test worker.
  for (const k of Object.keys(childEnv)) if (k.startsWith("VITEST") || k === "TEST") delete childEnv[k];
  const child = spawn(process.execPath, ["server/index.js"], { cwd, env: childEnv, stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  let stdout = "";
  child.stderr.on("data", (d) => {
    stderr = (stderr + d).slice(-20_000);
  });
  child.stdout.on("data", (d) => {
    stdout = (stdout + d).slice(-20_000);
  });
  const exited = new Promise((r) => child.once("exit", r));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`o servidor parou ao iniciar:\n${stderr}`);
    try {
      const res = await fetch(`${base}/readyz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`o servidor não ficou pronto em ${readyTimeoutMs / 1000} s:\n${stderr}`);
    }
    await sleep(200);
  }
  const instance = {
    base,
    port,
    pid: child.pid,
    child,
    stderr: () => stderr,
    /** The last 20 kB it wrote to stdout (the cluster primary's "prontos" lines, ADR 286). */
    stdout: () => stdout,
    /** Its DATA_DIR (file store; e-mails in outbox/ unless an SMTP_URL was given). */
    dataDir,
    /** Resident memory of the process and its server processes (WEB_CONCURRENCY), in MB (Linux /proc). */
    rssMb: () => {
      const mb = rssOfEach(child.pid);
      return mb[0] === null ? null : mb.reduce((a, b) => a + (b ?? 0), 0);
    },
    /** The same, one figure per process: the start's first (the cluster's primary), then each server process. */
    rssEachMb: () => rssOfEach(child.pid),
    kill: async (signal = "SIGKILL") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
    stop: async () => {
      await instance.kill("SIGTERM");
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return instance;
}

async function waitForPort(port, proc, what, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`${what} parou ao iniciar`);
    const ok = await new Promise((resolve) => {
      const s = net.connect(port, "127.0.0.1", () => {
        s.destroy();
        resolve(true);
      });
      s.on("error", () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${what} não abriu a porta ${port}`);
    await sleep(100);
  }
}

/**
 * The HAProxy configuration docs/operations.md documents, for `backends` on loopback: round robin,
 * health check on /readyz, X-Forwarded-For set by the balancer (the app trusts one hop).
 */
export function haproxyConfig({ port, backends, statsPort, checkIntervalMs = 2000 }) {
  return `global
    maxconn 4096

defaults
    mode http
    option httplog
    option forwardfor
    option redispatch
    retries 2
    timeout connect 5s
    timeout client 30s
    timeout server 30s
    timeout http-request 10s
    timeout http-keep-alive 10s
    timeout queue 10s
    timeout check 5s

frontend site
    bind 127.0.0.1:${port}
    # The balancer owns the forwarded headers: a client's own copy is dropped before ours is added.
    http-request del-header X-Forwarded-For
    http-request del-header X-Forwarded-Host
    http-request del-header Forwarded
    http-request set-header X-Forwarded-Proto https if { ssl_fc }
    http-request set-header X-Forwarded-Proto http if !{ ssl_fc }
    default_backend app

backend app
    balance roundrobin
    option httpchk
    http-check send meth GET uri /readyz
    http-check expect status 200
    default-server inter ${checkIntervalMs} fall 2 rise 2 maxconn 256
${backends.map((b, i) => `    server app${i + 1} 127.0.0.1:${b.port} check`).join("\n")}
${statsPort ? `\nfrontend stats\n    bind 127.0.0.1:${statsPort}\n    stats enable\n    stats uri /stats\n    stats show-legends\n` : ""}`;
}

/** One column of the stats page's CSV (17: status, 7: total sessions) for each server of backend `app`. */
async function serverColumn(statsPort, index) {
  const csv = await (await fetch(`http://127.0.0.1:${statsPort}/stats;csv`)).text();
  const values = {};
  for (const line of csv.split("\n")) {
    const cols = line.split(",");
    if (cols[0] === "app" && cols[1] !== "BACKEND" && cols[1] !== "FRONTEND") values[cols[1]] = cols[index];
  }
  return values;
}

/** HAProxy in the foreground with `haproxyConfig(...)`; `stop()` ends it and removes its files. */
export async function startHaproxy({ backends, checkIntervalMs }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sind-haproxy-"));
  const port = await freePort();
  const statsPort = await freePort();
  const cfg = path.join(dir, "haproxy.cfg");
  fs.writeFileSync(cfg, haproxyConfig({ port, backends, statsPort, checkIntervalMs }));
  const proc = spawn(HAPROXY, ["-db", "-f", cfg], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  proc.stderr.on("data", (d) => (stderr = (stderr + d).slice(-10_000)));
  const exited = new Promise((r) => proc.once("exit", r));
  await waitForPort(port, proc, "haproxy").catch((e) => {
    throw new Error(`${e.message}\n${stderr}`);
  });
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    /** Server states from the stats page (CSV): { app1: "UP", app2: "DOWN", … }. */
    serverStates: async () => serverColumn(statsPort, 17),
    /** Requests (sessions) each server has been handed so far, health checks not counted: { app1: 12, … }. */
    serverTotals: async () => {
      const totals = {};
      for (const [name, v] of Object.entries(await serverColumn(statsPort, 7))) totals[name] = Number(v);
      return totals;
    },
    stop: async () => {
      if (proc.exitCode === null) proc.kill("SIGTERM");
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * nginx in the foreground serving `files` ({ "/": {body, headers}, "/x": … }) as static files
 * with the given response headers; gzip_static serves a precompressed copy (level 9) to clients
 * that accept gzip, so nginx spends no CPU on compression.
 */
export async function startNginx({ files, workers = "auto" }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sind-nginx-"));
  fs.chmodSync(dir, 0o755);
  const www = path.join(dir, "www");
  fs.mkdirSync(www, { mode: 0o755 });
  const port = await freePort();
  const zlib = await import("node:zlib");
  const locations = [];
  let i = 0;
  for (const [urlPath, { body, headers }] of Object.entries(files)) {
    const name = `page${i++}.html`;
    fs.writeFileSync(path.join(www, name), body, { mode: 0o644 });
    fs.writeFileSync(path.join(www, `${name}.gz`), zlib.gzipSync(body, { level: 9 }), { mode: 0o644 });
    const adds = Object.entries(headers ?? {})
      .map(([k, v]) => `            add_header ${k} "${String(v).replace(/"/g, '\\"')}" always;`)
      .join("\n");
    locations.push(
      `        location = ${urlPath} {\n            default_type "text/html; charset=utf-8";\n            try_files /${name} =404;\n${adds}\n        }`,
    );
  }
  const conf = path.join(dir, "nginx.conf");
  fs.writeFileSync(
    conf,
    `worker_processes ${workers};
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 2048; }
http {
    access_log off;
    sendfile on;
    tcp_nopush on;
    keepalive_requests 100000;
    gzip_static on;
    gzip_vary on;
    client_body_temp_path ${dir}/body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
    server {
        listen 127.0.0.1:${port};
        root ${www};
${locations.join("\n")}
    }
}
`,
  );
  const proc = spawn(NGINX, ["-p", dir, "-c", conf, "-e", path.join(dir, "error.log")], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  proc.stderr.on("data", (d) => (stderr += d));
  const server = stoppable(proc, port, dir, "SIGQUIT");
  await waitForPort(port, proc, "nginx").catch((e) => {
    throw new Error(
      `${e.message}\n${stderr}\n${fs.existsSync(path.join(dir, "error.log")) ? fs.readFileSync(path.join(dir, "error.log"), "utf8") : ""}`,
    );
  });
  return server;
}

/** A local server process on `port`: its address, and `stop()`, which ends it with `signal` and removes `dir`. */
function stoppable(proc, port, dir, signal) {
  const exited = new Promise((r) => proc.once("exit", r));
  return {
    base: `http://127.0.0.1:${port}`,
    stop: async () => {
      if (proc.exitCode === null) proc.kill(signal);
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The floor of a Node server (issue 24 §1): one bare `node:http` process that answers each page
 * with the same stored gzip bytes and headers as nginx gets, and nothing else (no routing, no
 * cache lookup, no nonce). The app's hit path is measured against it and against nginx.
 */
export async function startBareNode({ files }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sind-bare-"));
  const zlib = await import("node:zlib");
  const pages = {};
  for (const [urlPath, { body, headers }] of Object.entries(files)) {
    pages[urlPath] = { gzip: zlib.gzipSync(body, { level: 9 }).toString("base64"), headers: headers ?? {} };
  }
  fs.writeFileSync(path.join(dir, "pages.json"), JSON.stringify(pages));
  const port = await freePort();
  const script = `
    const http = require("node:http");
    const pages = JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8"));
    const answers = {};
    for (const [p, { gzip, headers }] of Object.entries(pages)) {
      const body = Buffer.from(gzip, "base64");
      answers[p] = { body, headers: { ...headers, "content-type": "text/html; charset=utf-8", "content-encoding": "gzip", vary: "Accept-Encoding", "content-length": body.length } };
    }
    http.createServer((req, res) => {
      const a = answers[req.url];
      if (!a) { res.writeHead(404); return res.end(); }
      res.writeHead(200, a.headers);
      res.end(a.body);
    }).listen(Number(process.argv[2]), "127.0.0.1");`;
  const proc = spawn(process.execPath, ["-e", script, path.join(dir, "pages.json"), String(port)], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const server = stoppable(proc, port, dir, "SIGTERM");
  await waitForPort(port, proc, "node:http").catch(async (e) => {
    await server.stop();
    throw e;
  });
  return server;
}

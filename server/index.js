// The Node entry: `npm start`, `npm run start:prod` and `npm run dev`.
//
// One process serves by default. With WEB_CONCURRENCY=N (N > 1) and a PostgreSQL database, this
// process forks N server processes (node:cluster) that share the port, as N instances of one host
// (ADR 286): the app is already stateless between instances (sessions, rate limits, jobs and
// caches' invalidation live in PostgreSQL, ADR 247). The first one starts alone (it applies the
// migrations and, when asked, the demo seed), then the others. The embedded database (PGlite)
// belongs to one process, so there WEB_CONCURRENCY is ignored, with a warning.
import cluster from "node:cluster";

const dev = process.argv.includes("--dev") || process.env.NODE_ENV === "development";
const wanted = Number(process.env.WEB_CONCURRENCY ?? 1);
const workers = Number.isInteger(wanted) && wanted > 1 ? Math.min(wanted, 16) : 1;
const onPostgres = Boolean(process.env.DATABASE_URL || process.env.DATABASE_URL_FILE);
const say = (level, msg, fields) =>
  (level === "warn" ? console.error : console.log)(JSON.stringify({ t: new Date().toISOString(), level, msg, ...fields }));

if (cluster.isPrimary && !dev && workers > 1 && onPostgres) {
  await runPrimary(workers);
} else {
  if (cluster.isPrimary && workers > 1 && !dev) {
    say("warn", "WEB_CONCURRENCY ignorado: o banco embutido (PGlite) pertence a um só processo", { WEB_CONCURRENCY: wanted });
  }
  await import("./http-server.js");
}

/**
 * Forks `n` server processes, the first alone. One that stops before it listens (a bad setting, a
 * database out of reach) stops the start: every process is stopped and this one exits with its
 * code, as a single process would. Once all listen, one that dies is replaced (a second later).
 * SIGTERM and SIGINT go to every process, each drains as it would alone (ADR 247); this one exits
 * when they all have, with 1 if any failed.
 */
async function runPrimary(n) {
  let stopping = false;
  let started = false;
  let failed = false;
  const alive = () => Object.keys(cluster.workers ?? {}).length;
  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    if (alive() === 0) process.exit(failed ? 1 : 0);
  };
  const fork = () =>
    new Promise((resolve, reject) => {
      const worker = cluster.fork();
      let listening = false;
      worker.once("listening", () => {
        listening = true;
        resolve(worker);
      });
      worker.once("exit", (code, signal) => {
        if (code) failed = true;
        if (stopping) {
          if (alive() === 0) process.exit(failed ? 1 : 0);
        } else if (!listening && !started) {
          reject(Object.assign(new Error("falhou ao iniciar"), { code: code || 1 }));
        } else if (!listening) {
          setTimeout(() => void fork().catch(() => {}), 1000);
        } else {
          say("warn", "processo do servidor parou; iniciando outro", { pid: worker.process.pid, code, signal });
          setTimeout(
            () =>
              void fork()
                .then((w) => say("info", "processo substituto pronto", { pid: w.process.pid }))
                .catch(() => {}),
            1000,
          );
        }
      });
    });
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  try {
    await fork();
    await Promise.all(Array.from({ length: n - 1 }, () => fork()));
  } catch (err) {
    failed = true;
    stop("SIGTERM");
    process.exitCode = err.code;
    if (alive() === 0) process.exit(err.code);
    return;
  }
  started = true;
  say("info", `${n} processos do servidor prontos`, { workers: n });
}

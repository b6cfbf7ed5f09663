import { spawn, type ChildProcess } from "node:child_process";
import readline from "node:readline";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { startTestServer, type TestServer } from "../support/server";
import { createThrowawayDatabase, testDriver } from "../support/database";
import { jobRow, jobsApi, type JobsApi } from "../support/jobs";

/**
 * The queue's guarantees across real processes (ADR 080), on PostgreSQL: PGlite is a
 * single-process database, so there the same guarantees are the in-process ones of
 * jobs.test.ts. Each worker is a child process running the production build's init() against
 * the same database (tests/support/job-worker.mjs); side effects are rows in test_job_effects.
 */

type Event = { event: string; worker: string; job?: number; attempt?: number };
type Worker = {
  label: string;
  child: ChildProcess;
  events: Event[];
  waitFor: (match: (e: Event) => boolean, timeoutMs?: number) => Promise<Event>;
  exited: Promise<number | null>;
};

const LEASE_SECONDS = 2;
let server: TestServer;
let api: JobsApi;
let databaseUrl: string;
let drop: (() => Promise<void>) | undefined;
const children: Worker[] = [];

function startWorker(label: string, env: Record<string, string> = {}): Worker {
  const child = spawn(process.execPath, ["tests/support/job-worker.mjs"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      LOG_LEVEL: "silent",
      DATABASE_URL: databaseUrl,
      WORKER_LABEL: label,
      JOBS_ENABLED: "true",
      JOBS_POLL_MS: "100",
      JOBS_LEASE_SECONDS: String(LEASE_SECONDS),
      INSTAGRAM_ACCESS_TOKEN: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const events: Event[] = [];
  const waiters = new Set<() => void>();
  readline.createInterface({ input: child.stdout! }).on("line", (line) => {
    try {
      const e = JSON.parse(line) as Event;
      if (!e.event) return;
      events.push(e);
      for (const w of waiters) w();
    } catch {
      /* not ours */
    }
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const waitFor = (match: (e: Event) => boolean, timeoutMs = 20_000) =>
    new Promise<Event>((resolve, reject) => {
      const check = () => {
        const hit = events.find(match);
        if (hit) {
          waiters.delete(check);
          clearTimeout(timer);
          resolve(hit);
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`${label}: evento não chegou em ${timeoutMs} ms (${JSON.stringify(events)})`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  const w = { label, child, events, waitFor, exited };
  children.push(w);
  return w;
}

async function stopWorker(w: Worker) {
  if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill("SIGTERM");
  await w.exited;
}

async function effects(tag: string) {
  return server.query<{ job_id: number; worker: string }>`select job_id::int, worker from test_job_effects where tag = ${tag} order by id`;
}

describe.skipIf(testDriver() !== "postgres")("jobs across processes (PostgreSQL)", () => {
  const payload = z.object({ tag: z.string(), ms: z.number().int().min(0).default(0) });
  let effect: ReturnType<typeof api.defineJob<typeof payload>>;

  beforeAll(async () => {
    const created = await createThrowawayDatabase();
    databaseUrl = created.url;
    drop = created.drop;
    // This process only enqueues and looks: its own worker is off.
    server = await startTestServer({ databaseUrl, env: { JOBS_ENABLED: "false" } });
    api = jobsApi(server);
    await server.query`create table test_job_effects (id serial primary key, job_id bigint not null, tag text not null, worker text, at timestamptz not null default now())`;
    // The same definition as the worker script's, so enqueue validates the payload here too.
    effect = api.defineJob("test.effect", payload, async () => {
      throw new Error("este processo não executa jobs");
    });
  });
  afterEach(async () => {
    for (const w of children.splice(0)) await stopWorker(w);
  });
  afterAll(async () => {
    for (const w of children.splice(0)) await stopWorker(w);
    await server?.close();
    await drop?.();
  });

  it("a job is not lost when its worker is killed with SIGKILL mid-job, and runs exactly once afterwards", async () => {
    const a = startWorker("A");
    await a.waitFor((e) => e.event === "ready");
    const id = (await api.enqueueJob(effect, { tag: "kill", ms: 2500 }))!;
    await a.waitFor((e) => e.event === "started" && e.job === id);
    expect(await jobRow(server, id)).toMatchObject({ state: "running", attempts: 1 });
    expect((await jobRow(server, id)).locked_by).toContain(String(a.child.pid));

    a.child.kill("SIGKILL");
    await a.exited;
    // Not lost: the row is still there, held by the dead worker until its lease runs out.
    expect(await jobRow(server, id)).toMatchObject({ state: "running", attempts: 1 });
    expect(await effects("kill")).toEqual([]);

    const b = startWorker("B");
    await b.waitFor((e) => e.event === "done" && e.job === id, 30_000);
    const started = b.events.filter((e) => e.event === "started" && e.job === id);
    expect(started).toEqual([{ event: "started", worker: "B", job: id, attempt: 2 }]);
    expect(await jobRow(server, id)).toMatchObject({ state: "done", attempts: 2, locked_by: null });
    expect(await effects("kill")).toEqual([{ job_id: id, worker: "B" }]);

    // And it stays at once: nothing picks it up again after another lease period.
    await new Promise((r) => setTimeout(r, LEASE_SECONDS * 1000 + 700));
    expect(await effects("kill")).toEqual([{ job_id: id, worker: "B" }]);
    expect(b.events.filter((e) => e.event === "started" && e.job === id)).toHaveLength(1);
  });

  it("two worker processes share 40 jobs: each job starts once and completes once", async () => {
    const a = startWorker("A");
    const b = startWorker("B");
    await Promise.all([a.waitFor((e) => e.event === "ready"), b.waitFor((e) => e.event === "ready")]);
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) ids.push((await api.enqueueJob(effect, { tag: "shared", ms: 40 }))!);
    await expect.poll(async () => (await effects("shared")).length, { timeout: 30_000, interval: 200 }).toBe(40);
    const rows = await effects("shared");
    expect(new Set(rows.map((r) => r.job_id))).toEqual(new Set(ids));
    const starts = [...a.events, ...b.events].filter((e) => e.event === "started" && ids.includes(e.job!));
    expect(starts).toHaveLength(40);
    expect(new Set(starts.map((e) => e.job)).size).toBe(40);
    // Both processes took part.
    expect(rows.filter((r) => r.worker === "A").length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.worker === "B").length).toBeGreaterThan(0);
  });

  it("a recurring job runs once per interval across two processes", async () => {
    const a = startWorker("A", { TEST_TICK_SECONDS: "1" });
    const b = startWorker("B", { TEST_TICK_SECONDS: "1" });
    await Promise.all([a.waitFor((e) => e.event === "ready"), b.waitFor((e) => e.event === "ready")]);
    await new Promise((r) => setTimeout(r, 4500));
    const jobs = await server.query<{ ms: number }>`
      select (extract(epoch from created_at) * 1000)::float8 as ms from jobs where name = 'test.tick' order by created_at`;
    // About one per second (a first run at once, then every second), not one per process.
    expect(jobs.length).toBeGreaterThanOrEqual(3);
    expect(jobs.length).toBeLessThanOrEqual(6);
    for (let i = 1; i < jobs.length; i++) expect(jobs[i].ms - jobs[i - 1].ms).toBeGreaterThanOrEqual(999);
    await expect.poll(async () => (await effects("tick")).length, { timeout: 5000 }).toBe(jobs.length);
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { sql } from "drizzle-orm";
import { startTestServer, type TestServer } from "../support/server";
import { jobRow, jobsApi, type JobsApi } from "../support/jobs";
import { startSmtpSink, type SmtpSink } from "../fakes/smtp-sink";
import { startTcpProxy } from "../support/tcp-proxy";

/**
 * The job queue in one process, on both drivers (ADR 080): several JobWorker instances play
 * app instances. The cross-process guarantees (kill -9, two processes) are in
 * jobs-processes.test.ts on PostgreSQL.
 */

let server: TestServer;
let api: JobsApi;
let sink: SmtpSink;
let smtp: Awaited<ReturnType<typeof startTcpProxy>>;
const workers: Array<InstanceType<JobsApi["JobWorker"]>> = [];
const sinkOptions: { rejectRecipients?: RegExp } = { rejectRecipients: /^recusado@/ };

beforeAll(async () => {
  sink = await startSmtpSink(sinkOptions);
  smtp = await startTcpProxy({ host: "127.0.0.1", port: sink.port });
  // The app's own worker is off: each test starts the workers it needs.
  server = await startTestServer({ env: { JOBS_ENABLED: "false", SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } });
  api = jobsApi(server);
  await server.query`create table test_job_effects (id serial primary key, job_id bigint not null, tag text not null, worker text)`;
});
afterEach(async () => {
  for (const w of workers.splice(0)) await w.stop(500);
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
  await sink?.close();
});

function startWorker(
  id: string,
  opts: { leaseSeconds?: number; concurrency?: number; schedules?: Array<{ job: { name: string }; everySeconds: number }> } = {},
) {
  const w = new api.JobWorker({
    id,
    pollMs: 50,
    concurrency: opts.concurrency ?? 2,
    leaseSeconds: opts.leaseSeconds ?? 5,
    schedules: opts.schedules,
  });
  workers.push(w);
  return w.start().then(() => w);
}

async function effects(tag: string) {
  return server.query<{ job_id: number; worker: string }>`select job_id::int, worker from test_job_effects where tag = ${tag} order by id`;
}

async function waitForState(id: number, state: string, timeout = 10_000) {
  await expect.poll(async () => (await jobRow(server, id))?.state, { timeout, interval: 50 }).toBe(state);
}

const effectPayload = z.object({ tag: z.string(), ms: z.number().int().min(0).default(0) });

describe("the job queue (in process)", () => {
  it("runs an enqueued job once, with its validated payload; a bad payload is refused when enqueued", async () => {
    const seen: unknown[] = [];
    const job = api.defineJob("test.echo", effectPayload, async ({ payload, job, complete }) => {
      seen.push(payload);
      await complete((tx) => tx.execute(sql`insert into test_job_effects (job_id, tag) values (${job.id}, ${payload.tag})`));
    });
    await expect(api.enqueueJob(job, { tag: 42 } as never)).rejects.toThrow();
    const id = (await api.enqueueJob(job, { tag: "echo" }))!;
    expect((await jobRow(server, id)).state).toBe("queued");
    await startWorker("w1");
    await waitForState(id, "done");
    expect(seen).toEqual([{ tag: "echo", ms: 0 }]);
    expect(await effects("echo")).toEqual([{ job_id: id, worker: null }]);
    const row = await jobRow(server, id);
    expect(row).toMatchObject({ attempts: 1, last_error: null, locked_by: null });
  });

  it("retries a failing job with exponential backoff, keeps each error, and fails it for good after max attempts", async () => {
    let calls = 0;
    const job = api.defineJob(
      "test.flaky",
      z.object({}),
      async () => {
        calls++;
        throw new Error(`falha número ${calls}`);
      },
      { maxAttempts: 3, backoffSeconds: 20 },
    );
    const id = (await api.enqueueJob(job, {}))!;
    await startWorker("w1");
    await expect.poll(async () => (await jobRow(server, id)).attempts, { timeout: 5000, interval: 50 }).toBe(1);
    await expect.poll(async () => (await jobRow(server, id)).state, { interval: 50 }).toBe("queued");
    let row = await jobRow(server, id);
    expect(row.last_error).toBe("falha número 1");
    // First retry after backoff × 2^0 = 20 s.
    expect(row.run_in).toBeGreaterThan(18);
    expect(row.run_in).toBeLessThanOrEqual(20);

    await server.query`update jobs set run_at = now() where id = ${id}`;
    await expect.poll(async () => (await jobRow(server, id)).last_error, { timeout: 5000, interval: 50 }).toBe("falha número 2");
    row = await jobRow(server, id);
    // Second retry after 20 × 2^1 = 40 s.
    expect(row.state).toBe("queued");
    expect(row.run_in).toBeGreaterThan(38);
    expect(row.run_in).toBeLessThanOrEqual(40);

    await server.query`update jobs set run_at = now() where id = ${id}`;
    await waitForState(id, "failed");
    row = await jobRow(server, id);
    expect(row).toMatchObject({ attempts: 3, last_error: "falha número 3", locked_by: null });
    expect(calls).toBe(3);
    const [finished] = await server.query<{ finished: boolean }>`select finished_at is not null as finished from jobs where id = ${id}`;
    expect(finished.finished).toBe(true);
  });

  it("drops a duplicate singletonKey while the first is queued or running, and accepts it again once done", async () => {
    const job = api.defineJob("test.single", effectPayload, async ({ payload, job, complete }) => {
      await complete((tx) => tx.execute(sql`insert into test_job_effects (job_id, tag) values (${job.id}, ${payload.tag})`));
    });
    const first = await api.enqueueJob(job, { tag: "single" }, { singletonKey: "k1" });
    const dup = await api.enqueueJob(job, { tag: "single" }, { singletonKey: "k1" });
    const other = await api.enqueueJob(job, { tag: "single" }, { singletonKey: "k2" });
    expect(first).toBeTypeOf("number");
    expect(dup).toBeNull();
    expect(other).toBeTypeOf("number");
    await startWorker("w1");
    await waitForState(first!, "done");
    await waitForState(other!, "done");
    expect(await api.enqueueJob(job, { tag: "single" }, { singletonKey: "k1" })).toBeTypeOf("number");
  });

  it("a job enqueued in a transaction exists only if the transaction commits", async () => {
    const job = api.defineJob("test.tx", effectPayload, async () => {});
    const db = server.hooks.db() as unknown as { transaction: <T>(fn: (tx: never) => Promise<T>) => Promise<T> };
    await expect(
      db.transaction(async (tx) => {
        await api.enqueueJob(job, { tag: "rolled-back" }, { tx });
        throw new Error("desfaz");
      }),
    ).rejects.toThrow("desfaz");
    const committed = await db.transaction(async (tx) => api.enqueueJob(job, { tag: "committed" }, { tx }));
    const rows = await server.query<{ id: number; tag: string }>`select id::int, payload->>'tag' as tag from jobs where name = 'test.tx'`;
    expect(rows).toEqual([{ id: committed, tag: "committed" }]);
  });

  it("two workers over 40 jobs: each job runs exactly once and never on both at the same time", async () => {
    const running = new Set<number>();
    const overlaps: number[] = [];
    const job = api.defineJob("test.many", effectPayload, async ({ payload, job, complete }) => {
      if (running.has(job.id)) overlaps.push(job.id);
      running.add(job.id);
      await new Promise((r) => setTimeout(r, payload.ms));
      running.delete(job.id);
      await complete((tx) => tx.execute(sql`insert into test_job_effects (job_id, tag) values (${job.id}, ${payload.tag})`));
    });
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) ids.push((await api.enqueueJob(job, { tag: "many", ms: 5 + (i % 4) * 5 }))!);
    const [a, b] = await Promise.all([startWorker("A", { concurrency: 3 }), startWorker("B", { concurrency: 3 })]);
    await expect.poll(async () => (await effects("many")).length, { timeout: 20_000, interval: 100 }).toBe(40);
    const rows = await server.query<{
      id: number;
      state: string;
      attempts: number;
    }>`select id::int, state, attempts from jobs where name = 'test.many'`;
    expect(rows.every((r) => r.state === "done" && r.attempts === 1)).toBe(true);
    expect(new Set((await effects("many")).map((e) => e.job_id))).toEqual(new Set(ids));
    expect(overlaps).toEqual([]);
    expect(a.id).not.toBe(b.id);
  });

  it("a job whose worker died is taken over once its lease runs out; the dead worker can no longer complete it", async () => {
    const job = api.defineJob("test.takeover", effectPayload, async ({ payload, job, complete }) => {
      await complete((tx) => tx.execute(sql`insert into test_job_effects (job_id, tag, worker) values (${job.id}, ${payload.tag}, 'B')`));
    });
    const id = (await api.enqueueJob(job, { tag: "takeover" }))!;
    // "ghost" claims the job with a 1 s lease and then never renews it (as after kill -9).
    const claimed = await api.claimJob("ghost", ["test.takeover"], 1);
    expect(claimed).toMatchObject({ id, attempts: 1 });
    await startWorker("B", { leaseSeconds: 5 });
    // Not before the lease expires…
    await new Promise((r) => setTimeout(r, 400));
    expect(await jobRow(server, id)).toMatchObject({ state: "running", locked_by: "ghost" });
    // …then B takes it over and runs it once.
    await waitForState(id, "done", 5000);
    expect(await jobRow(server, id)).toMatchObject({ attempts: 2 });
    expect(await effects("takeover")).toEqual([{ job_id: id, worker: "B" }]);
    expect(await api.markDone(id, "ghost")).toBe(false);
  });

  it("a recurring job is enqueued once per interval, however many instances tick at once", async () => {
    const job = api.defineJob("test.every", z.object({}).passthrough(), async () => {});
    await api.upsertSchedule({ job, everySeconds: 3600 });
    const ticks = await Promise.all([1, 2, 3, 4].map(() => api.runDueSchedules(["test.every"])));
    expect(ticks.flat()).toEqual(["test.every"]);
    expect(await api.runDueSchedules(["test.every"])).toEqual([]);
    // A restart does not run it early: the schedule keeps its next run.
    await api.upsertSchedule({ job, everySeconds: 3600 });
    expect(await api.runDueSchedules(["test.every"])).toEqual([]);
    // The interval has passed: once more (the earlier run is still queued, so it is not doubled).
    await server.query`update jobs set state = 'done' where name = 'test.every'`;
    await server.query`update job_schedules set next_run_at = now() - interval '1 second' where name = 'test.every'`;
    const again = await Promise.all([1, 2, 3].map(() => api.runDueSchedules(["test.every"])));
    expect(again.flat()).toEqual(["test.every"]);
    const rows = await server.query<{ n: number }>`select count(*)::int as n from jobs where name = 'test.every'`;
    expect(rows[0].n).toBe(2);
    const [schedule] = await server.query<{ next_in: number }>`
      select extract(epoch from (next_run_at - now()))::float as next_in from job_schedules where name = 'test.every'`;
    expect(schedule.next_in).toBeGreaterThan(3500);
  });

  it("stopping gives a job that outlasts the grace period back to the queue; another worker then completes it", async () => {
    const started: string[] = [];
    const job = api.defineJob("test.slow", effectPayload, async ({ payload, job, signal, complete }) => {
      started.push(String(job.attempts));
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, payload.ms);
        signal.addEventListener("abort", () => {
          clearTimeout(t);
          resolve();
        });
      });
      if (signal.aborted) throw new Error("interrompido");
      await complete((tx) => tx.execute(sql`insert into test_job_effects (job_id, tag) values (${job.id}, ${payload.tag})`));
    });
    const id = (await api.enqueueJob(job, { tag: "slow", ms: 800 }))!;
    const a = await startWorker("A");
    await expect.poll(() => a.runningJobs(), { interval: 20 }).toEqual([id]);
    workers.splice(workers.indexOf(a), 1);
    await a.stop(100);
    expect(await jobRow(server, id)).toMatchObject({ state: "queued", attempts: 0, locked_by: null });
    await startWorker("B");
    await waitForState(id, "done", 5000);
    expect(await effects("slow")).toHaveLength(1);
    expect(await jobRow(server, id)).toMatchObject({ attempts: 1 });
  });
});

describe("send-email through the queue", () => {
  it("an unreachable SMTP server is retried with backoff and the message goes out when it returns", async () => {
    await smtp.cut();
    const id = (await api.enqueueEmail({ to: "ana@example.com", subject: "Aviso em fila", text: "Olá, Ana." }))!;
    await startWorker("mail");
    await expect.poll(async () => (await jobRow(server, id)).attempts, { timeout: 10_000, interval: 50 }).toBe(1);
    await expect.poll(async () => (await jobRow(server, id)).state, { interval: 50 }).toBe("queued");
    const row = await jobRow(server, id);
    expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(row.run_in).toBeGreaterThan(55); // 60 s before the first retry
    expect(sink.messages).toHaveLength(0);

    await smtp.restore();
    await server.query`update jobs set run_at = now() where id = ${id}`;
    const mail = await sink.waitFor((m) => m.subject === "Aviso em fila", 10_000);
    expect(mail.to).toEqual(["ana@example.com"]);
    expect(mail.text).toContain("Olá, Ana.");
    await waitForState(id, "done");
    expect(await jobRow(server, id)).toMatchObject({ attempts: 2 });
  });

  it("a mailbox refused with 5xx fails at once (no pointless retries), with the reason kept", async () => {
    const id = (await api.enqueueEmail({ to: "recusado@example.com", subject: "Não entregue", text: "x" }))!;
    await startWorker("mail");
    await waitForState(id, "failed");
    const row = await jobRow(server, id);
    expect(row.attempts).toBe(1);
    expect(row.last_error).toContain("SMTP 550");
  });

  it("an e-mail enqueued in a rolled-back transaction is never sent", async () => {
    const db = server.hooks.db() as unknown as { transaction: <T>(fn: (tx: never) => Promise<T>) => Promise<T> };
    await expect(
      db.transaction(async (tx) => {
        await api.enqueueEmail({ to: "ana@example.com", subject: "Nunca", text: "x" }, { tx });
        throw new Error("desfaz");
      }),
    ).rejects.toThrow();
    const rows = await server.query<{
      n: number;
    }>`select count(*)::int as n from jobs where name = 'send-email' and payload->>'subject' = 'Nunca'`;
    expect(rows[0].n).toBe(0);
  });
});

// A worker process for tests/integration/jobs-processes.test.ts: the production build's init()
// (migrations, the app's job worker) against DATABASE_URL, plus test jobs whose only side effect
// is a row in test_job_effects written in the same transaction that completes the job.
// Prints one JSON line per event ({"event":"ready"|"started"|"done", ...}) on stdout.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { z } from "zod";
import { sql } from "drizzle-orm";

const label = process.env.WORKER_LABEL ?? "worker";
const say = (event, fields = {}) => process.stdout.write(`${JSON.stringify({ event, worker: label, ...fields })}\n`);
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build", "server");
const bundle = await import(pathToFileURL(path.join(buildDir, "index.js")).href);
// The job queue from the build's test hooks (server/test-hooks.ts), on the same modules as init().
const hooks = await import(pathToFileURL(path.join(buildDir, "test-hooks.js")).href);

hooks.defineJob(
  "test.effect",
  z.object({ tag: z.string(), ms: z.number().int().min(0).default(0) }),
  async ({ payload, job, complete }) => {
    say("started", { job: job.id, attempt: job.attempts });
    await new Promise((resolve) => setTimeout(resolve, payload.ms));
    await complete((tx) =>
      tx.execute(sql`insert into test_job_effects (job_id, tag, worker) values (${job.id}, ${payload.tag}, ${label})`),
    );
    say("done", { job: job.id });
  },
);
const tick = hooks.defineJob("test.tick", z.object({}).passthrough(), async ({ job, complete }) => {
  await complete((tx) => tx.execute(sql`insert into test_job_effects (job_id, tag, worker) values (${job.id}, 'tick', ${label})`));
});

await bundle.init({ databaseUrl: process.env.DATABASE_URL, seed: false });
let ticker;
if (process.env.TEST_TICK_SECONDS) {
  ticker = new hooks.JobWorker({
    pollMs: 100,
    concurrency: 1,
    leaseSeconds: 5,
    schedules: [{ job: tick, everySeconds: Number(process.env.TEST_TICK_SECONDS) }],
  });
  await ticker.start();
}
say("ready");

process.on("SIGTERM", async () => {
  await ticker?.stop();
  await bundle.shutdown();
  process.exit(0);
});

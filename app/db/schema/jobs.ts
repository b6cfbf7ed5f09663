import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { instant, createdAt, updatedAt } from "./columns";
import { files } from "./system";

/**
 * Durable background jobs (ADR 080). A worker claims a due row with `FOR UPDATE SKIP LOCKED`
 * and holds it under a lease (`locked_by`, `locked_until`) that it renews while the handler
 * runs; a row whose lease ran out (its worker died) is claimed again.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    payload: jsonb("payload").notNull().default({}),
    state: text("state").notNull().default("queued"),
    runAt: instant("run_at").notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(5),
    /** First retry delay; each later one doubles (capped). */
    backoffSeconds: integer("backoff_seconds").notNull().default(30),
    lastError: text("last_error"),
    lockedBy: text("locked_by"),
    lockedUntil: instant("locked_until"),
    /** De-duplication: at most one queued or running job per (name, singleton_key). */
    singletonKey: text("singleton_key"),
    createdAt: createdAt(),
    startedAt: instant("started_at"),
    finishedAt: instant("finished_at"),
  },
  (t) => [
    check("jobs_state_check", sql`${t.state} in ('queued','running','done','failed')`),
    check("jobs_attempts_check", sql`${t.maxAttempts} >= 1 and ${t.attempts} >= 0`),
    // The claim query's two paths: due queued jobs, and running jobs whose lease expired.
    index("jobs_queued_idx")
      .on(t.runAt)
      .where(sql`${t.state} = 'queued'`),
    index("jobs_running_idx")
      .on(t.lockedUntil)
      .where(sql`${t.state} = 'running'`),
    index("jobs_finished_idx").on(t.state, t.finishedAt),
    uniqueIndex("jobs_singleton_idx")
      .on(t.name, t.singletonKey)
      .where(sql`${t.singletonKey} is not null and ${t.state} in ('queued','running')`),
  ],
);

/**
 * Recurring jobs: one row per schedule. An instance enqueues the next run by moving
 * `next_run_at` forward in the same statement that inserts the job, so however many instances
 * tick, each interval enqueues once.
 */
export const jobSchedules = pgTable("job_schedules", {
  name: text("name").primaryKey(),
  everySeconds: integer("every_seconds").notNull(),
  nextRunAt: instant("next_run_at").notNull(),
  lastEnqueuedAt: instant("last_enqueued_at"),
});

/**
 * The last outcome of each external service (CEP, geocoder, Instagram, …), written by the
 * integration modules through recordServiceCall and shown on the diagnostics page.
 */
export const serviceStatus = pgTable("service_status", {
  service: text("service").primaryKey(),
  lastOk: boolean("last_ok").notNull(),
  lastSuccessAt: instant("last_success_at"),
  lastErrorAt: instant("last_error_at"),
  lastError: text("last_error"),
  calls: bigint("calls", { mode: "number" }).notNull().default(0),
  failures: bigint("failures", { mode: "number" }).notNull().default(0),
  updatedAt: updatedAt(),
});

/**
 * A spreadsheet import's commit run as a job (issue 21 §7, ADR 253): the uploaded file (in the
 * file store, so any instance's worker reads it), who sent it, its progress and its outcome.
 * The page reads the latest run of its kind, so a reload or another instance shows it.
 */
export const importRuns = pgTable(
  "import_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** 'members' or 'workplaces'. */
    kind: text("kind").notNull(),
    /** queued → checking → writing → done | refused (a row has a problem: nothing written) | failed. */
    status: text("status").notNull().default("queued"),
    fileId: uuid("file_id").references(() => files.id, { onDelete: "set null" }),
    fileName: text("file_name").notNull(),
    /** Who sent it: { id, username, role } (the job acts as them). */
    actor: jsonb("actor").notNull(),
    /** The import's options (the workplaces' confirmation of likely duplicates). */
    options: jsonb("options").notNull().default({}),
    processed: integer("processed").notNull().default(0),
    total: integer("total"),
    report: jsonb("report"),
    message: text("message"),
    jobId: bigint("job_id", { mode: "number" }),
    createdAt: createdAt(),
    startedAt: instant("started_at"),
    updatedAt: updatedAt(),
    finishedAt: instant("finished_at"),
  },
  (t) => [
    check("import_runs_kind_check", sql`${t.kind} in ('members','workplaces')`),
    check("import_runs_status_check", sql`${t.status} in ('queued','checking','writing','done','refused','failed')`),
    index("import_runs_kind_created_idx").on(t.kind, t.createdAt),
    // At most one import of each kind queued or running.
    uniqueIndex("import_runs_active_idx")
      .on(t.kind)
      .where(sql`${t.status} in ('queued','checking','writing')`),
  ],
);

import { and, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import { db, detachFromTransaction, type Tx } from "~/db/client.server";
import { jobs, jobSchedules } from "~/db/schema";

/**
 * The one background-job mechanism (ADR 080): a `jobs` table claimed with
 * `FOR UPDATE SKIP LOCKED` under a renewable lease. Works the same on PGlite and PostgreSQL.
 *
 * - `defineJob(name, zodPayload, handler, options)` registers a kind of job;
 * - `enqueueJob(definition, payload, { tx, runAt, delaySeconds, singletonKey })` adds one, in
 *   the caller's transaction when given, so a job commits (or not) with the write it belongs to;
 * - the worker (worker.server.ts) claims, runs, retries with exponential backoff, and marks
 *   done or failed. Failures stay in the table (`last_error`) and in the log.
 */

export type JobRow = {
  id: number;
  name: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
  backoffSeconds: number;
};

export type JobContext<P> = {
  payload: P;
  job: Readonly<Pick<JobRow, "id" | "name" | "attempts" | "maxAttempts">>;
  /** Aborted when the worker stops or loses the job's lease: long handlers should give up. */
  signal: AbortSignal;
  /**
   * Runs `fn` in one transaction with marking the job done. When the worker lost the lease
   * (another instance took the job over), the transaction rolls back: a database side effect
   * written here happens exactly once.
   */
  complete: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
};

export type JobOptions = {
  /** Attempts before the job is marked failed (default 5). */
  maxAttempts?: number;
  /** First retry delay in seconds; each later retry doubles it, capped at an hour (default 30). */
  backoffSeconds?: number;
};

export type JobDefinition<In = unknown, Out = In> = {
  readonly name: string;
  readonly schema: z.ZodType<Out, In>;
  readonly handler: (ctx: JobContext<Out>) => Promise<unknown>;
  readonly options: Required<JobOptions>;
};

export type EnqueueOptions = {
  /** Enqueue inside this transaction (the job exists only if it commits). */
  tx?: Tx;
  runAt?: Date;
  delaySeconds?: number;
  /** At most one queued or running job per (name, key): a duplicate is dropped (returns null). */
  singletonKey?: string;
  maxAttempts?: number;
  backoffSeconds?: number;
};

/** A failure that retrying cannot fix (bad payload, missing record): the job fails at once. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PermanentJobError";
  }
}

export const MAX_BACKOFF_SECONDS = 3600;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const registry = new Map<string, JobDefinition<any, any>>();

/**
 * Registers a kind of job. Defining a name again replaces the previous definition (the dev
 * server re-runs modules on edit).
 */
export function defineJob<S extends z.ZodType>(
  name: string,
  schema: S,
  handler: (ctx: JobContext<z.output<S>>) => Promise<unknown>,
  options: JobOptions = {},
): JobDefinition<z.input<S>, z.output<S>> {
  const definition: JobDefinition<z.input<S>, z.output<S>> = {
    name,
    schema: schema as unknown as z.ZodType<z.output<S>, z.input<S>>,
    handler,
    options: { maxAttempts: options.maxAttempts ?? 5, backoffSeconds: options.backoffSeconds ?? 30 },
  };
  registry.set(name, definition);
  return definition;
}

export function jobDefinition(name: string) {
  return registry.get(name);
}

export function definedJobNames() {
  return [...registry.keys()];
}

/**
 * Adds a job. The payload is validated now (a bad one is a programming error and throws).
 * Returns the job id, or null when `singletonKey` found one already queued or running.
 */
export async function enqueueJob<In, Out>(
  definition: JobDefinition<In, Out>,
  payload: In,
  opts: EnqueueOptions = {},
): Promise<number | null> {
  const parsed = definition.schema.parse(payload);
  const runAt = opts.runAt ?? (opts.delaySeconds ? new Date(Date.now() + opts.delaySeconds * 1000) : undefined);
  const rows = await (opts.tx ?? db())
    .insert(jobs)
    .values({
      name: definition.name,
      payload: (parsed ?? {}) as object,
      ...(runAt ? { runAt } : {}),
      maxAttempts: opts.maxAttempts ?? definition.options.maxAttempts,
      backoffSeconds: opts.backoffSeconds ?? definition.options.backoffSeconds,
      singletonKey: opts.singletonKey ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: jobs.id });
  const id = rows[0]?.id ?? null;
  // Let this process's worker look at once (a job enqueued in a transaction shows after commit).
  // The timer leaves the transaction's scope: a long transaction (an import enqueueing geocoding)
  // may still be open when it fires, and the worker's queries are not the transaction's (ADR 300).
  const wake = enqueueListener;
  if (id !== null && wake) detachFromTransaction(() => setTimeout(wake, opts.tx ? 50 : 0).unref());
  return id;
}

let enqueueListener: (() => void) | undefined;

/** The local worker's wake-up call, set while it runs. */
export function onEnqueue(listener: (() => void) | undefined) {
  enqueueListener = listener;
}

type RawJob = {
  id: string | number;
  name: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
  backoff_seconds: number;
};

function toJob(r: RawJob): JobRow {
  return {
    id: Number(r.id),
    name: r.name,
    payload: r.payload,
    attempts: Number(r.attempts),
    maxAttempts: Number(r.max_attempts),
    backoffSeconds: Number(r.backoff_seconds),
  };
}

/**
 * Claims the next due job among `names` for `workerId`: a queued job whose time has come, or a
 * running one whose lease expired (its worker died). SKIP LOCKED lets concurrent claimers pass
 * each other instead of waiting or taking the same row.
 */
export async function claimJob(workerId: string, names: readonly string[], leaseSeconds: number): Promise<JobRow | null> {
  if (!names.length) return null;
  const result = await db().execute(sql`
    update jobs as j
    set state = 'running', attempts = j.attempts + 1, locked_by = ${workerId},
        locked_until = now() + make_interval(secs => ${leaseSeconds}), started_at = now()
    from (
      select id from jobs
      where ${inArray(jobs.name, [...names])}
        and ((state = 'queued' and run_at <= now()) or (state = 'running' and locked_until < now()))
      order by run_at, id
      limit 1
      for update skip locked
    ) as due
    where j.id = due.id
    returning j.id, j.name, j.payload, j.attempts, j.max_attempts, j.backoff_seconds`);
  const row = result.rows[0] as RawJob | undefined;
  return row ? toJob(row) : null;
}

/** The fence every state change after the claim goes through: still ours, still running. */
function owned(id: number, workerId: string) {
  return and(eq(jobs.id, id), eq(jobs.lockedBy, workerId), eq(jobs.state, "running"));
}

/** Extends the lease; false when the job is no longer ours. */
export async function renewLease(id: number, workerId: string, leaseSeconds: number) {
  const rows = await db()
    .update(jobs)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(owned(id, workerId))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Marks the job done (in `tx` when given); false when the lease was lost meanwhile. */
export async function markDone(id: number, workerId: string, tx?: Tx) {
  const rows = await (tx ?? db())
    .update(jobs)
    .set({ state: "done", finishedAt: sql`now()`, lockedBy: null, lockedUntil: null })
    .where(owned(id, workerId))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Records a failed attempt: back to the queue after `backoff × 2^(attempts-1)` seconds
 * (capped), or failed for good when the attempts are spent or the error is permanent.
 */
export async function markFailed(id: number, workerId: string, error: string, permanent = false) {
  const giveUp = permanent ? sql`true` : sql`${jobs.attempts} >= ${jobs.maxAttempts}`;
  const rows = await db()
    .update(jobs)
    .set({
      state: sql`case when ${giveUp} then 'failed' else 'queued' end`,
      runAt: sql`case when ${giveUp} then ${jobs.runAt} else now() + make_interval(secs => least(${jobs.backoffSeconds} * power(2, ${jobs.attempts} - 1), ${MAX_BACKOFF_SECONDS})) end`,
      finishedAt: sql`case when ${giveUp} then now() else null end`,
      lastError: error.slice(0, 2000),
      lockedBy: null,
      lockedUntil: null,
    })
    .where(owned(id, workerId))
    .returning({ state: jobs.state, runAt: jobs.runAt });
  return rows[0] ?? null;
}

/** Gives a claimed job back untouched (the worker is stopping): another instance takes it at once. */
export async function releaseJob(id: number, workerId: string) {
  await db()
    .update(jobs)
    .set({ state: "queued", runAt: sql`now()`, attempts: sql`greatest(${jobs.attempts} - 1, 0)`, lockedBy: null, lockedUntil: null })
    .where(owned(id, workerId));
}

export type Schedule = {
  /** A defined job whose schema accepts an empty payload (`{}`). */
  job: { readonly name: string };
  everySeconds: number;
  /** Wait before the very first run on a fresh database (default: run at once). */
  firstDelaySeconds?: number;
  /**
   * A run at a set time (the daily backup at BACKUP_TIME): the first run, and at each start the
   * next run is moved here unless one is already due, so a changed time applies from the next start.
   */
  firstRunAt?: Date;
};

/**
 * Registers (or updates) a recurring job's row. An existing row keeps its next run, so a
 * restart does not run the job again early; a changed interval takes effect by the sooner of
 * the two next runs.
 */
export async function upsertSchedule(s: Schedule) {
  const first = s.firstRunAt
    ? sql`${s.firstRunAt.toISOString()}::timestamptz`
    : sql`now() + make_interval(secs => ${s.firstDelaySeconds ?? 0})`;
  await db()
    .insert(jobSchedules)
    .values({ name: s.job.name, everySeconds: s.everySeconds, nextRunAt: first })
    .onConflictDoUpdate({
      target: jobSchedules.name,
      set: {
        everySeconds: s.everySeconds,
        nextRunAt: s.firstRunAt
          ? sql`case when ${jobSchedules.nextRunAt} <= now() then ${jobSchedules.nextRunAt} else ${first} end`
          : sql`case when ${jobSchedules.everySeconds} <> ${s.everySeconds}
          then least(${jobSchedules.nextRunAt}, now() + make_interval(secs => ${s.everySeconds}))
          else ${jobSchedules.nextRunAt} end`,
      },
    });
}

/**
 * Enqueues each due schedule among `names`. Moving `next_run_at` forward and inserting the job
 * is one statement: with any number of instances ticking at once, the row lock lets exactly
 * one of them see the schedule due. A previous run still queued or running is not doubled
 * (singleton key "schedule"). `atTime`: the names among them that run at a set time
 * (`firstRunAt`), whose next run keeps its time of day. Returns the names enqueued.
 */
export async function runDueSchedules(names: readonly string[], atTime: readonly string[] = []): Promise<string[]> {
  const enqueued: string[] = [];
  for (const name of names) {
    const definition = registry.get(name);
    if (!definition) continue;
    const result = await db().execute(sql`
      with due as (
        update job_schedules
        -- A schedule at a set time (atTime): the next slot after now on its own grid, so a daily
        -- 03:00 stays at 03:00 however late a poll saw it due. The others: one interval from now,
        -- so two runs are never closer than the interval. Runs missed meanwhile are skipped.
        set next_run_at = case when ${atTime.includes(name)}::boolean
              then next_run_at + make_interval(secs => every_seconds
                * (floor(extract(epoch from now() - next_run_at) / every_seconds) + 1))
              else now() + make_interval(secs => every_seconds) end,
            last_enqueued_at = now()
        where name = ${name} and next_run_at <= now()
        returning name
      )
      insert into jobs (name, payload, singleton_key, max_attempts, backoff_seconds)
      select name, '{}'::jsonb, 'schedule', ${definition.options.maxAttempts}, ${definition.options.backoffSeconds} from due
      on conflict do nothing
      returning id`);
    if (result.rows.length) enqueued.push(name);
  }
  return enqueued;
}

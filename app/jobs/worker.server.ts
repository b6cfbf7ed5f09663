import os from "node:os";
import { randomBytes } from "node:crypto";
import { db } from "~/db/client.server";
import { errorFields, log } from "~/utils/logger.server";
import {
  claimJob,
  definedJobNames,
  jobDefinition,
  markDone,
  markFailed,
  PermanentJobError,
  releaseJob,
  renewLease,
  runDueSchedules,
  upsertSchedule,
  type JobRow,
  type Schedule,
} from "./jobs.server";

export type WorkerOptions = {
  pollMs: number;
  concurrency: number;
  leaseSeconds: number;
  schedules?: readonly Schedule[];
  /** Label in `locked_by` (default host:pid:random). */
  id?: string;
};

class LeaseLostError extends Error {
  constructor() {
    super("a concessão do job expirou e outro processo o assumiu");
    this.name = "LeaseLostError";
  }
}

function message(error: unknown) {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Polls the jobs table, runs up to `concurrency` jobs at a time, renews each job's lease while
 * its handler runs, enqueues due schedules, and on stop finishes or releases what it holds.
 * One per process (started by server/app.ts); tests may start several to play instances.
 */
export class JobWorker {
  readonly id: string;
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | undefined;
  private stopping = false;
  private readonly active = new Map<number, { done: Promise<void>; abort: AbortController }>();

  constructor(private readonly options: WorkerOptions) {
    this.id = options.id ?? `${os.hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
  }

  async start() {
    for (const s of this.options.schedules ?? []) await upsertSchedule(s);
    this.stopping = false;
    this.wake();
  }

  /** Polls now (e.g. right after a job was enqueued in this process). */
  wake() {
    if (this.stopping) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.polling) this.polling = this.poll().finally(() => (this.polling = undefined));
  }

  private schedule(ms: number) {
    if (this.stopping) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.wake(), ms);
    this.timer.unref();
  }

  private async poll() {
    try {
      const schedules = this.options.schedules ?? [];
      const names = schedules.map((s) => s.job.name);
      const atTime = schedules.filter((s) => s.firstRunAt).map((s) => s.job.name);
      if (names.length) await runDueSchedules(names, atTime);
      while (!this.stopping && this.active.size < this.options.concurrency) {
        const job = await claimJob(this.id, definedJobNames(), this.options.leaseSeconds);
        if (!job) break;
        this.run(job);
      }
    } catch (error) {
      log.warn("fila de jobs: consulta falhou", errorFields(error));
    }
    this.schedule(this.options.pollMs);
  }

  private run(job: JobRow) {
    const abort = new AbortController();
    const done = this.execute(job, abort).finally(() => {
      this.active.delete(job.id);
      // A slot is free: look for more work at once.
      if (!this.stopping) this.schedule(0);
    });
    this.active.set(job.id, { done, abort });
  }

  private async execute(job: JobRow, abort: AbortController) {
    const fields = { job: job.id, name: job.name, attempt: job.attempts, worker: this.id };
    const definition = jobDefinition(job.name);
    // A job whose worker died on its last attempt comes back with its attempts spent.
    if (!definition || job.attempts > job.maxAttempts) {
      const why = definition ? "tentativas esgotadas (o processo anterior parou no meio)" : "job sem definição";
      await markFailed(job.id, this.id, why, true).catch(() => {});
      log.error("job falhou", { ...fields, error: why });
      return;
    }
    const heartbeat = setInterval(
      () => {
        renewLease(job.id, this.id, this.options.leaseSeconds)
          .then((ok) => {
            if (!ok) abort.abort(new LeaseLostError());
          })
          .catch(() => {});
      },
      Math.max(250, (this.options.leaseSeconds * 1000) / 3),
    );
    heartbeat.unref();
    let completedInTx = false;
    try {
      const parsed = definition.schema.safeParse(job.payload);
      if (!parsed.success) throw new PermanentJobError(`payload inválido: ${parsed.error.issues.map((i) => i.message).join("; ")}`);
      log.debug("job iniciado", fields);
      await definition.handler({
        payload: parsed.data,
        job: { id: job.id, name: job.name, attempts: job.attempts, maxAttempts: job.maxAttempts },
        signal: abort.signal,
        complete: (fn) =>
          db().transaction(async (tx) => {
            const result = await fn(tx);
            if (!(await markDone(job.id, this.id, tx))) throw new LeaseLostError();
            completedInTx = true;
            return result;
          }),
      });
      clearInterval(heartbeat);
      if (!completedInTx && !(await markDone(job.id, this.id))) throw new LeaseLostError();
      log.info("job concluído", fields);
    } catch (error) {
      clearInterval(heartbeat);
      if (error instanceof LeaseLostError || abort.signal.reason instanceof LeaseLostError) {
        log.warn("job abandonado: outro processo o assumiu", fields);
        return;
      }
      const failed = await markFailed(job.id, this.id, message(error), error instanceof PermanentJobError).catch(() => null);
      if (failed?.state === "failed") log.error("job falhou", { ...fields, ...errorFields(error) });
      else if (failed) log.warn("job falhou; nova tentativa agendada", { ...fields, retryAt: failed.runAt, ...errorFields(error) });
    }
  }

  /**
   * Stops polling; waits up to `graceMs` for running jobs to finish, then aborts them and
   * gives them back to the queue so another instance (or the next start) runs them.
   */
  async stop(graceMs = 5000) {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.polling?.catch(() => {});
    const running = [...this.active.entries()];
    if (!running.length) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), graceMs);
    });
    await Promise.race([Promise.all(running.map(([, r]) => r.done)), timeout]);
    clearTimeout(timer);
    for (const [id, r] of this.active) {
      // Give it back first, so whatever the aborted handler does next cannot touch the row.
      await releaseJob(id, this.id).catch(() => {});
      r.abort.abort(new Error("worker parando"));
      log.warn("job devolvido à fila no encerramento", { job: id, worker: this.id });
    }
    this.active.clear();
  }

  /** Ids of the jobs this worker is running now. */
  runningJobs() {
    return [...this.active.keys()];
  }
}

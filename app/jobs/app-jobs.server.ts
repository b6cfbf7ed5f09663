import { geocodeWorkplaceJob } from "~/domain/fieldwork/geocode-workplace-job.server";
import { instagramSyncJob } from "~/domain/instagram/instagram-sync-job.server";
import { instagramConfigured } from "~/integrations/instagram.server";
import { env } from "~/utils/env.server";
import { log } from "~/utils/logger.server";
import { housekeepingJob } from "./housekeeping.server";
import { chargeBatchJob } from "./charge-batch.server";
import { importJob } from "~/domain/imports/import-runs.server";
import { backupSettings, databaseBackupJob, nextDailyRun } from "./database-backup.server";
import { enqueueJob, onEnqueue, type EnqueueOptions, type JobDefinition, type Schedule } from "./jobs.server";
import { sendEmailJob } from "./send-email.server";
import { deadlineRemindersJob, deadlineRemindersSchedule } from "./deadline-reminders.server";
import { JobWorker } from "./worker.server";

/** Every kind of job the application runs, by name: `enqueue(name, payload)` is typed from it. */
export const APP_JOBS = {
  "send-email": sendEmailJob,
  housekeeping: housekeepingJob,
  "instagram-sync": instagramSyncJob,
  "geocode-workplace": geocodeWorkplaceJob,
  "finance-charge-batch": chargeBatchJob,
  "database-backup": databaseBackupJob,
  "service-deadline-reminders": deadlineRemindersJob,
  "spreadsheet-import": importJob,
} as const;

type AppJobs = typeof APP_JOBS;
export type AppJobName = keyof AppJobs;
type PayloadOf<D> = D extends JobDefinition<infer In, infer _Out> ? In : never;

/** Adds a job of one of the application's kinds (see jobs.server.ts for the options). */
export function enqueue<N extends AppJobName>(name: N, payload: PayloadOf<AppJobs[N]>, opts: EnqueueOptions = {}) {
  const definition = APP_JOBS[name] as unknown as JobDefinition<PayloadOf<AppJobs[N]>, unknown>;
  return enqueueJob(definition, payload, opts);
}

/** The recurring jobs of this configuration. */
export function appSchedules(): Schedule[] {
  const list: Schedule[] = [{ job: housekeepingJob, everySeconds: 60 * 60 }, deadlineRemindersSchedule()];
  if (instagramConfigured()) list.push({ job: instagramSyncJob, everySeconds: env().INSTAGRAM_SYNC_MINUTES * 60 });
  const backup = backupSettings();
  if (backup.enabled) list.push({ job: databaseBackupJob, everySeconds: 24 * 60 * 60, firstRunAt: nextDailyRun(backup.time) });
  return list;
}

let worker: JobWorker | undefined;

/** Started by server/app.ts init() unless JOBS_ENABLED=false. */
export async function startJobs() {
  await stopJobs();
  const e = env();
  if (!e.JOBS_ENABLED) {
    log.info("jobs em segundo plano desligados (JOBS_ENABLED=false)");
    return undefined;
  }
  const schedules = appSchedules();
  worker = new JobWorker({
    pollMs: e.JOBS_POLL_MS,
    concurrency: e.JOBS_CONCURRENCY,
    leaseSeconds: e.JOBS_LEASE_SECONDS,
    schedules,
  });
  await worker.start();
  const w = worker;
  onEnqueue(() => w.wake());
  log.info("jobs em segundo plano iniciados", { worker: w.id, schedules: schedules.map((s) => s.job.name) });
  return worker;
}

/** Finishes or releases the jobs in progress (shutdown). */
export async function stopJobs(graceMs?: number) {
  const w = worker;
  worker = undefined;
  onEnqueue(undefined);
  await w?.stop(graceMs);
}

export function jobWorker() {
  return worker;
}

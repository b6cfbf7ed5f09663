import type { TestServer } from "./server";

/** The job queue's API as the production build exports it (server/app.ts). */
export type JobsApi = {
  defineJob: typeof import("~/jobs/jobs.server").defineJob;
  enqueueJob: typeof import("~/jobs/jobs.server").enqueueJob;
  runDueSchedules: typeof import("~/jobs/jobs.server").runDueSchedules;
  upsertSchedule: typeof import("~/jobs/jobs.server").upsertSchedule;
  claimJob: typeof import("~/jobs/jobs.server").claimJob;
  markDone: typeof import("~/jobs/jobs.server").markDone;
  enqueue: typeof import("~/jobs/app-jobs.server").enqueue;
  jobWorker: typeof import("~/jobs/app-jobs.server").jobWorker;
  JobWorker: typeof import("~/jobs/worker.server").JobWorker;
  enqueueEmail: typeof import("~/jobs/send-email.server").enqueueEmail;
  recordServiceCall: typeof import("~/integrations/service-status.server").recordServiceCall;
};

export function jobsApi(server: TestServer): JobsApi {
  return server.bundle as unknown as JobsApi;
}

export type JobState = { id: number; name: string; state: string; attempts: number; last_error: string | null; locked_by: string | null };

export async function jobRow(server: TestServer, id: number) {
  const [row] = await server.query<JobState & { run_in: number }>`
    select id::int, name, state, attempts, last_error, locked_by,
           extract(epoch from (run_at - now()))::float as run_in
    from jobs where id = ${id}`;
  return row;
}

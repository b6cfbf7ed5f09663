import { z } from "zod";
import type { TestServer } from "./server";
import type { TestHooks } from "./test-hooks";

/** The job queue's API on the server's own modules (server/test-hooks.ts). */
export type JobsApi = Pick<
  TestHooks,
  | "defineJob"
  | "enqueueJob"
  | "runDueSchedules"
  | "upsertSchedule"
  | "claimJob"
  | "markDone"
  | "enqueue"
  | "jobWorker"
  | "JobWorker"
  | "enqueueEmail"
  | "recordServiceCall"
>;

export function jobsApi(server: TestServer): JobsApi {
  return server.hooks;
}

/**
 * Queues a job (`name`) whose one attempt throws `message`, so it ends failed with that error, as
 * a screen that lists failures needs one; answers its id.
 */
export async function enqueueFailingJob(server: TestServer, name: string, message: string): Promise<number> {
  const api = jobsApi(server);
  const failing = api.defineJob(
    name,
    z.object({}),
    async () => {
      throw new Error(message);
    },
    { maxAttempts: 1 },
  );
  return (await api.enqueueJob(failing, {}))!;
}

export type JobState = { id: number; name: string; state: string; attempts: number; last_error: string | null; locked_by: string | null };

export async function jobRow(server: TestServer, id: number) {
  const [row] = await server.query<JobState & { run_in: number }>`
    select id::int, name, state, attempts, last_error, locked_by,
           extract(epoch from (run_at - now()))::float as run_in
    from jobs where id = ${id}`;
  return row;
}

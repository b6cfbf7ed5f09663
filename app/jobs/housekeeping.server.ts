import { and, inArray, lt, sql } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/db/client.server";
import { jobs } from "~/db/schema";
import { purgeExpiredSessions } from "~/auth/session.server";
import { purgeExpiredMemberSessions } from "~/domain/member-area/member-session.server";
import { purgeExpiredRateLimits } from "~/utils/rate-limit.server";
import { log } from "~/utils/logger.server";
import { defineJob } from "./jobs.server";

/** Finished jobs are kept this long for the diagnostics page, then deleted. */
export const KEEP_DONE_DAYS = 7;
export const KEEP_FAILED_DAYS = 30;

export async function purgeFinishedJobs() {
  const old = (days: number) => lt(jobs.finishedAt, sql`now() - make_interval(days => ${days})`);
  await db()
    .delete(jobs)
    .where(and(inArray(jobs.state, ["done"]), old(KEEP_DONE_DAYS)));
  await db()
    .delete(jobs)
    .where(and(inArray(jobs.state, ["failed"]), old(KEEP_FAILED_DAYS)));
}

/** Hourly clean-up: expired sessions, spent rate-limit counters and old finished jobs. */
export const housekeepingJob = defineJob(
  "housekeeping",
  z.object({}).passthrough(),
  async () => {
    await purgeExpiredSessions();
    await purgeExpiredMemberSessions();
    await purgeExpiredRateLimits();
    await purgeFinishedJobs();
    log.info("limpeza periódica concluída");
  },
  { maxAttempts: 3, backoffSeconds: 60 },
);

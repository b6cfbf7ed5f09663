import { z } from "zod";
import { sendDeadlineReminders } from "~/domain/service-records/deadline-reminders.server";
import { log } from "~/utils/logger.server";
import { nextDailyRun } from "./database-backup.server";
import { defineJob, type Schedule } from "./jobs.server";

/**
 * The daily deadline reminders (issue 22 §2, ADR 258): a schedule in the database (one run a day
 * between all instances) at DEADLINE_REMINDER_TIME, Brasília time. The work itself claims one
 * row per recipient and day, so a retry or a second run of the same day sends nothing new.
 * `at` (an ISO instant) runs it as of another moment: for tests and a manual catch-up only.
 */
export const DEADLINE_REMINDER_TIME = "07:00";

export const deadlineRemindersJob = defineJob(
  "service-deadline-reminders",
  z.object({ at: z.iso.datetime({ offset: true }).optional() }).passthrough(),
  async ({ payload }) => {
    const run = await sendDeadlineReminders(payload.at ? new Date(payload.at) : new Date());
    log.info("lembretes de prazo dos atendimentos", run);
    return run;
  },
  { maxAttempts: 5, backoffSeconds: 5 * 60 },
);

export function deadlineRemindersSchedule(now = new Date()): Schedule {
  return { job: deadlineRemindersJob, everySeconds: 24 * 60 * 60, firstRunAt: nextDailyRun(DEADLINE_REMINDER_TIME, now) };
}

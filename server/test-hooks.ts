/**
 * The internals that tests and test scripts reach beside the running server (docs/decisions/250):
 * built next to the server entry as build/server/test-hooks.js (vite.config.ts), sharing its
 * modules, so the handles here are the server's own (one database, one job registry). Production
 * never loads this file: server/app.ts, the entry, exports only what starts and stops the server.
 *
 * Tests import it through tests/support/test-hooks.ts (`testHooks()`), not from the build path.
 */
export { db, databaseDriver } from "~/db/client.server";
export { resetEnvCache } from "~/utils/env.server";
export { seedDemo } from "~/db/seed/demo.server";
// Integrations.
export { syncInstagramPosts } from "~/domain/instagram/sync-instagram-posts.server";
export { geocodeAddress } from "~/integrations/geocoder.server";
export { lookupCep } from "~/integrations/cep.server";
export { recordServiceCall } from "~/integrations/service-status.server";
// The job queue, for tests and worker scripts that run the production build.
export { defineJob, enqueueJob, runDueSchedules, upsertSchedule, claimJob, markDone } from "~/jobs/jobs.server";
export { enqueue, startJobs, stopJobs, jobWorker } from "~/jobs/app-jobs.server";
export { JobWorker } from "~/jobs/worker.server";
export { enqueueEmail } from "~/jobs/send-email.server";
/** Writes a user's refused actions left out by the per-minute cap (ADR 182). */
export { flushRefusals } from "~/domain/audit/record-refusal.server";
// Use cases the integration tests call on the server's own database.
export { createWorkplace } from "~/domain/fieldwork/create-workplace.server";
export { listCharges, chargeTotals, getCharge, chargeStatus } from "~/domain/finance/charges.server";
export { registerPayment, undoPayment } from "~/domain/finance/payments.server";
export { previewChargeBatch } from "~/domain/finance/batch.server";
export { runChargeBatch } from "~/domain/finance/run-batch.server";
export { financePanelFigures } from "~/domain/finance/panel.server";
// Backups (ADR 248): the scheduled job's work, run now on the server's own open database.
export { backupDatabaseNow, backupSettings, nextDailyRun } from "~/jobs/database-backup.server";
// Issue 22 §2 (ADR 258): the deadline reminders' work, as of a given moment.
export { sendDeadlineReminders, remindersOf } from "~/domain/service-records/deadline-reminders.server";
// Issue 22 §5 (ADR 264): a record's reply address, as the server's own notices carry it.
export { replyAddress } from "~/domain/service-records/reply-address.server";

import { count, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { chargeBatches } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { uniqueViolation } from "~/db/unique-violation.server";
import { authorize, type Actor } from "~/auth/authorize";
import { enqueueJob } from "~/jobs/jobs.server";
import { chargeBatchJob } from "~/jobs/charge-batch.server";
import { AppError } from "~/utils/app-error";
import { FINANCE_MESSAGES } from "./finance-options";
import type { BatchInput } from "./finance.schema";
import { ACTIVE_MEMBER_SQL } from "./run-batch.server";

export type BatchPreview = { active: number; create: number; skip: number };

/** How many charges the month's batch would create and how many it skips (already charged). */
export async function previewChargeBatch(actor: Actor, period: { month: number; year: number }): Promise<BatchPreview> {
  authorize(actor, "finance.batch");
  const result = await db().execute(sql`
    select count(*)::int as active,
           count(*) filter (where exists (
             select 1 from charges c where c.member_id = m.id and c.reference_year = ${period.year} and c.reference_month = ${period.month}
           ))::int as skip
    from members m where ${ACTIVE_MEMBER_SQL}`);
  const row = result.rows[0] as { active: number; skip: number };
  const active = Number(row.active);
  const skip = Number(row.skip);
  return { active, create: active - skip, skip };
}

/**
 * Starts the month's batch: records it (queued) and enqueues its one job in the same
 * transaction. Refused when another batch is queued or running, or when there is nothing to
 * create.
 */
export async function requestChargeBatch(actor: Actor, input: BatchInput) {
  authorize(actor, "finance.batch");
  const preview = await previewChargeBatch(actor, input);
  if (preview.create === 0) throw new AppError(409, FINANCE_MESSAGES.batchNothing);
  const [{ running }] = await db()
    .select({ running: count() })
    .from(chargeBatches)
    .where(sql`${chargeBatches.status} in ('queued', 'running')`);
  if (running > 0) throw new AppError(409, FINANCE_MESSAGES.batchRunning);
  try {
    return await db().transaction(async (tx) => {
      const [batch] = await tx
        .insert(chargeBatches)
        .values({
          amountCentavos: input.amount,
          referenceMonth: input.month,
          referenceYear: input.year,
          dueDate: input.dueDate,
          expected: preview.create,
          createdBy: actor.id,
        })
        .returning({ id: chargeBatches.id });
      await enqueueJob(chargeBatchJob, { batchId: batch.id }, { tx });
      await recordAudit(tx, actor, "charge_batch.requested", batch.id, {
        amountCentavos: input.amount,
        month: input.month,
        year: input.year,
        dueDate: input.dueDate,
        expected: preview.create,
      });
      return { id: batch.id, preview };
    });
  } catch (error) {
    if (uniqueViolation(error) === "charge_batches_one_active_key") throw new AppError(409, FINANCE_MESSAGES.batchRunning);
    throw error;
  }
}

import { z } from "zod";
import { runChargeBatch } from "~/domain/finance/run-batch.server";
import { defineJob } from "./jobs.server";

/**
 * The month's charges for every active member (issue 11, ADR 154): one job, one transaction,
 * all or none. Not retried: a failed batch is marked failed (nothing created) and the
 * treasurer starts another from the page.
 */
export const chargeBatchJob = defineJob(
  "finance-charge-batch",
  z.object({ batchId: z.uuid() }),
  async ({ payload, signal }) => runChargeBatch(payload.batchId, signal),
  { maxAttempts: 1 },
);

/**
 * The month batch's work (ADR 154), run by the `finance-charge-batch` job (app/jobs): one
 * INSERT … SELECT over the active members, ON CONFLICT DO NOTHING on (member, year, month), in
 * ONE transaction with the batch's final state. Every charge is created or none; running it
 * again creates nothing new (the members already charged are counted as skipped).
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { chargeBatches } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { log, errorFields } from "~/utils/logger.server";

/** Who is charged: active members (situação 1) not anonymised. */
export const ACTIVE_MEMBER_SQL = sql`m.situation = 1 and m.anonymized_at is null`;

export async function runChargeBatch(batchId: string) {
  const [batch] = await db()
    .update(chargeBatches)
    .set({ status: "running", startedAt: sql`now()` })
    .where(and(eq(chargeBatches.id, batchId), inArray(chargeBatches.status, ["queued", "running"])))
    .returning();
  if (!batch) return { created: 0, skipped: 0, ran: false };
  try {
    return await db().transaction(async (tx) => {
      const result = await tx.execute(sql`
        with active as (select m.id from members m where ${ACTIVE_MEMBER_SQL}),
        ins as (
          insert into charges (member_id, amount_centavos, reference_month, reference_year, due_date, batch_id, created_by)
          select a.id, ${batch.amountCentavos}, ${batch.referenceMonth}, ${batch.referenceYear}, ${batch.dueDate}::date, ${batch.id}::uuid, ${batch.createdBy}::uuid
          from active a
          on conflict (member_id, reference_year, reference_month) do nothing
          returning 1
        )
        select (select count(*) from ins)::int as created, (select count(*) from active)::int as active`);
      const row = result.rows[0] as { created: number; active: number };
      const created = Number(row.created);
      const skipped = Number(row.active) - created;
      await tx
        .update(chargeBatches)
        .set({ status: "done", created, skipped, finishedAt: sql`now()` })
        .where(eq(chargeBatches.id, batch.id));
      await recordAudit(
        { actor: null, action: "charge_batch.completed", entityType: "charge_batch", entityId: batch.id, data: { created, skipped } },
        tx,
      );
      return { created, skipped, ran: true };
    });
  } catch (error) {
    log.error("falha na geração das cobranças do mês", { batchId, ...errorFields(error) });
    await db()
      .update(chargeBatches)
      .set({
        status: "failed",
        error: "Falha ao gerar as cobranças. Nenhuma cobrança foi criada. Tente novamente.",
        finishedAt: sql`now()`,
      })
      .where(eq(chargeBatches.id, batch.id));
    await recordAudit({ actor: null, action: "charge_batch.failed", entityType: "charge_batch", entityId: batch.id, data: {} });
    throw error;
  }
}

/** The latest batch, for the page's progress. */
export async function latestChargeBatch() {
  const [batch] = await db().select().from(chargeBatches).orderBy(desc(chargeBatches.createdAt)).limit(1);
  return batch ?? null;
}

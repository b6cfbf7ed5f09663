/**
 * The month batch's work (ADR 154), run by the `finance-charge-batch` job (app/jobs): INSERT …
 * SELECTs over the active members, BATCH_CHUNK at a time in id order (the page's progress),
 * ON CONFLICT DO NOTHING on (member, year, month), in ONE transaction with the batch's final state. Every charge is created or none; running it
 * again creates nothing new (the members already charged are counted as skipped).
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { db, outsideTransaction } from "~/db/client.server";
import { chargeBatches } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { log, errorFields } from "~/utils/logger.server";

/** Who is charged: active members (situação 1) not anonymised. */
export const ACTIVE_MEMBER_SQL = sql`m.situation = 1 and m.anonymized_at is null`;

/** Active members per statement: the page's count moves every chunk, each chunk is one INSERT … SELECT. */
export const BATCH_CHUNK = 2000;

export async function runChargeBatch(batchId: string, signal?: AbortSignal, chunk = BATCH_CHUNK) {
  const [batch] = await db()
    .update(chargeBatches)
    .set({ status: "running", processed: 0, startedAt: sql`now()` })
    .where(and(eq(chargeBatches.id, batchId), inArray(chargeBatches.status, ["queued", "running"])))
    .returning();
  if (!batch) return { created: 0, skipped: 0, ran: false };
  try {
    return await db().transaction(async (tx) => {
      // The progress is written outside the transaction on PostgreSQL (another pooled
      // connection), so every instance sees it at once; the embedded database's one connection
      // is held by this transaction, so there it goes through the transaction (as the imports, ADR 253).
      const writer = outsideTransaction(tx);
      const counted = await tx.execute(sql`select count(*)::int as total from members m where ${ACTIVE_MEMBER_SQL}`);
      const total = Number((counted.rows[0] as { total: number }).total);
      await writer.update(chargeBatches).set({ total, processed: 0 }).where(eq(chargeBatches.id, batch.id));
      let created = 0;
      let processed = 0;
      let after: string | null = null;
      for (;;) {
        if (signal?.aborted) throw signal.reason ?? new Error("geração interrompida");
        // Keyset over the members' ids: each chunk reads the next BATCH_CHUNK active members.
        const result = await tx.execute(sql`
          with active as (
            select m.id from members m
            where ${ACTIVE_MEMBER_SQL} ${after === null ? sql`` : sql`and m.id > ${after}::uuid`}
            order by m.id limit ${chunk}
          ),
          ins as (
            insert into charges (member_id, amount_centavos, reference_month, reference_year, due_date, batch_id, created_by)
            select a.id, ${batch.amountCentavos}, ${batch.referenceMonth}, ${batch.referenceYear}, ${batch.dueDate}::date, ${batch.id}::uuid, ${batch.createdBy}::uuid
            from active a
            on conflict (member_id, reference_year, reference_month) do nothing
            returning 1
          )
          select (select count(*) from ins)::int as created, (select count(*) from active)::int as read,
                 (select a.id::text from active a order by a.id desc limit 1) as last`);
        const row = result.rows[0] as { created: number; read: number; last: string | null };
        created += Number(row.created);
        processed += Number(row.read);
        if (!row.last || Number(row.read) === 0) break;
        after = row.last;
        await writer
          .update(chargeBatches)
          .set({ processed, total: Math.max(total, processed) })
          .where(eq(chargeBatches.id, batch.id));
        if (Number(row.read) < chunk) break;
      }
      const skipped = processed - created;
      await tx
        .update(chargeBatches)
        .set({ status: "done", created, skipped, processed, total: processed, finishedAt: sql`now()` })
        .where(eq(chargeBatches.id, batch.id));
      await recordAudit(tx, null, "charge_batch.completed", batch.id, { created, skipped });
      return { created, skipped, ran: true };
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    log.error("falha na geração das cobranças do mês", { batchId, ...errorFields(error) });
    await db()
      .update(chargeBatches)
      .set({
        status: "failed",
        error: "Falha ao gerar as cobranças. Nenhuma cobrança foi criada. Tente novamente.",
        finishedAt: sql`now()`,
      })
      .where(eq(chargeBatches.id, batch.id));
    await recordAudit(db(), null, "charge_batch.failed", batch.id, {});
    throw error;
  }
}

/** The latest batch, for the page's progress. */
export async function latestChargeBatch() {
  const [batch] = await db().select().from(chargeBatches).orderBy(desc(chargeBatches.createdAt)).limit(1);
  return batch ?? null;
}

import { asc, eq, inArray, sql } from "drizzle-orm";
import { authorize } from "~/auth/authorize";
import { cannedRepliesScope, serviceScope, type ServiceSector } from "~/auth/scopes";
import { db, type Tx } from "~/db/client.server";
import { isUniqueViolation } from "~/db/unique-violation.server";
import { serviceCannedReplies } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { AppError } from "~/utils/app-error";
import { CANNED_MESSAGES, fillCannedReply } from "./canned-replies";
import type { ServiceActor } from "./service-access.server";

/**
 * Canned replies (respostas prontas, issue 22 §6, ADR 265). Managed on /dashboard/respostas-prontas
 * by admin (every sector) and each sector's own role (its sector: cannedRepliesScope); offered
 * on a record's page, filled with the requester's name and protocol, to whoever may comment on
 * that record (serviceScope). Every change is audited in its transaction.
 */

export type CannedReply = { id: string; sector: string; title: string; body: string; updatedAt: Date };

function assertManages(actor: ServiceActor, sector: string) {
  if (!(cannedRepliesScope(actor.role) as readonly string[]).includes(sector)) throw new AppError(403, CANNED_MESSAGES.sectorForbidden);
}

/** The canned replies of the sectors the actor manages (the management screen). */
export async function listCannedReplies(actor: ServiceActor, sector?: ServiceSector): Promise<CannedReply[]> {
  authorize(actor, "services.canned");
  const scope = cannedRepliesScope(actor.role);
  const sectors = sector ? scope.filter((s) => s === sector) : scope;
  if (!sectors.length) return [];
  return db()
    .select({
      id: serviceCannedReplies.id,
      sector: serviceCannedReplies.sector,
      title: serviceCannedReplies.title,
      body: serviceCannedReplies.body,
      updatedAt: serviceCannedReplies.updatedAt,
    })
    .from(serviceCannedReplies)
    .where(inArray(serviceCannedReplies.sector, [...sectors]))
    .orderBy(asc(serviceCannedReplies.sector), asc(sql`lower(${serviceCannedReplies.title})`));
}

/**
 * The canned replies offered on one record's page, already filled in. The record was checked in
 * the actor's scope by the page's loader; the sector is checked again here.
 */
export async function cannedRepliesForRecord(
  actor: ServiceActor,
  record: { sector: string; requesterName: string; protocol: string },
): Promise<Array<{ id: string; title: string; text: string }>> {
  authorize(actor, "services.comment");
  if (!(serviceScope(actor.role) as readonly string[]).includes(record.sector)) return [];
  const rows = await db()
    .select({ id: serviceCannedReplies.id, title: serviceCannedReplies.title, body: serviceCannedReplies.body })
    .from(serviceCannedReplies)
    .where(eq(serviceCannedReplies.sector, record.sector))
    .orderBy(asc(sql`lower(${serviceCannedReplies.title})`));
  return rows.map((r) => ({ id: r.id, title: r.title, text: fillCannedReply(r.body, record) }));
}

async function unique<T>(run: () => Promise<T>) {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, CANNED_MESSAGES.duplicate, "title");
    throw error;
  }
}

export async function createCannedReply(actor: ServiceActor, input: { sector: ServiceSector; title: string; body: string }) {
  authorize(actor, "services.canned");
  assertManages(actor, input.sector);
  return unique(() =>
    db().transaction(async (tx) => {
      const [row] = await tx
        .insert(serviceCannedReplies)
        .values({ sector: input.sector, title: input.title, body: input.body, createdBy: actor.id, updatedBy: actor.id })
        .returning({ id: serviceCannedReplies.id });
      await recordAudit(tx, actor, "service_canned_reply.created", row.id, { sector: input.sector, title: input.title });
      return row.id;
    }),
  );
}

async function lockedInScope(tx: Tx, actor: ServiceActor, id: string) {
  const [row] = await tx.select().from(serviceCannedReplies).where(eq(serviceCannedReplies.id, id)).for("update");
  if (!row) throw new AppError(404, CANNED_MESSAGES.notFound);
  assertManages(actor, row.sector);
  return row;
}

export async function updateCannedReply(actor: ServiceActor, input: { id: string; title: string; body: string }) {
  authorize(actor, "services.canned");
  return unique(() =>
    db().transaction(async (tx) => {
      const row = await lockedInScope(tx, actor, input.id);
      const fields = (["title", "body"] as const).filter((k) => row[k] !== input[k]);
      await tx
        .update(serviceCannedReplies)
        .set({ title: input.title, body: input.body, updatedBy: actor.id, updatedAt: sql`now()` })
        .where(eq(serviceCannedReplies.id, row.id));
      await recordAudit(tx, actor, "service_canned_reply.updated", row.id, { sector: row.sector, title: input.title, fields: [...fields] });
    }),
  );
}

export async function deleteCannedReply(actor: ServiceActor, id: string) {
  authorize(actor, "services.canned");
  await db().transaction(async (tx) => {
    const row = await lockedInScope(tx, actor, id);
    await tx.delete(serviceCannedReplies).where(eq(serviceCannedReplies.id, row.id));
    await recordAudit(tx, actor, "service_canned_reply.deleted", row.id, { sector: row.sector, title: row.title });
  });
}

import { db, type Db, type Tx } from "~/db/client.server";
import { auditLog } from "~/db/schema";

export type AuditActor = { id: string; username: string } | null;

export type AuditEntry = {
  actor: AuditActor;
  action: string;
  entityType: string;
  entityId?: string | number | null;
  data?: Record<string, unknown>;
};

/** The one way to write the audit log. Pass the transaction so the entry commits with the change. */
export async function recordAudit(entry: AuditEntry, tx: Db | Tx = db()) {
  await tx.insert(auditLog).values({
    actorId: entry.actor?.id ?? null,
    actorUsername: entry.actor?.username ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    data: entry.data ?? {},
  });
}

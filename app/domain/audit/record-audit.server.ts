import { db, type Db, type Tx } from "~/db/client.server";
import { auditLog } from "~/db/schema";
import { AUDIT_EVENTS, type AuditEvent } from "./audit-events";

/** Who did it: a staff user, or null for the system and anonymous attempts (e.g. a failed login). */
export type AuditActor = { id: string; username: string } | null;

export type AuditEntry = AuditEvent & { actor: AuditActor };

/**
 * The one way to write the audit log (ADR 085). Only the events of audit-events.ts are accepted,
 * each with its own data shape; the data is checked again at run time against the event's strict
 * schema, so a key slipped in through a spread (a password, a complaint's text) makes the write
 * fail instead of reaching the log. Pass the transaction so the entry commits with the change.
 */
export async function recordAudit(entry: AuditEntry, tx: Db | Tx = db()) {
  const def = AUDIT_EVENTS[entry.action];
  if (!def) throw new Error(`Ação de auditoria desconhecida: ${entry.action}`);
  const parsed = def.data.safeParse(entry.data ?? {});
  if (!parsed.success) throw new Error(`Dados de auditoria inválidos para ${entry.action}: ${parsed.error.message}`);
  await tx.insert(auditLog).values({
    actorId: entry.actor?.id ?? null,
    actorUsername: entry.actor?.username ?? null,
    action: entry.action,
    entityType: def.entityType,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    data: parsed.data as Record<string, unknown>,
  });
}

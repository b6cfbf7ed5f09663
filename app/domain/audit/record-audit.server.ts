import type { Db, Tx } from "~/db/client.server";
import { auditLog } from "~/db/schema";
import { AUDIT_EVENTS, type AuditAction, type AuditDataArg } from "./audit-events";

/** Who did it: a staff user, or null for the system and anonymous attempts (e.g. a failed login). */
export type AuditActor = { id: string; username: string } | null;

/**
 * The one way to write the audit log (ADR 085): `recordAudit(tx, actor, action, entityId, data)`.
 * Only the events of audit-events.ts are accepted, each with its own data shape (left out when the
 * event carries none); the data is checked again at run time against the event's strict schema,
 * so a key slipped in through a spread (a password, a complaint's text) makes the write fail
 * instead of reaching the log. Pass the transaction so the entry commits with the change (`db()`
 * when there is none).
 */
export async function recordAudit<A extends AuditAction>(
  tx: Db | Tx,
  actor: AuditActor,
  action: A,
  entityId: string | number | null | undefined,
  ...[data]: AuditDataArg<A>
) {
  const def = AUDIT_EVENTS[action];
  if (!def) throw new Error(`Ação de auditoria desconhecida: ${action}`);
  const parsed = def.data.safeParse(data ?? {});
  if (!parsed.success) throw new Error(`Dados de auditoria inválidos para ${action}: ${parsed.error.message}`);
  await tx.insert(auditLog).values({
    actorId: actor?.id ?? null,
    actorUsername: actor?.username ?? null,
    action,
    entityType: def.entityType,
    entityId: entityId == null ? null : String(entityId),
    data: parsed.data as Record<string, unknown>,
  });
}

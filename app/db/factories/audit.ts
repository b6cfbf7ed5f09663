import { auditLog } from "~/db/schema";
import { AUDIT_EVENTS, type AuditEvent } from "~/domain/audit/audit-events";
import type { FactoryDb } from "./support";

export type AuditLogRow = typeof auditLog.$inferSelect;

/**
 * One audit entry, as recordAudit would write it (the data checked against the event's strict
 * schema), but at any moment: `createdAt` lets a test or the demo seed place it in the past.
 */
export async function createAuditEntry(
  db: FactoryDb,
  entry: AuditEvent & { actor?: { id: string; username: string } | null; createdAt?: Date },
): Promise<AuditLogRow> {
  const def = AUDIT_EVENTS[entry.action];
  const data = def.data.parse(entry.data ?? {}) as Record<string, unknown>;
  const [row] = await db
    .insert(auditLog)
    .values({
      actorId: entry.actor?.id ?? null,
      actorUsername: entry.actor?.username ?? null,
      action: entry.action,
      entityType: def.entityType,
      entityId: entry.entityId == null ? null : String(entry.entityId),
      data,
      ...(entry.createdAt ? { createdAt: entry.createdAt } : {}),
    })
    .returning();
  return row;
}

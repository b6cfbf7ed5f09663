import { inArray, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import { createAuditEntry } from "~/db/factories/audit";
import { daysAgo } from "~/db/factories/support";

/**
 * A fortnight of believable history for /dashboard/auditoria, signed by the demo staff (the
 * rows the other seeders write through the use cases come with their own entries when any).
 * Runs once: skipped when the log already has entries older than a day. Entries about content
 * rows carry no entity id: they describe history, not the demo's own rows (which tests key on).
 */
export async function seedDemoAudit() {
  const [{ n }] = (await db().execute(sql`select count(*)::int as n from audit_log where created_at < now() - interval '1 day'`))
    .rows as Array<{ n: number }>;
  if (n > 0) return;
  const staff = await db()
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ["admin", "presidencia", "secretaria", "juridico"]));
  const by = (u: string) => staff.find((s) => s.username === u) ?? null;
  const admin = by("admin");
  const secretaria = by("secretaria");
  const presidencia = by("presidencia");
  const juridico = by("juridico");
  const d = db();
  await createAuditEntry(d, {
    actor: null,
    action: "user.created_by_cli",
    entityId: admin?.id,
    data: { username: "admin", role: "admin" },
    createdAt: daysAgo(14, 3),
  });
  await createAuditEntry(d, { actor: admin, action: "login", entityId: admin?.id, createdAt: daysAgo(14, 2) });
  if (secretaria) {
    await createAuditEntry(d, {
      actor: admin,
      action: "user.created",
      entityId: secretaria.id,
      data: { username: "secretaria", role: "secretaria" },
      createdAt: daysAgo(14, 1),
    });
  }
  await createAuditEntry(d, {
    actor: null,
    action: "login.failed",
    data: { username: "secretaria" },
    createdAt: daysAgo(12, 5),
  });
  await createAuditEntry(d, {
    actor: secretaria,
    action: "login",
    entityId: secretaria?.id,
    createdAt: daysAgo(12, 4),
  });
  await createAuditEntry(d, {
    actor: secretaria,
    action: "partner.updated",
    entityId: null,
    data: { name: "Federação Parceira (exemplo)", changed: ["description", "website"], logoFileId: null },
    createdAt: daysAgo(12, 3),
  });
  await createAuditEntry(d, {
    actor: juridico,
    action: "agreement.updated",
    entityId: null,
    data: {
      title: "Convenção Coletiva de Trabalho (exemplo)",
      changes: { status: { from: "draft", to: "active" }, isPublic: { from: false, to: true } },
    },
    createdAt: daysAgo(9, 6),
  });
  await createAuditEntry(d, {
    actor: presidencia,
    action: "content.updated",
    entityId: "institutional_content",
    data: { changed: ["hours", "phones"] },
    createdAt: daysAgo(7, 2),
  });
  await createAuditEntry(d, {
    actor: secretaria,
    action: "contact.status_changed",
    entityId: null,
    data: { sector: "secretaria", from: "pending", to: "resolved", screen: "cases" },
    createdAt: daysAgo(5, 1),
  });
  await createAuditEntry(d, {
    actor: presidencia,
    action: "complaint.status_changed",
    entityId: null,
    data: { from: "pending", to: "in_review", notesChanged: true },
    createdAt: daysAgo(3, 4),
  });
  await createAuditEntry(d, {
    actor: admin,
    action: "audit.exported",
    data: { filters: { action: "login.failed" }, rows: 1 },
    createdAt: daysAgo(1, 2),
  });
}

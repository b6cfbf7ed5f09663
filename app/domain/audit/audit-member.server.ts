import { eq } from "drizzle-orm";
import { authorize, type Actor } from "~/auth/authorize";
import { db } from "~/db/client.server";
import { members } from "~/db/schema";
import { recordAudit } from "./record-audit.server";

export type AuditMember = { id: string; registrationNumber: number; name: string };

const columns = { id: members.id, registrationNumber: members.registrationNumber, name: members.name };

/** The member the audit screen's filter names by matrícula (ADR 184), or null. */
export async function auditMemberByRegistration(actor: Actor, registration: string): Promise<AuditMember | null> {
  authorize(actor, "audit.view");
  const [m] = await db()
    .select(columns)
    .from(members)
    .where(eq(members.registrationNumber, Number(registration)));
  return m ?? null;
}

/**
 * The member of a CPF typed in the audit screen's filter (ADR 184). The screen is admin's, and
 * admin sees full CPFs (members.cpf); the search is still a look-up of whose CPF this is, so it
 * is written like the members list's search by full CPF (`member.searched_by_cpf`, the count
 * found, never the CPF).
 */
export async function auditMemberByCpf(actor: Actor, cpf: string): Promise<AuditMember | null> {
  authorize(actor, "audit.view");
  authorize(actor, "members.cpf");
  return db().transaction(async (tx) => {
    const [m] = await tx.select(columns).from(members).where(eq(members.cpf, cpf));
    await recordAudit(tx, actor, "member.searched_by_cpf", m?.id ?? null, { found: m ? 1 : 0 });
    return m ?? null;
  });
}

import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { db } from "~/db/client.server";
import { memberAccess, members, memberSessions } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { emailOnFile, memberWithAccess } from "./member-auth.server";
import { sendMail } from "~/integrations/mailer.server";
import { appUrl } from "~/utils/env.server";
import { authorize, type Actor } from "~/auth/authorize";
import { can } from "~/auth/screens";
import { AppError } from "~/utils/app-error";
import { MEMBER_MESSAGES } from "~/domain/members/member.schema";
import { greetedText } from "~/lib/first-name";

/**
 * The staff side of the member area (issue 23 §6, ADR 276): rh and admin see whether a member
 * has signed in, resend the way in (a link, never a code) and block or unblock the access.
 * Each action is audited in its own transaction, the actor the staff user, the entity the member.
 */
export const MEMBER_ACCESS_MESSAGES = {
  resent: "Acesso reenviado por e-mail ao filiado.",
  blocked: "Acesso à Área do Filiado bloqueado.",
  unblocked: "Acesso à Área do Filiado desbloqueado.",
  noEmail: "Este filiado não tem e-mail cadastrado. Cadastre um e-mail para reenviar o acesso.",
  alreadyBlocked: "O acesso deste filiado já está bloqueado.",
  notBlocked: "O acesso deste filiado não está bloqueado.",
  error: "Não foi possível concluir a ação no acesso do filiado. Tente novamente.",
  mailError: "Não foi possível enviar o e-mail ao filiado. Tente novamente.",
} as const;

export type MemberAccessSummary = {
  lastSignInAt: Date | null;
  blockedAt: Date | null;
  hasEmail: boolean;
};

async function loadMember(id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError(404, MEMBER_MESSAGES.notFound);
  const row = await memberWithAccess(eq(members.id, id));
  if (!row) throw new AppError(404, MEMBER_MESSAGES.notFound);
  return row;
}

/** The card "Acesso à Área do Filiado": for rh and admin, else null (nothing to show). */
export async function memberAccessSummary(actor: Pick<Actor, "role">, memberId: string): Promise<MemberAccessSummary | null> {
  if (!can(actor.role, "members.access")) return null;
  const m = await loadMember(memberId);
  return { lastSignInAt: m.lastSignInAt ?? null, blockedAt: m.blockedAt ?? null, hasEmail: Boolean(emailOnFile(m.email)) };
}

export function accessMailText(name: string) {
  return greetedText(name, [
    "O sindicato reenviou a você o acesso à Área do Filiado, onde você vê a sua carteirinha,",
    "as suas mensalidades, os seus atendimentos e os seus dados.",
    "",
    `Para entrar, abra ${appUrl()}/filiado/entrar e informe o seu CPF:`,
    "um código de acesso será enviado a este e-mail.",
    "",
  ]);
}

/** "Reenviar acesso": a short e-mail with the sign-in link to the address on file (no code, no secret). */
export async function resendMemberAccess(actor: Actor, memberId: string) {
  authorize(actor, "members.access");
  const m = await loadMember(memberId);
  if (m.anonymizedAt) throw new AppError(409, MEMBER_MESSAGES.alreadyAnonymized);
  const email = emailOnFile(m.email);
  if (!email) throw new AppError(422, MEMBER_ACCESS_MESSAGES.noEmail);
  await db().transaction(async (tx) => {
    await recordAudit(tx, actor, "member_area.access_resent", m.id, { registrationNumber: m.registrationNumber });
    // Sent within the transaction: a failed send leaves no entry saying it went.
    try {
      await sendMail({ to: email, subject: "Seu acesso à Área do Filiado", text: accessMailText(m.name) });
    } catch {
      throw new AppError(502, MEMBER_ACCESS_MESSAGES.mailError);
    }
  });
}

/** "Bloquear acesso": sets blocked_at and ends the member's sessions, in one transaction. */
export async function blockMemberAccess(actor: Actor, memberId: string) {
  await setBlocked(actor, memberId, true);
}

/** "Desbloquear acesso": clears blocked_at; the member signs in again with a new code. */
export async function unblockMemberAccess(actor: Actor, memberId: string) {
  await setBlocked(actor, memberId, false);
}

/**
 * Blocks or unblocks in one conditional update, so two clicks at once change it (and audit it)
 * once; the second gets 409 "already blocked" / "not blocked".
 */
async function setBlocked(actor: Actor, memberId: string, blocked: boolean) {
  authorize(actor, "members.access");
  const m = await loadMember(memberId);
  if (m.anonymizedAt) throw new AppError(409, MEMBER_MESSAGES.alreadyAnonymized);
  await db().transaction(async (tx) => {
    await tx.insert(memberAccess).values({ memberId: m.id }).onConflictDoNothing();
    const [changed] = await tx
      .update(memberAccess)
      .set({ blockedAt: blocked ? new Date() : null })
      .where(and(eq(memberAccess.memberId, m.id), blocked ? isNull(memberAccess.blockedAt) : isNotNull(memberAccess.blockedAt)))
      .returning({ memberId: memberAccess.memberId });
    if (!changed) throw new AppError(409, blocked ? MEMBER_ACCESS_MESSAGES.alreadyBlocked : MEMBER_ACCESS_MESSAGES.notBlocked);
    if (blocked) await tx.delete(memberSessions).where(eq(memberSessions.memberId, m.id));
    await recordAudit(tx, actor, blocked ? "member_area.access_blocked" : "member_area.access_unblocked", m.id, {
      registrationNumber: m.registrationNumber,
    });
  });
}

import { and, eq, inArray } from "drizzle-orm";
import { ROLES, type Role } from "~/auth/roles";
import { ACTION_ROLES } from "~/auth/screens";
import { contactScope, type ContactSector } from "~/auth/scopes";
import type { Db, Tx } from "~/db/client.server";
import { notificationPreferences, notifications, users } from "~/db/schema";
import { CONTACT_SECTOR_LABELS } from "~/domain/contacts/contact-sectors";
import { enqueueEmail } from "~/jobs/send-email.server";
import { appUrl } from "~/utils/env.server";
import type { NotificationKind } from "./notification-kinds";

/**
 * Telling staff (issue 22 §7, ADR 266): one call per event, inside the transaction that writes
 * the event, so nobody is told of something that was rolled back. For each recipient (active
 * users only) it reads their choice for the kind (no row: both on), inserts the in-panel row
 * and queues the e-mail through the outbox (the `send-email` job: the request never waits on
 * SMTP). The e-mail's singleton key is the event's key and the user, so a retried event queues
 * no second e-mail.
 *
 * What goes in: the title (a kind, a sector, a protocol) and a link inside the panel. Never a
 * member's or a complainant's data, and for a complaint nothing of its content at all.
 */
export type Notice = {
  kind: NotificationKind;
  /** Identifies the event (a complaint's or message's id, a history entry's id). */
  key: string;
  title: string;
  /** A path inside the panel: /dashboard/… */
  link: string;
  email: { subject: string; text: string };
};

export async function notify(tx: Tx, userIds: readonly string[], notice: Notice) {
  if (userIds.length === 0) return { inApp: 0, emails: 0 };
  const recipients = await tx
    .select({
      id: users.id,
      email: users.email,
      wantsEmail: notificationPreferences.email,
      wantsInApp: notificationPreferences.inApp,
    })
    .from(users)
    .leftJoin(notificationPreferences, and(eq(notificationPreferences.userId, users.id), eq(notificationPreferences.kind, notice.kind)))
    .where(and(inArray(users.id, [...new Set(userIds)]), eq(users.active, true)));
  const inApp = recipients.filter((r) => r.wantsInApp ?? true);
  if (inApp.length > 0) {
    await tx.insert(notifications).values(inApp.map((r) => ({ userId: r.id, kind: notice.kind, title: notice.title, link: notice.link })));
  }
  let emails = 0;
  for (const r of recipients) {
    if (!(r.wantsEmail ?? true) || !r.email) continue;
    await enqueueEmail(
      { to: r.email, subject: notice.email.subject, text: notice.email.text },
      { tx, singletonKey: `notify:${notice.kind}:${notice.key}:${r.id}` },
    );
    emails++;
  }
  return { inApp: inApp.length, emails };
}

async function activeUsersOfRoles(tx: Db | Tx, roles: readonly Role[]) {
  if (roles.length === 0) return [];
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.active, true), inArray(users.role, [...roles])));
  return rows.map((r) => r.id);
}

/** A new anonymous complaint: the roles that review complaints. The e-mail is a link and nothing else. */
export async function notifyNewComplaint(tx: Tx, complaintId: string) {
  const link = "/dashboard/denuncias";
  return notify(tx, await activeUsersOfRoles(tx, ACTION_ROLES["complaints.review"]), {
    kind: "complaint_new",
    key: complaintId,
    title: "Nova denúncia recebida",
    link,
    email: {
      subject: "Nova denúncia recebida",
      text: [
        "Uma nova denúncia foi recebida pelo canal de denúncia anônima.",
        "",
        "Por segurança, o conteúdo não é enviado por e-mail. Entre no painel para lê-la:",
        `${appUrl()}${link}`,
        "",
        "Você recebe este aviso pelas suas preferências de notificação; altere-as em:",
        `${appUrl()}/dashboard/notificacoes`,
      ].join("\n"),
    },
  });
}

/** A new "Fale Conosco" message: the users whose inbox holds its sector (contactScope). */
export async function notifyNewContactMessage(tx: Tx, message: { id: string; sector: ContactSector }) {
  const roles = ROLES.filter((role) => contactScope(role).includes(message.sector));
  const label = CONTACT_SECTOR_LABELS[message.sector];
  const link = `/dashboard/contatos/${message.sector}`;
  return notify(tx, await activeUsersOfRoles(tx, roles), {
    kind: "contact_new",
    key: message.id,
    title: `Nova mensagem de contato — ${label}`,
    link,
    email: {
      subject: `Nova mensagem de contato — ${label}`,
      text: [
        `Uma nova mensagem chegou pelo “Fale Conosco” para o setor ${label}.`,
        "",
        `Leia e responda no painel: ${appUrl()}${link}`,
        "",
        "Você recebe este aviso pelas suas preferências de notificação; altere-as em:",
        `${appUrl()}/dashboard/notificacoes`,
      ].join("\n"),
    },
  });
}

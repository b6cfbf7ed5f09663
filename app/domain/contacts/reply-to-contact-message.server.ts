import { and, eq, inArray, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { contactMessages, contactReplies } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { getInstitutionalContent } from "~/domain/content/get-content.server";
import { sendMail } from "~/integrations/mailer.server";
import { AppError } from "~/utils/app-error";
import { formatDateTime } from "~/lib/dates";
import { log } from "~/utils/logger.server";
import { authorizeContacts, type ContactActor } from "./contact-access.server";
import { CONTACT_SECTOR_LABELS } from "./contact-sectors";
import { isContactSector } from "~/auth/scopes";
import { CONTACT_MESSAGES } from "./contact.schema";

type Message = typeof contactMessages.$inferSelect;

/** The e-mail the sender receives: the answer, who signs it, and their own message quoted. */
export function replyMail(message: Message, reply: string, staffName: string, union: { name: string; email: string }) {
  const sector = isContactSector(message.sector) ? CONTACT_SECTOR_LABELS[message.sector] : message.sector;
  const quoted = message.message
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join("\n");
  const text = [
    `Olá, ${message.name}.`,
    "",
    reply,
    "",
    "Atenciosamente,",
    staffName,
    `${sector} - ${union.name}`,
    "",
    `Em ${formatDateTime(message.createdAt)}, você escreveu pelo Fale Conosco:`,
    `Assunto: ${message.subject}`,
    quoted,
  ].join("\n");
  return { to: message.email, subject: `Re: ${message.subject}`, text, replyTo: union.email };
}

/**
 * Staff answer a contact message: the answer is e-mailed to the sender first; only when the
 * mail was accepted is the reply (text, who, when) added to the message's replies, copied onto
 * the message as its latest reply, and the status set to replied. If the mail fails nothing
 * changes (ADR 052). A second reply adds a second row: none is overwritten (ADR 305). Returns where the mail went: without SMTP it only
 * reached the server's outbox, and the staff member must be told so.
 */
export async function replyToContactMessage(
  actor: ContactActor,
  input: { id: string; reply: string },
): Promise<{ delivery: "smtp" | "outbox" }> {
  const scope = authorizeContacts(actor, "contacts", "reply");
  if (scope.length === 0) throw new AppError(404, CONTACT_MESSAGES.notFound);
  const inScope = and(eq(contactMessages.id, input.id), inArray(contactMessages.sector, [...scope]));
  const [message] = await db().select().from(contactMessages).where(inScope);
  if (!message) throw new AppError(404, CONTACT_MESSAGES.notFound);

  const union = await getInstitutionalContent();
  let delivery: "smtp" | "outbox";
  try {
    ({ delivery } = await sendMail(replyMail(message, input.reply, actor.name, union)));
  } catch (error) {
    // The SMTP error may quote the recipient's address: log codes only.
    const e = error as { code?: string; responseCode?: number };
    log.warn("contato: falha ao enviar resposta por e-mail", { id: message.id, code: e?.code, responseCode: e?.responseCode });
    throw new AppError(502, CONTACT_MESSAGES.replyMailFailed);
  }

  await db().transaction(async (tx) => {
    const updated = await tx
      .update(contactMessages)
      .set({
        replyMessage: input.reply,
        repliedBy: actor.id,
        repliedByName: actor.name,
        repliedAt: sql`now()`,
        status: "replied",
        updatedAt: sql`now()`,
      })
      .where(inScope)
      .returning({ id: contactMessages.id, repliedAt: contactMessages.repliedAt });
    if (updated.length === 0) throw new AppError(404, CONTACT_MESSAGES.notFound);
    // The same instant as the message's replied_at: the latest reply on both.
    await tx.insert(contactReplies).values({
      contactMessageId: message.id,
      body: input.reply,
      staffUserId: actor.id,
      staffName: actor.name,
      sentAt: updated[0].repliedAt ?? undefined,
    });
    await recordAudit(tx, actor, "contact.replied", message.id, {
      sector: message.sector,
      from: message.status,
      to: "replied",
      replyLength: input.reply.length,
    });
  });
  return { delivery };
}

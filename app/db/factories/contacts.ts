import { contactMessages, contactReplies } from "~/db/schema";
import type { ContactStatus } from "~/domain/contacts/contact-sectors";
import type { ContactSector } from "~/auth/scopes";
import { asLogin, daysAgo, numbered, nextSequence, personName, type FactoryDb } from "./support";

export type ContactMessageRow = typeof contactMessages.$inferSelect;
export type ContactMessageOverrides = Partial<Omit<typeof contactMessages.$inferInsert, "sector" | "status">> & {
  sector?: ContactSector;
  status?: ContactStatus;
};

const SUBJECTS = [
  "Dúvida sobre a filiação",
  "Adicional de periculosidade",
  "Folga compensatória na escala 12x36",
  "Segunda via da carteirinha",
  "Desconto da mensalidade",
  "Agendamento de homologação",
  "Convite para reunião com a diretoria",
  "Visita ao posto de trabalho",
] as const;

/**
 * A pending message from the public form, to the secretaria, sent an hour ago with consent.
 * For a replied one pass `status`, `replyMessage`, `repliedBy`, `repliedByName` and `repliedAt`:
 * `createContactMessage` then stores that reply in `contact_replies` too (ADR 305).
 */
export function buildContactMessage(overrides: ContactMessageOverrides = {}) {
  const n = nextSequence("contact");
  const name = overrides.name ?? personName(n);
  const sent = overrides.createdAt ?? daysAgo(0, 1);
  return {
    name,
    email: `${asLogin(name)}.${n}@example.com`,
    phone: "(61) 98123-4567",
    subject: numbered(SUBJECTS, n),
    message: "Bom dia! Gostaria de uma orientação do sindicato sobre o meu caso. Trabalho como bombeiro civil em um shopping.",
    sector: "secretaria" as ContactSector,
    status: "pending" as ContactStatus,
    consentAt: sent,
    updatedAt: sent,
    ...overrides,
    createdAt: sent,
  };
}

export async function createContactMessage(db: FactoryDb, overrides: ContactMessageOverrides = {}): Promise<ContactMessageRow> {
  const [row] = await db.insert(contactMessages).values(buildContactMessage(overrides)).returning();
  if (row.replyMessage !== null) {
    await db.insert(contactReplies).values({
      contactMessageId: row.id,
      body: row.replyMessage,
      staffUserId: row.repliedBy,
      staffName: row.repliedByName,
      sentAt: row.repliedAt ?? row.updatedAt,
    });
  }
  return row;
}

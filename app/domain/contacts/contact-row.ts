/**
 * A 'Fale Conosco' message as the staff screens show it (issue 20 §4): plain types and the
 * mapper from a `contact_messages` row. Not a .server module: the inbox, the detail and the
 * cases board type their props with these rows. What only the server needs (consent time, the
 * replier's id, updatedAt) is not sent to the page.
 */

/** One message, as the inbox's detail shows it. */
export type ContactMessageRow = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  sector: string;
  status: string;
  replyMessage: string | null;
  repliedByName: string | null;
  repliedAt: Date | null;
  createdAt: Date;
};

/** What a line of the inbox (and a card of the cases board) shows. */
export type ListedMessage = Pick<ContactMessageRow, "id" | "name" | "subject" | "message" | "sector" | "status" | "createdAt">;

export function toContactMessageRow(r: ContactMessageRow): ContactMessageRow {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    subject: r.subject,
    message: r.message,
    sector: r.sector,
    status: r.status,
    replyMessage: r.replyMessage,
    repliedByName: r.repliedByName,
    repliedAt: r.repliedAt,
    createdAt: r.createdAt,
  };
}

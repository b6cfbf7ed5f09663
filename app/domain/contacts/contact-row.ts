/**
 * A 'Fale Conosco' message as the staff screens show it (issue 20 §4): plain types and the
 * mapper from a `contact_messages` row. Not a .server module: the inbox, the detail and the
 * cases board type their props with these rows. What only the server needs (consent time,
 * updatedAt, the latest reply copied on the message) is not sent to the page: the detail lists
 * the replies from `contact_replies` (ADR 305).
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
  createdAt: Date;
};

/** One answer staff e-mailed to a message (ADR 305): the detail lists them oldest first. */
export type ContactReplyRow = {
  id: string;
  body: string;
  staffName: string | null;
  sentAt: Date;
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
    createdAt: r.createdAt,
  };
}

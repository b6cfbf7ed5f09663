import { and, asc, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { contactMessages, contactReplies } from "~/db/schema";
import { authorizeContacts, type ContactScreen } from "./contact-access.server";
import type { ContactStatus } from "./contact-sectors";
import type { ContactSector } from "~/auth/scopes";
import { toContactMessageRow, type ContactMessageRow, type ContactReplyRow } from "./contact-row";

export const CONTACTS_PAGE_SIZE = 25;

/**
 * Messages the actor may read on a screen, newest first: the screen's scope, narrowed to one
 * sector (only if inside the scope) and one status when asked. A scope with no sectors reads
 * nothing at all.
 */
export async function listContactMessages(
  actor: Parameters<typeof authorizeContacts>[0],
  options: { screen: ContactScreen; sector?: ContactSector | null; status?: ContactStatus | null; page?: number; pageSize?: number },
) {
  const scope = authorizeContacts(actor, options.screen);
  const sectors = options.sector ? scope.filter((s) => s === options.sector) : [...scope];
  const pageSize = options.pageSize ?? CONTACTS_PAGE_SIZE;
  const page = Math.max(1, options.page ?? 1);
  if (sectors.length === 0) return { messages: [] as ContactMessageRow[], total: 0, counts: emptyCounts(), page, pageSize };

  const inScope = inArray(contactMessages.sector, sectors);
  const where: SQL | undefined = options.status ? and(inScope, eq(contactMessages.status, options.status)) : inScope;
  const [messages, totals] = await Promise.all([
    db()
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db().select({ status: contactMessages.status, n: count() }).from(contactMessages).where(inScope).groupBy(contactMessages.status),
  ]);
  const counts = emptyCounts();
  for (const t of totals) if (t.status in counts) counts[t.status as ContactStatus] = t.n;
  const total = options.status ? counts[options.status] : counts.pending + counts.replied + counts.resolved;
  return { messages: messages.map(toContactMessageRow), total, counts, page, pageSize };
}

function emptyCounts(): Record<ContactStatus, number> {
  return { pending: 0, replied: 0, resolved: 0 };
}

/** One message by id, or null when it does not exist or lies outside the actor's scope. */
export async function getContactMessage(
  actor: Parameters<typeof authorizeContacts>[0],
  screen: ContactScreen,
  id: string,
): Promise<ContactMessageRow | null> {
  const scope = authorizeContacts(actor, screen);
  if (scope.length === 0) return null;
  const [row] = await db()
    .select()
    .from(contactMessages)
    .where(and(eq(contactMessages.id, id), inArray(contactMessages.sector, [...scope])));
  return row ? toContactMessageRow(row) : null;
}

/**
 * Every reply of a message, oldest first (ADR 305). Only for a message the caller already read
 * through `getContactMessage` or `listContactMessages` (the scope was checked there).
 */
export async function listContactReplies(messageId: string): Promise<ContactReplyRow[]> {
  return db()
    .select({ id: contactReplies.id, body: contactReplies.body, staffName: contactReplies.staffName, sentAt: contactReplies.sentAt })
    .from(contactReplies)
    .where(eq(contactReplies.contactMessageId, messageId))
    .orderBy(asc(contactReplies.sentAt), asc(contactReplies.id));
}

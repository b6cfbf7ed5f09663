import { and, eq, inArray, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { contactMessages } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { AppError } from "~/utils/app-error";
import { authorizeContacts, type ContactScreen } from "./contact-access.server";
import { storedStatusFor, type StatusButtonValue } from "./contact-sectors";
import { CONTACT_MESSAGES } from "./contact.schema";

const BUTTON_VALUES: readonly string[] = ["pending", "in_progress", "resolved"];

/**
 * The original's status service: pending → pending, in_progress → replied, resolved →
 * resolved; anything else is refused with 'Status inválido fornecido.'. Any state may go to
 * any other. A message outside the actor's scope is 'not found' and stays untouched.
 */
export async function updateContactStatus(
  actor: Parameters<typeof authorizeContacts>[0],
  input: { screen: ContactScreen; id: string; status: string },
) {
  const scope = authorizeContacts(actor, input.screen, "status");
  if (!BUTTON_VALUES.includes(input.status)) throw new AppError(400, CONTACT_MESSAGES.invalidStatus, "status");
  const next = storedStatusFor(input.status as StatusButtonValue);
  if (scope.length === 0) throw new AppError(404, CONTACT_MESSAGES.notFound);
  return db().transaction(async (tx) => {
    const [current] = await tx
      .select({ id: contactMessages.id, status: contactMessages.status, sector: contactMessages.sector })
      .from(contactMessages)
      .where(and(eq(contactMessages.id, input.id), inArray(contactMessages.sector, [...scope])))
      .for("update");
    if (!current) throw new AppError(404, CONTACT_MESSAGES.notFound);
    await tx
      .update(contactMessages)
      .set({ status: next, updatedAt: sql`now()` })
      .where(eq(contactMessages.id, current.id));
    await recordAudit(tx, actor, "contact.status_changed", current.id, {
      sector: current.sector,
      from: current.status,
      to: next,
      screen: input.screen,
    });
    return { from: current.status, to: next };
  });
}

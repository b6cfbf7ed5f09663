import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { contactMessages } from "~/db/schema";
import { AppError } from "~/utils/app-error";
import { hitRateLimit, retryMessage } from "~/utils/rate-limit.server";
import { log } from "~/utils/logger.server";
import { HONEYPOT_FIELD } from "~/utils/forms";
import { notifyNewContactMessage } from "~/domain/notifications/notify.server";
import { contactFormSchema, rateLimitedMessage } from "./contact.schema";

export type SubmitOutcome = { stored: boolean; id?: string };

/**
 * A visitor's 'Fale Conosco' message. Every post from an address counts against the
 * contactForm limit (the address itself is never stored: the counter key is a keyed hash).
 * A filled honeypot is answered like a success and nothing is stored.
 */
export async function submitContactMessage(values: Record<string, string>, clientIp: string): Promise<SubmitOutcome> {
  const limit = await hitRateLimit("contactForm", clientIp);
  if (!limit.allowed) throw new AppError(429, rateLimitedMessage(retryMessage(limit.retryAfterSeconds)));

  if ((values[HONEYPOT_FIELD] ?? "").trim() !== "") {
    log.info("contato: honeypot preenchido, mensagem descartada");
    return { stored: false };
  }

  const input = contactFormSchema.parse(values);
  const row = await db().transaction(async (tx) => {
    const [inserted] = await tx
      .insert(contactMessages)
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone,
        subject: input.subject,
        message: input.message,
        sector: input.sector,
        status: "pending",
        consentAt: sql`now()`,
      })
      .returning({ id: contactMessages.id });
    // Its sector's users are told (issue 22 §7, ADR 266), in the same transaction.
    await notifyNewContactMessage(tx, { id: inserted.id, sector: input.sector });
    return inserted;
  });
  return { stored: true, id: row.id };
}

import { eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { complaintMessages, complaints, users } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { authorize, type Actor } from "~/auth/authorize";
import { AppError } from "~/utils/app-error";
import { COMPLAINT_MESSAGES } from "./complaint.schema";

/**
 * A staff reply on a complaint's thread. Public replies are shown to the reporter (with the
 * code, signed "Equipe do Sindicato"); internal ones only to staff.
 */
export async function replyToComplaint(actor: Actor, input: { id: string; visibility: "public" | "internal"; body: string }) {
  authorize(actor, "complaints.review");
  return db().transaction(async (tx) => {
    const touched = await tx
      .update(complaints)
      .set({ updatedAt: sql`now()` })
      .where(eq(complaints.id, input.id))
      .returning({ id: complaints.id });
    if (touched.length === 0) throw new AppError(404, COMPLAINT_MESSAGES.notFound);
    const [staff] = await tx.select({ name: users.name }).from(users).where(eq(users.id, actor.id));
    const [message] = await tx
      .insert(complaintMessages)
      .values({
        complaintId: input.id,
        author: "staff",
        staffUserId: actor.id,
        staffName: staff?.name ?? actor.username,
        visibility: input.visibility,
        body: input.body,
      })
      .returning({ id: complaintMessages.id });
    await recordAudit(tx, actor, "complaint.replied", input.id, { messageId: message.id, visibility: input.visibility });
    return message.id;
  });
}

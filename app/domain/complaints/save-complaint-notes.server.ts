import { eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { complaints } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { authorize, type Actor } from "~/auth/authorize";
import { AppError } from "~/utils/app-error";
import { COMPLAINT_MESSAGES } from "./complaint.schema";

/** Saves the staff's internal notes; reviewer and time are recorded as for a status change. */
export async function saveComplaintNotes(actor: Actor, input: { id: string; adminNotes: string }) {
  authorize(actor, "complaints.review");
  await db().transaction(async (tx) => {
    const notes = input.adminNotes || null;
    const updated = await tx
      .update(complaints)
      .set({ adminNotes: notes, reviewedBy: actor.id, reviewedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(complaints.id, input.id))
      .returning({ id: complaints.id });
    if (updated.length === 0) throw new AppError(404, COMPLAINT_MESSAGES.notFound);
    await recordAudit(tx, actor, "complaint.notes_saved", input.id, { length: notes?.length ?? 0 });
  });
}

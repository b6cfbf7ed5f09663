import { eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { complaints } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { authorize, type Actor } from "~/auth/authorize";
import { AppError } from "~/utils/app-error";
import { COMPLAINT_MESSAGES, type ComplaintStatus } from "./complaint.schema";

/** Any status may follow any other (the original's free choice); notes and reviewer go with it. */
export async function updateComplaintStatus(actor: Actor, input: { id: string; status: ComplaintStatus; adminNotes: string }) {
  authorize(actor, "complaints.review");
  await db().transaction(async (tx) => {
    const [current] = await tx
      .select({ status: complaints.status, adminNotes: complaints.adminNotes })
      .from(complaints)
      .where(eq(complaints.id, input.id))
      .for("update");
    if (!current) throw new AppError(404, COMPLAINT_MESSAGES.notFound);
    const notes = input.adminNotes || null;
    await tx
      .update(complaints)
      .set({ status: input.status, adminNotes: notes, reviewedBy: actor.id, reviewedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(complaints.id, input.id));
    await recordAudit(tx, actor, "complaint.status_changed", input.id, {
      from: current.status,
      to: input.status,
      notesChanged: (current.adminNotes ?? null) !== notes,
    });
  });
}

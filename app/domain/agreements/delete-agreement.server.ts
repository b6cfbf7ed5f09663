import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { agreements } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { deleteFile } from "~/domain/files/file-store.server";
import { authorize, type Actor } from "~/auth/authorize";
import { AppError } from "~/utils/app-error";
import { AGREEMENT_MESSAGES } from "./agreement.schema";

/** Deletes an agreement and its PDF together. */
export async function deleteAgreement(actor: Actor, id: string) {
  authorize(actor, "agreements.edit");
  await db().transaction(async (tx) => {
    const [removed] = await tx.delete(agreements).where(eq(agreements.id, id)).returning();
    if (!removed) throw new AppError(404, AGREEMENT_MESSAGES.notFound);
    if (removed.fileId) await deleteFile(removed.fileId, tx);
    await recordAudit(
      {
        actor,
        action: "agreement.deleted",
        entityId: id,
        data: {
          title: removed.title,
          company: removed.company,
          status: removed.status,
          isPublic: removed.isPublic,
          fileId: removed.fileId,
        },
      },
      tx,
    );
  });
}

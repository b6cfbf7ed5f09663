import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { partners } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { deleteFile } from "~/domain/files/file-store.server";
import { authorize, type Actor } from "~/auth/authorize";
import { AppError } from "~/utils/app-error";
import { PARTNER_MESSAGES } from "./partner.schema";

/** Deletes a partner and its logo file. */
export async function deletePartner(actor: Actor, id: string) {
  authorize(actor, "partners.edit");
  return db().transaction(async (tx) => {
    const [removed] = await tx.delete(partners).where(eq(partners.id, id)).returning();
    if (!removed) throw new AppError(404, PARTNER_MESSAGES.notFound);
    if (removed.logoFileId) await deleteFile(removed.logoFileId, tx);
    await recordAudit({ actor, action: "partner.deleted", entityId: id, data: { name: removed.name, category: removed.category } }, tx);
  });
}

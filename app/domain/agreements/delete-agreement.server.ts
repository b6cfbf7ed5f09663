import { db } from "~/db/client.server";
import { agreements } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { deleteRowWithFile } from "~/domain/files/file-store.server";
import { authorize, type Actor } from "~/auth/authorize";
import { AGREEMENT_MESSAGES } from "./agreement.schema";

/** Deletes an agreement and its PDF together. */
export async function deleteAgreement(actor: Actor, id: string) {
  authorize(actor, "agreements.edit");
  await db().transaction(async (tx) => {
    const removed = await deleteRowWithFile(tx, agreements, id, (r) => r.fileId, AGREEMENT_MESSAGES.notFound);
    await recordAudit(tx, actor, "agreement.deleted", id, {
      title: removed.title,
      company: removed.company,
      status: removed.status,
      isPublic: removed.isPublic,
      fileId: removed.fileId,
    });
  });
}

import { db } from "~/db/client.server";
import { partners } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { deleteRowWithFile } from "~/domain/files/file-store.server";
import { authorize, type Actor } from "~/auth/authorize";
import { PARTNER_MESSAGES } from "./partner.schema";

/** Deletes a partner and its logo file. */
export async function deletePartner(actor: Actor, id: string) {
  authorize(actor, "partners.edit");
  return db().transaction(async (tx) => {
    const removed = await deleteRowWithFile(tx, partners, id, (r) => r.logoFileId, PARTNER_MESSAGES.notFound);
    await recordAudit(tx, actor, "partner.deleted", id, { name: removed.name, category: removed.category });
  });
}

import { eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { partners } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { deleteFile, type Upload } from "~/domain/files/file-store.server";
import { authorize, type Actor } from "~/auth/authorize";
import { AppError } from "~/utils/app-error";
import { PARTNER_MESSAGES, partnerFormValues, type PartnerFields } from "./partner.schema";
import { storePartnerLogo } from "./store-partner-logo.server";

/** Updates a partner; a new logo replaces the old one, `removeLogo` drops it (old file deleted). */
export async function updatePartner(
  actor: Actor,
  input: Omit<PartnerFields, "intent"> & { id: string; removeLogo: boolean },
  logo?: Upload,
) {
  authorize(actor, "partners.edit");
  return db().transaction(async (tx) => {
    const [current] = await tx.select().from(partners).where(eq(partners.id, input.id)).for("update");
    if (!current) throw new AppError(404, PARTNER_MESSAGES.notFound);
    let logoFileId = current.logoFileId;
    if (logo) logoFileId = (await storePartnerLogo(logo, actor.id, tx)).id;
    else if (input.removeLogo) logoFileId = null;
    await tx
      .update(partners)
      .set({
        ...partnerFormValues(input),
        logoFileId,
        updatedAt: sql`now()`,
      })
      .where(eq(partners.id, input.id));
    if (current.logoFileId && current.logoFileId !== logoFileId) await deleteFile(current.logoFileId, tx);
    const changed: string[] = (["name", "description", "category", "website", "sortOrder", "active"] as const).filter(
      (k) => current[k] !== input[k],
    );
    if (current.logoFileId !== logoFileId) changed.push("logo");
    await recordAudit(tx, actor, "partner.updated", input.id, { name: input.name, changed, logoFileId });
  });
}

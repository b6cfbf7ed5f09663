import { db } from "~/db/client.server";
import { partners } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import type { Upload } from "~/domain/files/file-store.server";
import { authorize, type Actor } from "~/auth/authorize";
import { partnerFormValues, type PartnerFields } from "./partner.schema";
import { storePartnerLogo } from "./store-partner-logo.server";

export async function createPartner(actor: Actor, input: Omit<PartnerFields, "intent">, logo?: Upload) {
  authorize(actor, "partners.edit");
  return db().transaction(async (tx) => {
    const stored = logo ? await storePartnerLogo(logo, actor.id, tx) : null;
    const [created] = await tx
      .insert(partners)
      .values({
        ...partnerFormValues(input),
        logoFileId: stored?.id ?? null,
      })
      .returning({ id: partners.id });
    await recordAudit(tx, actor, "partner.created", created.id, {
      name: input.name,
      category: input.category,
      active: input.active,
      logoFileId: stored?.id ?? null,
    });
    return created;
  });
}

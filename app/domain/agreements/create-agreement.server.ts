import { db } from "~/db/client.server";
import { agreements } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import type { Upload } from "~/domain/files/file-store.server";
import { authorize, type Actor } from "~/auth/authorize";
import { todayInBrasilia } from "~/lib/dates";
import { agreementFormValues, statusFromValidTo, type AgreementInput } from "./agreement.schema";
import { storeAgreementPdf } from "./store-agreement-pdf.server";

/**
 * Creates an agreement, with its PDF when one is sent. Status: draft when staff save it as a
 * draft, else active or expired from validTo (ADR 011). File and row commit together.
 */
export async function createAgreement(actor: Actor, input: AgreementInput, upload?: Upload) {
  authorize(actor, "agreements.edit");
  const status = input.draft ? "draft" : statusFromValidTo(input.validTo, todayInBrasilia());
  return db().transaction(async (tx) => {
    const file = upload ? await storeAgreementPdf(upload, actor.id, tx) : null;
    const [created] = await tx
      .insert(agreements)
      .values({
        ...agreementFormValues(input),
        status,
        fileId: file?.id ?? null,
        fileName: file?.fileName ?? null,
        fileSize: file?.size ?? null,
        createdBy: actor.id,
      })
      .returning({ id: agreements.id, status: agreements.status });
    await recordAudit(tx, actor, "agreement.created", created.id, {
      title: input.title,
      company: input.company,
      validFrom: input.validFrom,
      validTo: input.validTo,
      isPublic: input.isPublic,
      status,
      file: file ? { id: file.id, name: file.fileName, size: file.size } : null,
    });
    return created;
  });
}

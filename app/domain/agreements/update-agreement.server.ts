import { eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { agreements } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { diffFields } from "~/domain/audit/audit-event";
import { deleteFile, type Upload } from "~/domain/files/file-store.server";
import { authorize, type Actor } from "~/auth/authorize";
import { todayInBrasilia } from "~/lib/dates";
import { AppError } from "~/utils/app-error";
import { AGREEMENT_MESSAGES, agreementFormValues, statusFromValidTo, type AgreementInput, type AgreementStatus } from "./agreement.schema";
import { storeAgreementPdf } from "./store-agreement-pdf.server";

/**
 * The next stored status (ADR 011): a draft stays a draft while staff keep it so; leaving draft
 * or changing the end date recomputes active/expired from validTo; otherwise it is kept.
 */
export function nextStatus(
  current: { status: string; validTo: string },
  input: Pick<AgreementInput, "draft" | "validTo">,
  today: string,
): AgreementStatus {
  if (input.draft) return "draft";
  if (current.status === "draft" || current.validTo !== input.validTo) return statusFromValidTo(input.validTo, today);
  return current.status as AgreementStatus;
}

/** Edits an agreement. A new PDF replaces the old one, which is deleted in the same transaction. */
export async function updateAgreement(actor: Actor, id: string, input: AgreementInput, upload?: Upload) {
  authorize(actor, "agreements.edit");
  await db().transaction(async (tx) => {
    const [current] = await tx.select().from(agreements).where(eq(agreements.id, id)).for("update");
    if (!current) throw new AppError(404, AGREEMENT_MESSAGES.notFound);
    const status = nextStatus(current, input, todayInBrasilia());
    const file = upload ? await storeAgreementPdf(upload, actor.id, tx) : null;
    await tx
      .update(agreements)
      .set({
        ...agreementFormValues(input),
        status,
        ...(file ? { fileId: file.id, fileName: file.fileName, fileSize: file.size } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(agreements.id, id));
    if (file && current.fileId) await deleteFile(current.fileId, tx);
    const changes = diffFields(current, { ...input, status }, [
      "title",
      "description",
      "company",
      "validFrom",
      "validTo",
      "isPublic",
      "status",
    ]);
    await recordAudit(tx, actor, "agreement.updated", id, {
      title: input.title,
      changes,
      file: file ? { replaced: current.fileId, id: file.id, name: file.fileName, size: file.size } : undefined,
    });
  });
}

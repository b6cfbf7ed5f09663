import { db, type Db, type Tx } from "~/db/client.server";
import { complaints } from "~/db/schema";
import { storeUpload, type Upload } from "~/domain/files/file-store.server";
import { notifyNewComplaint } from "~/domain/notifications/notify.server";
import { COMPLAINT_MESSAGES, EVIDENCE_KINDS, type ComplaintFormInput } from "./complaint.schema";
import { generateReceiptCode, hashReceiptCode } from "./receipt.server";
import { throttleSubmission, type Requester } from "./throttle.server";

/** Evidence is stored under a neutral name: the reporter's own file name may identify them. */
export const EVIDENCE_FILE_NAME = "evidencia";
export const EVIDENCE_PURPOSE = "complaint-evidence";

/** Stores a complaint's evidence file (the form's, a follow-up's): under the neutral name, an allowed kind only, no uploader. */
export function storeEvidence(file: Upload, tx: Db | Tx) {
  return storeUpload(
    { ...file, fileName: EVIDENCE_FILE_NAME },
    { purpose: EVIDENCE_PURPOSE, allowed: EVIDENCE_KINDS, typeMessage: COMPLAINT_MESSAGES.typeNotAllowed, createdBy: null },
    tx,
  );
}

/**
 * Files an anonymous complaint. Nothing about the sender is kept: no IP address, user agent,
 * cookie, account or original file name. The evidence file and the complaint are written in
 * ONE transaction, so a failure leaves neither behind. Returns the receipt code, which exists
 * only in this return value (the database holds its slow hash).
 */
export async function createComplaint(
  input: ComplaintFormInput,
  evidence: Upload | undefined,
  requester: Requester,
): Promise<{ id: string; receiptCode: string }> {
  await throttleSubmission(requester);
  const receiptCode = generateReceiptCode();
  // Hashing is slow on purpose; do it before the transaction opens.
  const receiptHash = await hashReceiptCode(receiptCode);
  const id = await db().transaction(async (tx) => {
    const file = evidence ? await storeEvidence(evidence, tx) : null;
    const [row] = await tx
      .insert(complaints)
      .values({
        title: input.title,
        companyName: input.companyName,
        location: input.location,
        description: input.description,
        status: "pending",
        evidenceFileId: file?.id ?? null,
        receiptHash,
      })
      .returning({ id: complaints.id });
    // The roles that review complaints are told: a link, no content (issue 22 §7, ADR 266).
    await notifyNewComplaint(tx, row.id);
    return row.id;
  });
  return { id, receiptCode };
}

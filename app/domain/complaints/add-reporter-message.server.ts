import { eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { complaintMessages, complaints } from "~/db/schema";
import type { Upload } from "~/domain/files/file-store.server";
import { AppError } from "~/utils/app-error";
import { COMPLAINT_MESSAGES, followUpMessageField } from "./complaint.schema";
import { storeEvidence } from "./create-complaint.server";
import { reporterView, verifyReceiptCode } from "./find-complaint-by-receipt.server";
import type { ReporterView } from "./complaint-row";
import type { Requester } from "./throttle.server";

/**
 * The reporter adds text and/or a file to their complaint. There is no session: the code is
 * sent again with the form and verified again here. File and message share one transaction.
 * Once the code is verified, a refusal (empty message, file of another type) comes back with
 * the complaint's view, so the page can keep showing it beside the error.
 */
export async function addReporterMessage(
  input: { code: string; message: string },
  file: Upload | undefined,
  requester: Requester,
): Promise<{ view: ReporterView; error?: AppError }> {
  const id = await verifyReceiptCode(input.code, requester);
  try {
    const parsed = followUpMessageField.safeParse(input.message);
    if (!parsed.success) throw new AppError(400, parsed.error.issues[0].message, "message");
    if (!parsed.data && !file) throw new AppError(400, COMPLAINT_MESSAGES.addInfoRequired, "message");
    return { view: await append(id, parsed.data, file) };
  } catch (error) {
    if (error instanceof AppError) return { view: await reporterView(id), error };
    throw error;
  }
}

async function append(id: string, message: string, file: Upload | undefined) {
  return db().transaction(async (tx) => {
    const stored = file ? await storeEvidence(file, tx) : null;
    await tx.insert(complaintMessages).values({
      complaintId: id,
      author: "reporter",
      visibility: "public",
      body: message,
      fileId: stored?.id ?? null,
    });
    await tx
      .update(complaints)
      .set({ updatedAt: sql`now()` })
      .where(eq(complaints.id, id));
    return reporterView(id, tx);
  });
}

import { and, asc, eq } from "drizzle-orm";
import { db, type Db, type Tx } from "~/db/client.server";
import { complaintMessages, complaints, files } from "~/db/schema";
import { COMPLAINT_STATUS_LABELS, type ComplaintStatus } from "./complaint.schema";
import type { ReporterView } from "./complaint-row";
import { hashReceiptCode } from "./receipt.server";
import { assertLookupAllowed, countWrongCode, type Requester } from "./throttle.server";

/**
 * Finds the complaint a receipt code belongs to, throttling wrong codes per requester (keyed
 * hash only). Returns its id for follow-up writes inside the caller's transaction.
 */
export async function verifyReceiptCode(code: string, requester: Requester): Promise<string> {
  await assertLookupAllowed(requester);
  const hash = await hashReceiptCode(code);
  const [row] = await db().select({ id: complaints.id }).from(complaints).where(eq(complaints.receiptHash, hash));
  if (!row) return countWrongCode(requester);
  return row.id;
}

export async function reporterView(id: string, tx: Db | Tx = db()): Promise<ReporterView> {
  const [c] = await tx
    .select({
      title: complaints.title,
      companyName: complaints.companyName,
      location: complaints.location,
      description: complaints.description,
      status: complaints.status,
      createdAt: complaints.createdAt,
      updatedAt: complaints.updatedAt,
      fileName: files.fileName,
      fileSize: files.size,
    })
    .from(complaints)
    .leftJoin(files, eq(files.id, complaints.evidenceFileId))
    .where(eq(complaints.id, id));
  const rows = await tx
    .select({
      id: complaintMessages.id,
      author: complaintMessages.author,
      body: complaintMessages.body,
      createdAt: complaintMessages.createdAt,
      fileName: files.fileName,
      fileSize: files.size,
    })
    .from(complaintMessages)
    .leftJoin(files, eq(files.id, complaintMessages.fileId))
    .where(and(eq(complaintMessages.complaintId, id), eq(complaintMessages.visibility, "public")))
    .orderBy(asc(complaintMessages.createdAt), asc(complaintMessages.id));
  const status = c.status as ComplaintStatus;
  return {
    title: c.title,
    companyName: c.companyName,
    location: c.location,
    description: c.description,
    status,
    statusLabel: COMPLAINT_STATUS_LABELS[status],
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    evidence: c.fileName ? { fileName: c.fileName, size: c.fileSize ?? 0 } : null,
    messages: rows.map((m) => ({
      id: m.id,
      author: m.author as "reporter" | "staff",
      body: m.body,
      createdAt: m.createdAt.toISOString(),
      file: m.fileName ? { fileName: m.fileName, size: m.fileSize ?? 0 } : null,
    })),
  };
}

/** The follow-up page's look-up: the code is verified (throttled) and the public view returned. */
export async function findComplaintByReceipt(code: string, requester: Requester): Promise<ReporterView> {
  const id = await verifyReceiptCode(code, requester);
  return reporterView(id);
}

import { asc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db } from "~/db/client.server";
import { complaintMessages, complaints, files, users } from "~/db/schema";
import { authorize, type Actor } from "~/auth/authorize";
import { fileColumns } from "~/domain/files/file-store.server";
import { AppError } from "~/utils/app-error";
import { COMPLAINT_MESSAGES, type ComplaintStatus } from "./complaint.schema";
import type { ComplaintDetail } from "./complaint-row";

/** One complaint with its whole thread (internal notes included), for the staff detail panel. */
export async function getComplaint(actor: Actor, id: string): Promise<ComplaintDetail> {
  authorize(actor, "complaints.review");
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError(404, COMPLAINT_MESSAGES.notFound);
  const reviewer = alias(users, "reviewer");
  const [c] = await db()
    .select({
      id: complaints.id,
      title: complaints.title,
      companyName: complaints.companyName,
      location: complaints.location,
      description: complaints.description,
      status: complaints.status,
      adminNotes: complaints.adminNotes,
      reviewedByName: reviewer.name,
      reviewedAt: complaints.reviewedAt,
      createdAt: complaints.createdAt,
      updatedAt: complaints.updatedAt,
      fileId: files.id,
      ...fileColumns,
    })
    .from(complaints)
    .leftJoin(reviewer, eq(reviewer.id, complaints.reviewedBy))
    .leftJoin(files, eq(files.id, complaints.evidenceFileId))
    .where(eq(complaints.id, id));
  if (!c) throw new AppError(404, COMPLAINT_MESSAGES.notFound);
  const rows = await db()
    .select({
      id: complaintMessages.id,
      author: complaintMessages.author,
      visibility: complaintMessages.visibility,
      staffName: complaintMessages.staffName,
      body: complaintMessages.body,
      createdAt: complaintMessages.createdAt,
      fileId: files.id,
      ...fileColumns,
    })
    .from(complaintMessages)
    .leftJoin(files, eq(files.id, complaintMessages.fileId))
    .where(eq(complaintMessages.complaintId, id))
    .orderBy(asc(complaintMessages.createdAt), asc(complaintMessages.id));
  const file = (r: { fileId: string | null; fileName: string | null; contentType: string | null; size: number | null }) =>
    r.fileId
      ? { id: r.fileId, fileName: r.fileName ?? "evidencia", contentType: r.contentType ?? "application/octet-stream", size: r.size ?? 0 }
      : null;
  return {
    id: c.id,
    title: c.title,
    companyName: c.companyName,
    location: c.location,
    description: c.description,
    status: c.status as ComplaintStatus,
    adminNotes: c.adminNotes,
    reviewedByName: c.reviewedByName,
    reviewedAt: c.reviewedAt?.toISOString() ?? null,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    evidence: file(c),
    messages: rows.map((m) => ({
      id: m.id,
      author: m.author as "reporter" | "staff",
      visibility: m.visibility as "public" | "internal",
      staffName: m.staffName,
      body: m.body,
      createdAt: m.createdAt.toISOString(),
      file: file(m),
    })),
  };
}

import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { agreements, files } from "~/db/schema";
import type { Role } from "~/auth/roles";
import { canAccessScreen, screenById } from "~/auth/screens";
import { downloadNameFor } from "./agreement.schema";

/**
 * An agreement's PDF for a viewer, or null. The public gets public, non-draft agreements only;
 * internal agreements and drafts only reach staff whose role opens the agreements screen.
 * Null covers "no such agreement", "no document" and "not for you" alike, so the route's 404
 * reveals nothing.
 */
export async function getAgreementDocument(id: string, viewer: { role: Role } | null) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await db()
    .select({
      title: agreements.title,
      fileName: agreements.fileName,
      isPublic: agreements.isPublic,
      status: agreements.status,
      file: { data: files.data, contentType: files.contentType, fileName: files.fileName, sha256: files.sha256 },
    })
    .from(agreements)
    .innerJoin(files, eq(files.id, agreements.fileId))
    .where(eq(agreements.id, id));
  if (!row) return null;
  const open = row.isPublic && row.status !== "draft";
  const staff = viewer !== null && canAccessScreen(viewer.role, screenById("agreements"));
  if (!open && !staff) return null;
  return { file: row.file, downloadName: downloadNameFor(row), open };
}

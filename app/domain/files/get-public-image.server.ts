import { and, eq, inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { files } from "~/db/schema";
import { PUBLIC_IMAGE_PURPOSES } from "./public-image";
import { isUuid } from "~/utils/uuid";

/**
 * A stored file that the public may see, or undefined. The purpose is part of the query, so a
 * file of any other purpose (complaint evidence, internal PDFs, …) is never even read.
 */
export async function getPublicImage(id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db()
    .select({ data: files.data, contentType: files.contentType, fileName: files.fileName, sha256: files.sha256 })
    .from(files)
    .where(and(eq(files.id, id), inArray(files.purpose, [...PUBLIC_IMAGE_PURPOSES])));
  // Only images leave through this door, whatever a future purpose might hold.
  if (!row || !row.contentType.startsWith("image/")) return undefined;
  return row;
}

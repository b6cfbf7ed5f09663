import { eq } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { fileTypeFromBuffer } from "file-type";
import { sharpOf } from "~/lib/sharp.server";
import { db, type Db, type Tx } from "~/db/client.server";
import { files } from "~/db/schema";
import { AppError } from "~/utils/app-error";
import { sha256Hex } from "~/utils/crypto.server";
import { contentDisposition } from "~/utils/download.server";
import { FILE_KINDS, type FileKind } from "./file-types";

/** What a list shows of a stored file (never its bytes): its name, type and size. */
export const fileColumns = { fileName: files.fileName, contentType: files.contentType, size: files.size };

/**
 * The one file store. Files live in the database (table `files`), so one backup holds
 * everything and several app instances share them. An S3-compatible driver could sit
 * behind these same functions later.
 */

/** A file received with a form (read by ~/utils/form-body.server). */
export type Upload = { fieldName: string; fileName: string; bytes: Buffer };

/** The kind of a file by its content, or null when it is none of the allowed kinds. */
export async function detectKind(bytes: Buffer, allowed: readonly FileKind[]): Promise<FileKind | null> {
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected) return null;
  const kind = (Object.keys(FILE_KINDS) as FileKind[]).find(
    (k) =>
      FILE_KINDS[k].mime === detected.mime ||
      (k === "wav" && detected.mime === "audio/wav") ||
      (k === "wav" && detected.mime === "audio/x-wav"),
  );
  return kind && allowed.includes(kind) ? kind : null;
}

/**
 * Re-encodes an image: orientation applied, every metadata block (EXIF, GPS, XMP, ICC) dropped,
 * long side at most `maxSide` pixels. Opaque images become JPEG, others WebP.
 */
export async function sanitizeImage(bytes: Buffer, maxSide = 1600) {
  const image = (await sharpOf(bytes, { failOn: "error", limitInputPixels: 100_000_000 })).rotate();
  const meta = await image.metadata();
  const resized = image.resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true });
  if (meta.hasAlpha || meta.format === "gif" || meta.format === "png") {
    return { bytes: await resized.webp({ quality: 82 }).toBuffer(), contentType: "image/webp", ext: "webp" };
  }
  return { bytes: await resized.jpeg({ quality: 82, mozjpeg: true }).toBuffer(), contentType: "image/jpeg", ext: "jpg" };
}

export type StoredFile = { id: string; fileName: string; contentType: string; size: number };

export async function storeFile(
  input: { purpose: string; fileName: string; contentType: string; bytes: Buffer; createdBy?: string | null },
  tx: Db | Tx = db(),
): Promise<StoredFile> {
  const [row] = await tx
    .insert(files)
    .values({
      purpose: input.purpose,
      fileName: input.fileName,
      contentType: input.contentType,
      size: input.bytes.length,
      sha256: sha256Hex(input.bytes),
      data: input.bytes,
      createdBy: input.createdBy ?? null,
    })
    .returning({ id: files.id, ...fileColumns });
  return row;
}

/**
 * Validates an upload by content and stores it; images are re-encoded without metadata,
 * other kinds are kept byte for byte. Throws AppError(415, typeMessage) for other content.
 */
export async function storeUpload(
  upload: Upload,
  opts: { purpose: string; allowed: readonly FileKind[]; typeMessage: string; createdBy?: string | null; maxImageSide?: number },
  tx: Db | Tx = db(),
): Promise<StoredFile> {
  const kind = await detectKind(upload.bytes, opts.allowed);
  if (!kind) throw new AppError(415, opts.typeMessage);
  const base = safeBaseName(upload.fileName);
  if (FILE_KINDS[kind].image) {
    let clean;
    try {
      clean = await sanitizeImage(upload.bytes, opts.maxImageSide);
    } catch {
      throw new AppError(415, opts.typeMessage);
    }
    return storeFile(
      {
        purpose: opts.purpose,
        fileName: `${base}.${clean.ext}`,
        contentType: clean.contentType,
        bytes: clean.bytes,
        createdBy: opts.createdBy,
      },
      tx,
    );
  }
  return storeFile(
    {
      purpose: opts.purpose,
      fileName: `${base}.${FILE_KINDS[kind].ext}`,
      contentType: FILE_KINDS[kind].mime,
      bytes: upload.bytes,
      createdBy: opts.createdBy,
    },
    tx,
  );
}

/** A display name without path parts, control characters or the original extension. */
export function safeBaseName(name: string) {
  const last = name.split(/[\\/]/).pop() ?? "arquivo";
  const noExt = last.replace(/\.[^.]*$/, "");
  const clean = noExt
    .replace(/[\u0000-\u001f\u007f"<>|:*?]/g, "")
    .trim()
    .slice(0, 120);
  return clean || "arquivo";
}

export async function getFile(id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await db().select().from(files).where(eq(files.id, id));
  return row;
}

export async function deleteFile(id: string, tx: Db | Tx = db()) {
  await tx.delete(files).where(eq(files.id, id));
}

/**
 * Deletes the row `id` of `table` with the stored file it points to (`fileIdOf`), in the caller's
 * transaction: the deleted row, or a 404 with `notFound` when there is no such row.
 */
export async function deleteRowWithFile<T extends PgTable & { id: AnyPgColumn }>(
  tx: Tx,
  table: T,
  id: string,
  fileIdOf: (row: T["$inferSelect"]) => string | null,
  notFound: string,
): Promise<T["$inferSelect"]> {
  const [removed] = (await tx
    .delete(table as PgTable)
    .where(eq(table.id, id))
    .returning()) as T["$inferSelect"][];
  if (!removed) throw new AppError(404, notFound);
  const fileId = fileIdOf(removed);
  if (fileId) await deleteFile(fileId, tx);
  return removed;
}

/**
 * The response for a stored file: `Content-Disposition` with the (RFC 5987-encoded) name and a
 * private cache (`X-Content-Type-Options: nosniff` comes with every response from
 * server/security.ts). Routes call this only after checking permission.
 */
export function fileResponse(
  file: { data: Buffer; contentType: string; fileName: string; sha256?: string },
  opts: { disposition?: "inline" | "attachment"; downloadName?: string; cache?: "private" | "public" | "no-store" } = {},
) {
  const disposition = contentDisposition(opts.downloadName ?? file.fileName, opts.disposition);
  const cache = opts.cache === "no-store" ? "no-store" : opts.cache === "public" ? "public, max-age=3600" : "private, max-age=3600";
  return new Response(new Uint8Array(file.data), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.data.length),
      "Content-Disposition": disposition,
      "Cache-Control": cache,
      ...(file.sha256 ? { ETag: `"${file.sha256}"` } : {}),
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}

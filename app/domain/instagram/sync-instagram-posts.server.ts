import { and, eq, inArray, notInArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { files, instagramPosts } from "~/db/schema";
import { deleteFile, sanitizeImage, storeFile } from "~/domain/files/file-store.server";
import {
  fetchInstagramImage,
  fetchInstagramMedia,
  instagramConfigured,
  InstagramError,
  type InstagramMedia,
} from "~/integrations/instagram.server";
import { errorFields, log } from "~/utils/logger.server";
import { INSTAGRAM_IMAGE_PURPOSE } from "./instagram";

/** How many of the account's latest posts we keep (the page shows 3; a few spare). */
export const INSTAGRAM_KEEP = 6;
/** Images are re-encoded to this long side: the block shows them at most ~400 px wide. */
const IMAGE_SIDE = 1080;

export type InstagramSyncResult =
  | { status: "disabled" }
  | { status: "ok"; stored: number; imagesCopied: number; imageFailures: number }
  | { status: "failed"; error: string; kind: string };

/** Copies one picture into the file store (re-encoded, metadata dropped); null on failure. */
async function copyImage(media: InstagramMedia): Promise<string | null> {
  if (!media.imageUrl) return null;
  try {
    const bytes = await fetchInstagramImage(media.imageUrl);
    const clean = await sanitizeImage(bytes, IMAGE_SIDE);
    const stored = await storeFile({
      purpose: INSTAGRAM_IMAGE_PURPOSE,
      fileName: `instagram-${media.id}.${clean.ext}`,
      contentType: clean.contentType,
      bytes: clean.bytes,
    });
    return stored.id;
  } catch (error) {
    log.warn("imagem do Instagram não copiada", { post: media.id, ...errorFields(error) });
    return null;
  }
}

/**
 * One sync: fetch the latest media, copy new pictures into the file store, then replace the
 * stored posts in one transaction. Any failure before that transaction leaves the previous
 * posts untouched (the block keeps showing them). The API call's outcome is recorded by the
 * integration module (diagnostics page); scheduling is the job queue's (instagram-sync-job).
 */
export async function syncInstagramPosts(): Promise<InstagramSyncResult> {
  if (!instagramConfigured()) return { status: "disabled" };

  let media: InstagramMedia[];
  try {
    media = (await fetchInstagramMedia({ limit: INSTAGRAM_KEEP * 2 })).slice(0, INSTAGRAM_KEEP);
  } catch (error) {
    const kind = error instanceof InstagramError ? error.kind : "unknown";
    const message = error instanceof Error ? error.message : String(error);
    log.warn("sincronização do Instagram falhou", { kind, error: message });
    return { status: "failed", error: message, kind };
  }

  // Pictures already copied for a post are kept; only new posts (or earlier failures) download.
  const ids = media.map((m) => m.id);
  const existing = ids.length
    ? await db()
        .select({ id: instagramPosts.id, imageFileId: instagramPosts.imageFileId })
        .from(instagramPosts)
        .where(inArray(instagramPosts.id, ids))
    : [];
  const have = new Map(existing.map((e) => [e.id, e.imageFileId]));
  const copied: string[] = [];
  let imageFailures = 0;
  const imageFor = new Map<string, string | null>();
  for (const m of media) {
    const current = have.get(m.id);
    if (current) {
      imageFor.set(m.id, current);
      continue;
    }
    const fileId = await copyImage(m);
    if (fileId) copied.push(fileId);
    else if (m.imageUrl) imageFailures++;
    imageFor.set(m.id, fileId);
  }

  try {
    await db().transaction(async (tx) => {
      for (const m of media) {
        const values = {
          caption: m.caption,
          mediaType: m.mediaType,
          mediaUrl: m.mediaUrl,
          permalink: m.permalink,
          timestamp: m.timestamp,
          imageFileId: imageFor.get(m.id) ?? null,
          syncedAt: new Date(),
        };
        await tx
          .insert(instagramPosts)
          .values({ id: m.id, ...values })
          .onConflictDoUpdate({ target: instagramPosts.id, set: values });
      }
      // Posts no longer among the latest (or deleted on Instagram) go, with their pictures.
      const gone = await tx
        .select({ imageFileId: instagramPosts.imageFileId })
        .from(instagramPosts)
        .where(ids.length ? notInArray(instagramPosts.id, ids) : undefined);
      await tx.delete(instagramPosts).where(ids.length ? notInArray(instagramPosts.id, ids) : undefined);
      const goneFiles = gone.map((g) => g.imageFileId).filter((id): id is string => Boolean(id));
      if (goneFiles.length) {
        await tx.delete(files).where(and(inArray(files.id, goneFiles), eq(files.purpose, INSTAGRAM_IMAGE_PURPOSE)));
      }
    });
  } catch (error) {
    for (const id of copied) await deleteFile(id).catch(() => {});
    const message = error instanceof Error ? error.message : String(error);
    log.error("gravação dos posts do Instagram falhou", errorFields(error));
    return { status: "failed", error: message, kind: "database" };
  }

  log.info("posts do Instagram sincronizados", { stored: media.length, imagesCopied: copied.length, imageFailures });
  return { status: "ok", stored: media.length, imagesCopied: copied.length, imageFailures };
}

import type { Db, Tx } from "~/db/client.server";
import { storeUpload, type Upload } from "~/domain/files/file-store.server";
import { IMAGE_KINDS } from "~/domain/files/file-types";
import { COVER_PURPOSE, NEWS_MESSAGES } from "./news.schema";

/** Stores a news post's cover: an image, decided by content (magic bytes), never by name. */
export function storeNewsCover(cover: Upload, createdBy: string | null, tx: Db | Tx) {
  return storeUpload(cover, { purpose: COVER_PURPOSE, allowed: IMAGE_KINDS, typeMessage: NEWS_MESSAGES.coverType, createdBy }, tx);
}

import { desc } from "drizzle-orm";
import { db } from "~/db/client.server";
import { instagramPosts } from "~/db/schema";
import { errorFields, log } from "~/utils/logger.server";
import { publicImageUrl } from "~/domain/files/public-image";
import { INSTAGRAM_MESSAGES, INSTAGRAM_POST_LIMIT, type InstagramFeed } from "./instagram";

/**
 * The latest posts (by their Instagram timestamp) from the database, shaped as the original's
 * backend answered: `{ success, posts, error }`. Never throws: a failed read is
 * `success: false` with the block's error message.
 */
export async function listInstagramFeed(limit = INSTAGRAM_POST_LIMIT): Promise<InstagramFeed> {
  try {
    const rows = await db()
      .select({
        id: instagramPosts.id,
        caption: instagramPosts.caption,
        permalink: instagramPosts.permalink,
        timestamp: instagramPosts.timestamp,
        imageFileId: instagramPosts.imageFileId,
      })
      .from(instagramPosts)
      .orderBy(desc(instagramPosts.timestamp))
      .limit(limit);
    return {
      success: true,
      error: null,
      posts: rows.map((r) => {
        const image = publicImageUrl(r.imageFileId);
        return { id: r.id, caption: r.caption, link: r.permalink, image, media_url: image, timestamp: r.timestamp.toISOString() };
      }),
    };
  } catch (error) {
    log.error("leitura dos posts do Instagram falhou", errorFields(error));
    return { success: false, posts: [], error: INSTAGRAM_MESSAGES.loadError };
  }
}

/**
 * The Instagram block's shared constants and messages (original §8, §9). Not a .server
 * module: the home page's components use them too.
 */
export const INSTAGRAM_MESSAGES = {
  loadError: "Erro ao carregar posts do Instagram. Tente novamente mais tarde.",
  empty: "Nenhum post encontrado no momento",
} as const;

/** Posts shown on the home page and answered by GET /api/instagram-posts. */
export const INSTAGRAM_POST_LIMIT = 3;
/** Captions longer than this are cut (with an ellipsis). */
export const INSTAGRAM_CAPTION_LIMIT = 150;
/** Purpose of the copies of Instagram images in the file store. */
export const INSTAGRAM_IMAGE_PURPOSE = "instagram-image";

export type InstagramPost = {
  id: string;
  caption: string | null;
  /** The post on Instagram. */
  link: string;
  /** Our own copy of the picture (/imagens/:id, same origin), or null when it could not be copied yet. */
  image: string | null;
  /** The original's diagnostic view calls the picture media_url: the same local copy. */
  media_url: string | null;
  timestamp: string;
};

/** The body of GET /api/instagram-posts, as the original's backend answered it. */
export type InstagramFeed = { success: boolean; posts: InstagramPost[]; error: string | null };

/** The first `limit` characters and "...", as the original; idempotent (a cut caption stays as is). */
export function truncateCaption(caption: string | null | undefined, limit = INSTAGRAM_CAPTION_LIMIT) {
  const text = (caption ?? "").trim();
  if (text.length <= limit || (text.endsWith("...") && text.length <= limit + 3)) return text;
  return `${text.slice(0, limit).trimEnd()}...`;
}

/** The feed with captions already cut, so a page does not ship text it never shows. */
export function withCutCaptions(feed: InstagramFeed): InstagramFeed {
  return { ...feed, posts: feed.posts.map((p) => ({ ...p, caption: p.caption == null ? null : truncateCaption(p.caption) })) };
}

import type { Route } from "./+types/instagram-posts";
import { listInstagramFeed } from "~/domain/instagram/list-instagram-posts.server";

/**
 * GET /api/instagram-posts — the original's backend call: `{ success, posts, error }` with the
 * latest 3 posts from the database (filled by the scheduled sync). The home page renders the
 * same data on the server; this endpoint stays for other clients.
 */
export async function loader(_: Route.LoaderArgs) {
  const feed = await listInstagramFeed();
  return Response.json(feed, {
    status: feed.success ? 200 : 500,
    headers: { "Cache-Control": feed.success ? "public, max-age=60" : "no-store" },
  });
}

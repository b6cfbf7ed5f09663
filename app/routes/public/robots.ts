import type { Route } from "./+types/robots";
import { buildRobots } from "~/domain/seo/sitemap.server";

/** GET /robots.txt */
export async function loader(_: Route.LoaderArgs) {
  return new Response(buildRobots(), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

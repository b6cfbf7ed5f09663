import type { Route } from "./+types/sitemap";
import { buildSitemap } from "~/domain/seo/sitemap.server";

/** GET /sitemap.xml */
export async function loader(_: Route.LoaderArgs) {
  return new Response(await buildSitemap(), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

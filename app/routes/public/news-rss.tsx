import type { Route } from "./+types/news-rss";
import { listNewsForFeed } from "~/domain/news/list-published-news.server";
import { buildNewsRss } from "~/domain/news/rss";
import { getInstitutionalContent } from "~/domain/content/get-content.server";
import { appUrl } from "~/utils/env.server";

/** GET /noticias/rss.xml — RSS 2.0 of the visible posts, with absolute links from APP_URL. */
export async function loader(_: Route.LoaderArgs) {
  const [items, content] = await Promise.all([listNewsForFeed(20), getInstitutionalContent()]);
  const xml = buildNewsRss({
    siteUrl: appUrl(),
    siteName: content.name,
    description: `Notícias e comunicados do ${content.name}.`,
    items,
  });
  return new Response(xml, {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      "Cache-Control": "public, max-age=300",
    },
  });
}

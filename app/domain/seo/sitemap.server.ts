import { listPublishedNews } from "~/domain/news/list-published-news.server";
import { appUrl } from "~/utils/env.server";
import { PUBLIC_PAGES } from "~/lib/public-pages";

/** Public pages worth indexing, in the catalogue's order (login, maintenance and the not-found page are noindex). */
export const SITEMAP_PAGES = Object.values(PUBLIC_PAGES).flatMap((p) => ("sitemap" in p ? [{ path: p.to, ...p.sitemap }] : []));

/** A sitemap holds at most 50,000 URLs; news beyond that would need a sitemap index. */
const MAX_NEWS = 45_000;

function escapeXml(s: string) {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

/** sitemap.xml: every public page plus every published news post, with absolute URLs. */
export async function buildSitemap(): Promise<string> {
  const base = appUrl();
  const { posts } = await listPublishedNews({ page: 1, pageSize: MAX_NEWS });
  const urls = [
    ...SITEMAP_PAGES.map((p) => ({
      loc: `${base}${p.path}`,
      lastmod: null as string | null,
      changefreq: p.changefreq,
      priority: p.priority,
    })),
    ...posts.map((n) => ({
      loc: `${base}/noticias/${encodeURIComponent(n.slug)}`,
      lastmod: n.publishedAt.toISOString(),
      changefreq: "monthly",
      priority: "0.7",
    })),
  ];
  const body = urls
    .map(
      (u) =>
        `  <url>\n    <loc>${escapeXml(u.loc)}</loc>\n${u.lastmod ? `    <lastmod>${u.lastmod}</lastmod>\n` : ""}    <changefreq>${u.changefreq}</changefreq>\n    <priority>${u.priority}</priority>\n  </url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

/** robots.txt: everything public is crawlable, the staff area and receipt look-ups are not. */
export function buildRobots(): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /dashboard",
    "Disallow: /denuncia/acompanhar",
    "",
    `Sitemap: ${appUrl()}/sitemap.xml`,
    "",
  ].join("\n");
}

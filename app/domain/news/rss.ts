/** RSS 2.0 for the published news, with absolute links (the caller passes APP_URL). */
export type FeedItem = {
  slug: string;
  title: string;
  summary: string;
  publishedAt: Date;
  cover: { url: string; type: string; size: number } | null;
};

export function escapeXml(text: string) {
  return (
    text
      // Characters XML 1.0 forbids outright never reach the feed.
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "")
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;")
  );
}

export function buildNewsRss(opts: { siteUrl: string; siteName: string; description: string; items: FeedItem[]; now?: Date }) {
  const { siteUrl, items } = opts;
  const listUrl = `${siteUrl}/noticias`;
  const lastBuild = items[0]?.publishedAt ?? opts.now ?? new Date();
  const entries = items
    .map((item) => {
      const link = `${siteUrl}/noticias/${encodeURIComponent(item.slug)}`;
      const enclosure = item.cover
        ? `\n      <enclosure url="${escapeXml(siteUrl + item.cover.url)}" length="${item.cover.size}" type="${escapeXml(item.cover.type)}"/>`
        : "";
      return `    <item>
      <title>${escapeXml(item.title)}</title>
      <link>${escapeXml(link)}</link>
      <guid isPermaLink="true">${escapeXml(link)}</guid>
      <pubDate>${item.publishedAt.toUTCString()}</pubDate>
      <description>${escapeXml(item.summary)}</description>${enclosure}
    </item>`;
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escapeXml(`Notícias | ${opts.siteName}`)}</title>
    <link>${escapeXml(listUrl)}</link>
    <description>${escapeXml(opts.description)}</description>
    <language>pt-BR</language>
    <lastBuildDate>${lastBuild.toUTCString()}</lastBuildDate>
    <atom:link href="${escapeXml(`${siteUrl}/noticias/rss.xml`)}" rel="self" type="application/rss+xml"/>
${entries}
  </channel>
</rss>
`;
}

import type { MetaDescriptor } from "react-router";

export const SITE_NAME = "Sindicato dos Bombeiros Civis do DF";

type Match = { id: string; data?: unknown; loaderData?: unknown } | undefined;

/** The public base URL (APP_URL), handed down by the root loader. */
export function siteUrlFrom(matches: readonly Match[]): string {
  const root = matches.find((m) => m?.id === "root");
  const data = (root?.loaderData ?? root?.data) as { siteUrl?: string } | undefined;
  return data?.siteUrl ?? "";
}

type SeoOptions = { title: string; description: string; path: string; image?: string; type?: "website" | "article"; noindex?: boolean };

/**
 * Title, description, Open Graph and canonical URL for a public page:
 * `export const meta: Route.MetaFunction = ({ matches }) => seo(matches, {...})`, or `seoMeta({...})`
 * when they do not depend on the page's data.
 */
export function seo(matches: readonly Match[], opts: SeoOptions): MetaDescriptor[] {
  const base = siteUrlFrom(matches);
  const url = `${base}${opts.path}`;
  const title = opts.path === "/" ? opts.title : `${opts.title} | ${SITE_NAME}`;
  const image = opts.image ? (opts.image.startsWith("http") ? opts.image : `${base}${opts.image}`) : `${base}/og-image.png`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: opts.description },
    { property: "og:type", content: opts.type ?? "website" },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:locale", content: "pt_BR" },
    { property: "og:title", content: title },
    { property: "og:description", content: opts.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { tagName: "link", rel: "canonical", href: url },
  ];
  if (opts.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

/** The meta function of a page whose title, description and path do not depend on its data. */
export function seoMeta(opts: SeoOptions) {
  return ({ matches }: { matches: readonly Match[] }) => seo(matches, opts);
}

/** The meta of a page kept out of search engines (the sign-in steps, maintenance). */
export function noindexMeta(title: string, description: string, path: string) {
  return seoMeta({ title, description, path, noindex: true });
}

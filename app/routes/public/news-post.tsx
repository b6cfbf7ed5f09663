import { data, isRouteErrorResponse, Link, useLoaderData, useRouteError } from "react-router";
import { ArrowLeft } from "~/components/icons/sprite";
import type { Route } from "./+types/news-post";
import { getPublishedNews } from "~/domain/news/get-published-news.server";
import { renderMarkdown } from "~/domain/news/markdown";
import { seo } from "~/utils/seo";
import { PageHero } from "~/components/layout/page-hero";
import { MarkdownBody } from "~/components/news/markdown-body";
import { NewsCard, NewsDate } from "~/components/news/news-card";
import { NewsCover } from "~/components/news/news-cover";
import { NewsNotFound } from "~/components/news/news-not-found";

export async function loader({ params }: Route.LoaderArgs) {
  const post = await getPublishedNews(params.slug);
  // Unknown, draft and scheduled posts all answer the same 404.
  if (!post) throw data(null, { status: 404 });
  const { body, ...rest } = post;
  return { post: rest, bodyHtml: renderMarkdown(body) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [{ title: "Notícia não encontrada" }, { name: "robots", content: "noindex" }];
  const { post } = loaderData;
  return [
    ...seo(matches, {
      title: post.title,
      description: post.summary,
      path: `/noticias/${post.slug}`,
      image: post.coverUrl ?? undefined,
      type: "article",
    }),
    { property: "article:published_time", content: new Date(post.publishedAt).toISOString() },
    { property: "article:modified_time", content: new Date(post.updatedAt).toISOString() },
    { property: "article:section", content: "Notícias" },
  ];
};

export const links: Route.LinksFunction = () => [
  { rel: "alternate", type: "application/rss+xml", title: "Notícias (RSS)", href: "/noticias/rss.xml" },
];

function BackLink({ className }: { className?: string }) {
  return (
    <Link
      to="/noticias"
      className={"inline-flex items-center gap-2 rounded-lg text-sm font-semibold underline-offset-4 hover:underline " + (className ?? "")}
    >
      <ArrowLeft className="size-4" aria-hidden /> Voltar para as notícias
    </Link>
  );
}

export default function NewsPost() {
  const { post, bodyHtml } = useLoaderData<typeof loader>();
  return (
    <>
      <article>
        <PageHero eyebrow="Notícias" title={post.title} lead={post.summary}>
          <div className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-3">
            <NewsDate value={post.publishedAt} className="text-slate-200" />
            <BackLink className="text-flame-300" />
          </div>
        </PageHero>

        <div className="bg-white">
          <div className="container-page pb-16">
            {post.coverUrl ? (
              <figure className="mx-auto mt-10 max-w-4xl overflow-hidden rounded-2xl bg-slate-100 shadow-md">
                <div className="aspect-[16/9]">
                  <NewsCover src={post.coverUrl} eager />
                </div>
              </figure>
            ) : null}
            <MarkdownBody html={bodyHtml} testId="news-body" className="mx-auto mt-10 max-w-3xl sm:mt-14" />
            <div className="mx-auto mt-12 max-w-3xl border-t border-slate-200 pt-8">
              <BackLink className="text-brand-700" />
            </div>
          </div>
        </div>
      </article>

      {post.more.length > 0 ? (
        <aside aria-labelledby="leia-tambem" className="bg-slate-50">
          <div className="container-page py-12 sm:py-16">
            <h2 id="leia-tambem" className="text-2xl font-bold text-navy-950">
              Leia também
            </h2>
            <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {post.more.map((m) => (
                <NewsCard key={m.slug} post={m} headingLevel={3} />
              ))}
            </div>
          </div>
        </aside>
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NewsNotFound />;
  throw error;
}

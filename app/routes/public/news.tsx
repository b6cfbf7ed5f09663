import { data, isRouteErrorResponse, Link, useLoaderData, useRouteError } from "react-router";
import { Newspaper, Rss } from "~/components/icons/sprite";
import type { Route } from "./+types/news";
import { listPublishedNews } from "~/domain/news/list-published-news.server";
import { seo } from "~/utils/seo";
import { PageHero } from "~/components/layout/page-hero";
import { NewsCard } from "~/components/news/news-card";
import { Pager } from "~/components/ui/pager";
import { NewsNotFound } from "~/components/news/news-not-found";
import { Button } from "~/components/ui/button";
import { listHref } from "~/lib/pagination";

const DESCRIPTION = "Notícias, comunicados e orientações do sindicato para os bombeiros civis do Distrito Federal.";

export const links: Route.LinksFunction = () => [
  { rel: "alternate", type: "application/rss+xml", title: "Notícias (RSS)", href: "/noticias/rss.xml" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get("pagina");
  const page = raw && /^\d{1,5}$/.test(raw) ? Math.max(1, Number(raw)) : 1;
  const result = await listPublishedNews({ page });
  // A page past the end is not a page.
  if (page > result.pageCount) throw data(null, { status: 404 });
  return result;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [{ title: "Página não encontrada" }, { name: "robots", content: "noindex" }];
  const page = loaderData.page;
  return seo(matches, {
    title: page > 1 ? `Notícias - página ${page}` : "Notícias",
    description: DESCRIPTION,
    path: pageHref(page),
  });
};

function pageHref(p: number) {
  return listHref("/noticias", { pagina: p });
}

function EmptyState() {
  return (
    <div
      className="mx-auto max-w-xl rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-6 py-14 text-center"
      data-testid="news-empty"
    >
      <span className="mx-auto grid size-14 place-items-center rounded-2xl bg-white text-brand-700 shadow-sm">
        <Newspaper className="size-7" aria-hidden />
      </span>
      <h2 className="mt-5 text-xl font-bold text-navy-950">Nenhuma notícia publicada ainda</h2>
      <p className="mt-2 text-slate-700">
        Em breve você encontrará aqui os comunicados e as novidades do sindicato. Enquanto isso, consulte as convenções coletivas vigentes.
      </p>
      <Button asChild className="mt-6">
        <Link to="/convencoes">Ver convenções coletivas</Link>
      </Button>
    </div>
  );
}

export default function NewsList() {
  const { posts, page, pageCount, total } = useLoaderData<typeof loader>();
  const [first, ...rest] = posts;
  const featured = page === 1 && first ? first : null;
  const grid = featured ? rest : posts;
  return (
    <>
      <PageHero
        eyebrow="Notícias"
        title="Notícias e comunicados"
        lead="Acompanhe as novidades, as orientações e os comunicados do sindicato para a categoria."
      >
        <div className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-3">
          <a
            href="/noticias/rss.xml"
            className="inline-flex items-center gap-2 rounded-lg border border-white/30 px-4 py-2 text-sm font-semibold text-white hover:bg-white/10"
          >
            <Rss className="size-4 text-flame-300" aria-hidden /> Assinar o feed RSS
          </a>
          {total > 0 ? (
            <p className="text-sm text-slate-300">{total === 1 ? "1 notícia publicada" : `${total} notícias publicadas`}</p>
          ) : null}
        </div>
      </PageHero>

      <section aria-label="Lista de notícias" className="bg-slate-50">
        <div className="container-page grid gap-10 py-12 sm:py-16">
          {posts.length === 0 ? (
            <EmptyState />
          ) : (
            <>
              {featured ? <NewsCard post={featured} featured /> : null}
              {grid.length > 0 ? (
                <div className={grid.length >= 3 ? "grid gap-6 sm:grid-cols-2 lg:grid-cols-3" : "grid gap-6 sm:grid-cols-2"}>
                  {grid.map((post) => (
                    <NewsCard key={post.id} post={post} />
                  ))}
                </div>
              ) : null}
              <Pager label="Paginação das notícias" page={page} pageCount={pageCount} hrefFor={pageHref} />
            </>
          )}
        </div>
      </section>
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NewsNotFound title="Página não encontrada" message="Esta página da lista de notícias não existe." />;
  }
  throw error;
}

import { Link } from "react-router";
import { Newspaper } from "~/components/icons/public-icons";
import { formatLongDate } from "~/lib/long-date";
import type { PublishedNewsItem } from "~/domain/news/news-row";
import { SectionHeading } from "./section-heading";

/** The latest news: the first story large, the others beside it. */
export function LatestNews({ news }: { news: PublishedNewsItem[] }) {
  return (
    <section aria-labelledby="noticias-titulo" className="border-t border-slate-200 bg-white py-16 sm:py-20" data-testid="latest-news">
      <div className="container-page">
        <SectionHeading id="noticias-titulo" eyebrow="Notícias" title="Últimas notícias" to="/noticias" more="Ver todas as notícias" />
        {news.length === 0 ? (
          <div className="mt-8 grid place-items-center gap-3 rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center">
            <Newspaper className="size-8 text-slate-500" aria-hidden />
            <p className="font-medium text-slate-700">Nenhuma notícia publicada ainda.</p>
          </div>
        ) : (
          <ul className="mt-8 grid gap-6 lg:grid-cols-3">
            {news.map((n, i) => (
              <li key={n.id} className={i === 0 ? "lg:col-span-2 lg:row-span-2" : undefined}>
                <Link
                  to={`/noticias/${n.slug}`}
                  className="group flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-lg"
                >
                  <div
                    className={
                      i === 0 ? "relative aspect-[16/9] overflow-hidden lg:aspect-auto lg:flex-1" : "relative aspect-[16/9] overflow-hidden"
                    }
                  >
                    {n.coverUrl ? (
                      <img
                        src={n.coverUrl}
                        alt=""
                        width={i === 0 ? 960 : 480}
                        height={i === 0 ? 540 : 270}
                        loading="lazy"
                        decoding="async"
                        className="absolute inset-0 size-full object-cover transition duration-500 group-hover:scale-[1.03]"
                      />
                    ) : (
                      <div
                        aria-hidden
                        className="absolute inset-0 grid place-items-center bg-gradient-to-br from-navy-900 via-navy-800 to-brand-800"
                      >
                        <Newspaper className="size-10 text-white/60" />
                      </div>
                    )}
                  </div>
                  <div className="flex flex-col gap-2 p-5">
                    <time
                      dateTime={new Date(n.publishedAt).toISOString()}
                      className="text-xs font-semibold uppercase tracking-wide text-brand-700"
                    >
                      {formatLongDate(n.publishedAt)}
                    </time>
                    <h3
                      className={
                        i === 0
                          ? "text-xl font-bold leading-snug text-navy-950 group-hover:text-brand-800 sm:text-2xl"
                          : "text-lg font-bold leading-snug text-navy-950 group-hover:text-brand-800"
                      }
                    >
                      {n.title}
                    </h3>
                    <p className="line-clamp-3 text-sm leading-relaxed text-slate-600">{n.summary}</p>
                  </div>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

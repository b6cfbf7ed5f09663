import { Link } from "react-router";
import { ArrowRight, CalendarDays } from "~/components/icons/sprite";
import { formatLongDate } from "~/lib/long-date";
import { cn } from "~/lib/cn";
import { NewsCover } from "./news-cover";
import type { PublishedNewsItem } from "~/domain/news/news-row";

export type NewsCardPost = Omit<PublishedNewsItem, "id">;

export function NewsDate({ value, className }: { value: Date | string; className?: string }) {
  const d = new Date(value);
  return (
    <p className={cn("flex items-center gap-1.5 text-sm font-medium text-slate-600", className)}>
      <CalendarDays className="size-4 shrink-0" aria-hidden />
      <time dateTime={d.toISOString()}>{formatLongDate(d)}</time>
    </p>
  );
}

/**
 * A post in a list: cover, date, title, summary. The whole card is clickable (the title's link
 * stretches over it) while the accessible name stays the title.
 */
export function NewsCard({ post, featured, headingLevel = 2 }: { post: NewsCardPost; featured?: boolean; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article
      className={cn(
        "group relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-lg focus-within:ring-2 focus-within:ring-brand-600",
        featured && "lg:grid lg:grid-cols-[1.25fr_1fr]",
      )}
      data-testid="news-card"
    >
      <div className={cn("aspect-[16/9] overflow-hidden bg-slate-100", featured && "lg:aspect-auto lg:min-h-80")}>
        <NewsCover src={post.coverUrl} eager={featured} className="transition duration-500 group-hover:scale-[1.03]" />
      </div>
      <div className={cn("flex flex-1 flex-col gap-3 p-5 sm:p-6", featured && "lg:justify-center lg:p-10")}>
        {featured ? (
          <p className="w-fit rounded-full bg-brand-50 px-3 py-1 text-xs font-bold uppercase tracking-wider text-brand-800">Mais recente</p>
        ) : null}
        <NewsDate value={post.publishedAt} />
        <Heading className={cn("font-bold leading-snug text-navy-950", featured ? "text-2xl sm:text-3xl" : "text-lg sm:text-xl")}>
          <Link
            to={`/noticias/${post.slug}`}
            className="outline-none after:absolute after:inset-0 after:content-[''] group-hover:text-brand-800"
          >
            {post.title}
          </Link>
        </Heading>
        <p className={cn("text-slate-700", featured ? "text-base sm:text-lg line-clamp-4" : "line-clamp-3")}>{post.summary}</p>
        <p aria-hidden className="mt-auto flex items-center gap-1 pt-2 text-sm font-semibold text-brand-700">
          Ler notícia <ArrowRight className="size-4 transition group-hover:translate-x-1" />
        </p>
      </div>
    </article>
  );
}

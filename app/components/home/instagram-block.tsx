import * as React from "react";
import { Await } from "react-router";
import { ArrowUpRight, ImageOff } from "~/components/icons/public-icons";
import { formatLongDate } from "~/lib/long-date";
import { INSTAGRAM_MESSAGES, truncateCaption, type InstagramFeed } from "~/domain/instagram/instagram";
import { InstagramGlyph } from "./brand-glyphs";
import { SectionHeading } from "./section-heading";
import { NewTabLink } from "~/components/ui/new-tab-link";

export type InstagramState = { status: "loading" } | { status: "error" } | { status: "ready"; feed: InstagramFeed };

/** The handle shown on the profile button: "@perfil" from a profile URL, else a plain label. */
export function instagramHandle(profileUrl: string) {
  const m = /instagram\.com\/([A-Za-z0-9._]+)/i.exec(profileUrl);
  return m ? `@${m[1]}` : "nosso perfil";
}

/**
 * The Instagram block's four states, as the original: loading, the error box, the empty state
 * (the backend's error or 'Nenhum post encontrado no momento') and up to 3 posts.
 */
export function InstagramFeedView({ state }: { state: InstagramState }) {
  if (state.status === "loading") {
    return (
      <div role="status" aria-live="polite" data-testid="instagram-loading">
        <span className="sr-only">Carregando posts do Instagram…</span>
        <ul className="grid gap-5 sm:grid-cols-3" aria-hidden>
          {[0, 1, 2].map((i) => (
            <li key={i} className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
              <div className="aspect-square animate-pulse bg-slate-200" />
              <div className="grid gap-2 p-4">
                <div className="h-3 w-3/4 animate-pulse rounded bg-slate-200" />
                <div className="h-3 w-1/2 animate-pulse rounded bg-slate-200" />
              </div>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (state.status === "error" || !state.feed.success) {
    return (
      <div
        role="alert"
        data-testid="instagram-error"
        className="rounded-2xl border border-red-200 bg-red-50 px-5 py-4 text-sm font-medium text-red-900"
      >
        {INSTAGRAM_MESSAGES.loadError}
      </div>
    );
  }
  const posts = state.feed.posts.slice(0, 3);
  if (posts.length === 0) {
    return (
      <div
        data-testid="instagram-empty"
        className="grid place-items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center"
      >
        <span className="grid size-12 place-items-center rounded-full bg-brand-50 text-brand-700">
          <InstagramGlyph className="size-6" />
        </span>
        <p className="text-base font-medium text-slate-700">{state.feed.error || INSTAGRAM_MESSAGES.empty}</p>
      </div>
    );
  }
  return (
    <ul className="grid gap-5 sm:grid-cols-3" data-testid="instagram-posts">
      {posts.map((post) => {
        const caption = truncateCaption(post.caption);
        return (
          <li
            key={post.id}
            className="group flex overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:-translate-y-0.5 hover:shadow-md sm:flex-col"
          >
            <div className="relative w-28 shrink-0 overflow-hidden bg-gradient-to-br from-navy-900 to-brand-800 sm:aspect-square sm:w-auto">
              {post.image ? (
                <img
                  src={post.image}
                  alt={caption ? `Post do Instagram: ${truncateCaption(post.caption, 80)}` : "Post do Instagram do sindicato"}
                  width={540}
                  height={540}
                  loading="lazy"
                  decoding="async"
                  className="absolute inset-0 size-full object-cover transition duration-500 group-hover:scale-[1.03]"
                />
              ) : (
                <div className="absolute inset-0 grid place-items-center text-white/80">
                  <ImageOff className="size-10" aria-hidden />
                </div>
              )}
            </div>
            <div className="flex min-w-0 flex-1 flex-col gap-2 p-4 sm:gap-3 sm:p-5">
              <time dateTime={post.timestamp} className="text-xs font-semibold uppercase tracking-wide text-brand-700">
                {formatLongDate(post.timestamp)}
              </time>
              {caption ? (
                <p className="text-sm leading-relaxed text-slate-700" data-testid="instagram-caption">
                  {caption}
                </p>
              ) : null}
              <NewTabLink
                href={post.link}
                className="mt-auto inline-flex items-center gap-1 self-start text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
              >
                Ver no Instagram <ArrowUpRight className="size-4" aria-hidden />
              </NewTabLink>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** The block on the home page: the feed arrives as a streamed (deferred) loader value. */
export function InstagramBlock({ feed, profileUrl }: { feed: Promise<InstagramFeed> | InstagramFeed; profileUrl: string }) {
  return (
    <section aria-labelledby="instagram-titulo" className="bg-slate-50 py-16 sm:py-20" data-testid="instagram-block">
      <div className="container-page">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <SectionHeading id="instagram-titulo" eyebrow="Redes sociais" title="Acompanhe no Instagram" />
            <p className="mt-2 max-w-xl text-slate-600">Mobilizações, conquistas e o dia a dia da categoria.</p>
          </div>
          {profileUrl ? (
            <NewTabLink
              href={profileUrl}
              className="inline-flex h-11 items-center gap-2 rounded-full bg-gradient-to-r from-brand-700 to-[#b3135f] px-5 text-sm font-semibold text-white shadow-sm transition hover:brightness-110"
            >
              <InstagramGlyph className="size-5" /> Seguir {instagramHandle(profileUrl)}
            </NewTabLink>
          ) : null}
        </div>
        <div className="mt-8">
          <React.Suspense fallback={<InstagramFeedView state={{ status: "loading" }} />}>
            <Await resolve={feed} errorElement={<InstagramFeedView state={{ status: "error" }} />}>
              {(resolved) => <InstagramFeedView state={{ status: "ready", feed: resolved }} />}
            </Await>
          </React.Suspense>
        </div>
      </div>
    </section>
  );
}

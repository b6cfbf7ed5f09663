import * as React from "react";
import { DeleteButton } from "~/components/ui/delete-button";
import { Form, Link, useLoaderData, useSearchParams } from "react-router";
import { CalendarClock, Eye, EyeOff, ExternalLink, Newspaper, Pencil, Plus } from "~/components/icons/sprite";
import type { Route } from "./+types/news";
import { requireAccess } from "~/auth/guard.server";
import { listNews, countNewsByState } from "~/domain/news/list-news.server";
import { getNewsPost } from "~/domain/news/get-news-post.server";
import { createNews } from "~/domain/news/create-news.server";
import { updateNews } from "~/domain/news/update-news.server";
import { deleteNews } from "~/domain/news/delete-news.server";
import { publishNews, unpublishNews } from "~/domain/news/set-news-status.server";
import { COVER_MAX_BYTES, NEWS_MESSAGES, newsActionSchema, newsListFilterSchema } from "~/domain/news/news.schema";
import { handleAction } from "~/utils/action.server";
import { loadOrFail } from "~/utils/load.server";
import { redirectWithFlash } from "~/utils/flash.server";
import { useFormAction } from "~/components/ui/use-form-action";
import { formatDateTime } from "~/lib/dates";
import { cn } from "~/lib/cn";
import { DashboardErrorBoundary } from "~/components/layout/dashboard-error";
import { PageHeader } from "~/components/layout/dashboard-shell";
import { NewsEditor } from "~/components/news/news-editor";
import { NewsCover } from "~/components/news/news-cover";
import { Pager } from "~/components/ui/pager";
import { EmptyState } from "~/components/ui/empty-state";
import { FilterBar, SearchInput } from "~/components/ui/filter-bar";
import { NewsStateBadge } from "~/components/news/news-state-badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";

export const meta: Route.MetaFunction = () => [{ title: "Notícias | Painel" }];

/**
 * /dashboard/noticias — the list (search, state filter, pages) and, with ?editor=nova or
 * ?editor=<id>, the editor. One URL keeps one entry in the role table and one action.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAccess(request);
  const url = new URL(request.url);
  const editor = url.searchParams.get("editor");
  if (editor) {
    if (editor === "nova") return { view: "editor" as const, post: null };
    return { view: "editor" as const, post: await loadOrFail(() => getNewsPost(user, editor), NEWS_MESSAGES.loadError) };
  }
  const filter = newsListFilterSchema.parse(Object.fromEntries(url.searchParams));
  const [list, counts] = await loadOrFail(() => Promise.all([listNews(user, filter), countNewsByState(user)]), NEWS_MESSAGES.loadError);
  return { view: "list" as const, filter, counts, ...list };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireAccess(request);
  const toList = (message: string) => redirectWithFlash("/dashboard/noticias", { type: "success", message });
  return handleAction(request, {
    actor,
    intents: newsActionSchema,
    upload: { field: "cover", maxBytes: COVER_MAX_BYTES, tooLargeMessage: NEWS_MESSAGES.coverTooLarge },
    fallback: {
      create: NEWS_MESSAGES.createError,
      update: NEWS_MESSAGES.updateError,
      publish: NEWS_MESSAGES.publishError,
      unpublish: NEWS_MESSAGES.unpublishError,
      delete: NEWS_MESSAGES.deleteError,
    },
    idempotent: { create: "news" },
    handlers: {
      create: async (input, { file }) => (await createNews(actor, input, file), toList(NEWS_MESSAGES.created)),
      update: async (input, { file }) => (await updateNews(actor, input, file), toList(NEWS_MESSAGES.updated)),
      publish: async (input) => ((await publishNews(actor, input.id)) === "scheduled" ? NEWS_MESSAGES.scheduled : NEWS_MESSAGES.published),
      unpublish: async (input) => (await unpublishNews(actor, input.id), NEWS_MESSAGES.unpublished),
      delete: async (input) => (await deleteNews(actor, input.id), NEWS_MESSAGES.deleted),
    },
  });
}

type ListData = Extract<Awaited<ReturnType<typeof loader>>, { view: "list" }>;
type Row = ListData["posts"][number];

function dateLine(post: Row) {
  if (post.state === "published") return `Publicada em ${formatDateTime(post.publishedAt)}`;
  if (post.state === "scheduled") return `Agendada para ${formatDateTime(post.publishedAt)}`;
  return `Atualizado em ${formatDateTime(post.updatedAt)}`;
}

function StatusButton({ post }: { post: Row }) {
  const publishing = post.state === "draft";
  const { Form, busy } = useFormAction({ intent: publishing ? "publish" : "unpublish" });
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={publishing ? "publish" : "unpublish"} />
      <input type="hidden" name="id" value={post.id} />
      <Button
        type="submit"
        variant="outline"
        size="sm"
        disabled={busy}
        aria-label={`${publishing ? "Publicar" : "Despublicar"} ${post.title}`}
      >
        {publishing ? <Eye /> : <EyeOff />} {publishing ? "Publicar" : "Despublicar"}
      </Button>
    </Form>
  );
}

function DeletePostButton({ post }: { post: Row }) {
  return (
    <DeleteButton
      id={post.id}
      name={post.title}
      title="Excluir notícia"
      description={
        <>
          {NEWS_MESSAGES.deleteConfirm} <strong className="text-slate-900">{post.title}</strong> sairá do site e a imagem de capa será
          apagada. Esta ação não pode ser desfeita.
        </>
      }
    />
  );
}

const FILTERS = [
  { value: "todas", label: "Todas", count: "all" },
  { value: "published", label: "Publicadas", count: "published" },
  { value: "scheduled", label: "Agendadas", count: "scheduled" },
  { value: "draft", label: "Rascunhos", count: "draft" },
] as const;

function NewsListView({ data: list }: { data: ListData }) {
  const [params] = useSearchParams();
  const hrefWith = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === "") next.delete(k);
      else next.set(k, v);
    }
    const qs = next.toString();
    return `/dashboard/noticias${qs ? `?${qs}` : ""}`;
  };
  const { posts, filter, counts, total, page, pageCount } = list;
  const filtered = Boolean(filter.q) || filter.situacao !== "todas";
  return (
    <div>
      <PageHeader
        title="Notícias"
        description={`${counts.all} ${counts.all === 1 ? "notícia cadastrada" : "notícias cadastradas"} · ${counts.published} ${counts.published === 1 ? "publicada" : "publicadas"}`}
        actions={
          <>
            <Button asChild variant="outline">
              <a href="/noticias" target="_blank" rel="noreferrer">
                <ExternalLink /> Ver no site
              </a>
            </Button>
            <NewPostButton />
          </>
        }
      />

      <FilterBar
        className="mb-4"
        defaultOpen={filter.situacao !== "todas"}
        active={filter.situacao !== "todas" ? 1 : 0}
        search={
          <Form method="get" role="search" className="flex w-full gap-2 lg:max-w-md">
            {filter.situacao !== "todas" ? <input type="hidden" name="situacao" value={filter.situacao} /> : null}
            <SearchInput id="busca-noticias" label="Buscar notícias" defaultValue={filter.q} placeholder="Título, resumo ou slug" />
            <Button type="submit" variant="secondary">
              Buscar
            </Button>
          </Form>
        }
      >
        <nav aria-label="Filtrar por situação" className="flex flex-wrap gap-2">
          {FILTERS.map((f) => {
            const active = filter.situacao === f.value;
            return (
              <Link
                key={f.value}
                to={hrefWith({ situacao: f.value === "todas" ? null : f.value, pagina: null })}
                aria-current={active ? "true" : undefined}
                className={cn(
                  "inline-flex items-center gap-2 rounded-full border px-3 py-1.5 text-sm font-semibold",
                  active ? "border-navy-900 bg-navy-900 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
                )}
              >
                {f.label}
                <span className={cn("rounded-full px-1.5 text-xs", active ? "bg-white/20" : "bg-slate-100 text-slate-700")}>
                  {counts[f.count]}
                </span>
              </Link>
            );
          })}
        </nav>
      </FilterBar>

      {posts.length === 0 ? (
        <EmptyState
          data-testid="news-empty"
          className="py-14"
          icon={Newspaper}
          title={filtered ? "Nenhuma notícia encontrada" : "Nenhuma notícia cadastrada ainda"}
          action={
            filtered ? (
              <Button asChild variant="outline">
                <Link to="/dashboard/noticias">Limpar filtros</Link>
              </Button>
            ) : (
              <NewPostButton />
            )
          }
        >
          {filtered
            ? "Tente outro termo de busca ou outra situação."
            : "Escreva a primeira notícia: ela pode ficar como rascunho até você publicar."}
        </EmptyState>
      ) : (
        <Card className="overflow-hidden">
          <h2 className="sr-only">Lista de notícias</h2>
          <ul className="divide-y divide-slate-200">
            {posts.map((post) => (
              <li
                key={post.id}
                className="grid gap-4 p-4 sm:grid-cols-[8rem_minmax(0,1fr)] sm:p-5 xl:grid-cols-[8rem_minmax(0,1fr)_auto]"
                data-testid={`news-row-${post.slug}`}
              >
                <div className="hidden aspect-[16/9] overflow-hidden rounded-lg bg-slate-100 sm:block">
                  <NewsCover src={post.coverUrl} className="[&_svg]:size-6" />
                </div>
                <div className="min-w-0">
                  <div className="flex flex-wrap items-center gap-2">
                    <NewsStateBadge state={post.state} />
                    <p className="flex items-center gap-1 text-xs text-slate-600">
                      {post.state === "scheduled" ? <CalendarClock className="size-3.5" aria-hidden /> : null}
                      {dateLine(post)}
                    </p>
                  </div>
                  <h3 className="mt-1.5 text-base font-semibold text-navy-950">
                    <Link to={`/dashboard/noticias?editor=${post.id}`} className="hover:text-brand-800 hover:underline">
                      {post.title}
                    </Link>
                  </h3>
                  <p className="mt-0.5 truncate font-mono text-xs text-slate-500">/noticias/{post.slug}</p>
                  <p className="mt-1 line-clamp-2 text-sm text-slate-700">{post.summary}</p>
                </div>
                <div className="flex flex-wrap items-start gap-2 sm:col-start-2 xl:col-start-auto xl:justify-end">
                  <Button asChild variant="outline" size="sm">
                    <Link to={`/dashboard/noticias?editor=${post.id}`} aria-label={`Editar ${post.title}`}>
                      <Pencil /> Editar
                    </Link>
                  </Button>
                  <StatusButton post={post} />
                  {post.state === "published" ? (
                    <Button asChild variant="ghost" size="sm">
                      <a href={`/noticias/${post.slug}`} target="_blank" rel="noreferrer" aria-label={`Ver ${post.title} no site`}>
                        <ExternalLink /> Ver
                      </a>
                    </Button>
                  ) : null}
                  <DeletePostButton post={post} />
                </div>
              </li>
            ))}
          </ul>
        </Card>
      )}

      {pageCount > 1 ? (
        <div className="mt-6">
          <p className="mb-3 text-center text-sm text-slate-600">
            Página {page} de {pageCount} · {total} {total === 1 ? "notícia" : "notícias"}
          </p>
          <Pager
            label="Paginação das notícias"
            page={page}
            pageCount={pageCount}
            hrefFor={(p) => hrefWith({ pagina: p === 1 ? null : String(p) })}
          />
        </div>
      ) : null}
    </div>
  );
}

/** Opens the editor on a new post. */
function NewPostButton() {
  return (
    <Button asChild>
      <Link to="/dashboard/noticias?editor=nova">
        <Plus /> Nova notícia
      </Link>
    </Button>
  );
}

export default function NewsPage() {
  const loaderData = useLoaderData<typeof loader>();
  if (loaderData.view === "editor") {
    const post = loaderData.post;
    return (
      <div>
        <PageHeader
          title={post ? "Editar notícia" : "Nova notícia"}
          description={post ? post.title : "Escreva, pré-visualize e publique agora ou em uma data futura."}
          actions={
            <Button asChild variant="outline">
              <Link to="/dashboard/noticias">Voltar para a lista</Link>
            </Button>
          }
        />
        <NewsEditor key={post?.id ?? "nova"} post={post} />
      </div>
    );
  }
  return <NewsListView data={loaderData} />;
}

export const ErrorBoundary = DashboardErrorBoundary;

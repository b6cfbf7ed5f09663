import * as React from "react";
import { Link } from "react-router";
import { Tabs } from "radix-ui";
import { ExternalLink, ImagePlus, Send, Save, Trash2 } from "~/components/icons/sprite";
import { FilePicker } from "~/components/ui/file-picker";
import { COVER_ACCEPT, COVER_MAX_BYTES, NEWS_LIMITS, NEWS_MESSAGES } from "~/domain/news/news.schema";
import { renderMarkdown } from "~/domain/news/markdown";
import { slugify } from "~/domain/news/slug";
import { fromBrasiliaLocalInput, toBrasiliaLocalInput } from "~/lib/dates";
import { cn } from "~/lib/cn";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, Input, Textarea } from "~/components/ui/input";
import { CheckboxField } from "~/components/ui/checkbox-field";
import { useFormAction } from "~/components/ui/use-form-action";
import { MarkdownBody } from "./markdown-body";
import { NewsStateBadge } from "./news-state-badge";
import { newsActionSchema } from "~/domain/news/news.schema";
import type { NewsEditorPost } from "~/domain/news/news-row";
import { SubmitButton } from "~/components/ui/submit-button";
import { CreateOrUpdateFields } from "~/components/ui/create-or-edit-dialog";

const tabClass =
  "rounded-md px-3 py-1.5 text-sm font-semibold text-slate-600 hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-navy-950 data-[state=active]:shadow-sm";

/**
 * The staff editor: title, slug (follows the title until edited), summary, Markdown body with a
 * live preview (same renderer as the public page), cover image and publication date-time in
 * Brasília time. Saves as draft or publishes (schedules when the date is in the future).
 */
export function NewsEditor({ post }: { post: NewsEditorPost | null }) {
  // A document form: a saved post redirects to the list with a flash message.
  const { Form, errors, busy } = useFormAction({ mode: "document", intent: post ? "update" : "create", schema: newsActionSchema });
  const [title, setTitle] = React.useState(post?.title ?? "");
  const [slug, setSlug] = React.useState(post?.slug ?? "");
  // A published post keeps its address when the title changes; a new one follows the title.
  const [slugTouched, setSlugTouched] = React.useState(Boolean(post));
  const [summary, setSummary] = React.useState(post?.summary ?? "");
  const [body, setBody] = React.useState(post?.body ?? "");
  const [when, setWhen] = React.useState(toBrasiliaLocalInput(post?.publishedAt ?? null));
  const [coverPreview, setCoverPreview] = React.useState<string | null>(null);
  const [coverError, setCoverError] = React.useState<string | null>(null);
  const [removeCover, setRemoveCover] = React.useState(false);
  const [chosenName, setChosenName] = React.useState<string | null>(null);
  const fileInput = React.useRef<HTMLInputElement>(null);

  React.useEffect(
    () => () => {
      if (coverPreview) URL.revokeObjectURL(coverPreview);
    },
    [coverPreview],
  );

  const shownSlug = slugTouched ? slug : slugify(title);
  const whenDate = when ? fromBrasiliaLocalInput(when) : null;
  const future = whenDate ? whenDate.getTime() > Date.now() : false;
  const publishLabel = future ? "Agendar publicação" : post?.state === "published" ? "Salvar e manter publicada" : "Publicar";
  const previewHtml = React.useMemo(() => renderMarkdown(body), [body]);

  function onCoverChange(e: React.ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    setCoverError(null);
    setCoverPreview(null);
    setChosenName(null);
    if (!file) return;
    if (file.size > COVER_MAX_BYTES) {
      setCoverError(NEWS_MESSAGES.coverTooLarge);
      e.target.value = "";
      return;
    }
    if (!COVER_ACCEPT.split(",").includes(file.type)) {
      setCoverError(NEWS_MESSAGES.coverType);
      e.target.value = "";
      return;
    }
    setRemoveCover(false);
    setChosenName(file.name);
    setCoverPreview(URL.createObjectURL(file));
  }

  function clearNewCover() {
    if (fileInput.current) fileInput.current.value = "";
    setCoverPreview(null);
    setChosenName(null);
  }

  const currentCover = coverPreview ?? (removeCover ? null : (post?.coverUrl ?? null));

  return (
    <Form method="post" encType="multipart/form-data" className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]" noValidate>
      <CreateOrUpdateFields id={post?.id} />

      <Card className="grid gap-5 p-5 sm:p-6">
        <Field label="Título" name="title" error={errors.title}>
          {(p) => (
            <Input
              {...p}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              maxLength={NEWS_LIMITS.title}
              required
              className="text-lg font-semibold sm:text-base"
            />
          )}
        </Field>

        <Field
          label="Endereço da notícia no site"
          name="slug"
          error={errors.slug}
          hint={
            <>
              Gerado a partir do título; pode ser editado. A notícia ficará em{" "}
              <span className="font-mono text-slate-800">/noticias/{shownSlug || "…"}</span>
            </>
          }
        >
          {(p) => (
            <Input
              {...p}
              value={shownSlug}
              onChange={(e) => {
                setSlugTouched(true);
                setSlug(e.target.value);
              }}
              maxLength={NEWS_LIMITS.slug}
              autoCapitalize="none"
              spellCheck={false}
              className="font-mono"
            />
          )}
        </Field>

        <Field
          label="Resumo"
          name="summary"
          error={errors.summary}
          hint={`${summary.length}/${NEWS_LIMITS.summary} caracteres. Aparece na lista de notícias, no feed e ao compartilhar.`}
        >
          {(p) => (
            <Textarea
              {...p}
              value={summary}
              onChange={(e) => setSummary(e.target.value)}
              maxLength={NEWS_LIMITS.summary}
              rows={3}
              className="min-h-20"
              required
            />
          )}
        </Field>

        <div className="grid gap-1.5">
          <Tabs.Root defaultValue="escrever">
            <div className="flex flex-wrap items-end justify-between gap-2">
              <label htmlFor="f-body" className="text-sm font-medium text-slate-800">
                Conteúdo (Markdown)
              </label>
              <Tabs.List aria-label="Modo do editor" className="inline-flex gap-1 rounded-lg bg-slate-100 p-1">
                <Tabs.Trigger value="escrever" className={tabClass}>
                  Escrever
                </Tabs.Trigger>
                <Tabs.Trigger value="visualizar" className={tabClass}>
                  Pré-visualizar
                </Tabs.Trigger>
              </Tabs.List>
            </div>
            <Tabs.Content value="escrever" forceMount className="mt-2 data-[state=inactive]:hidden">
              <Textarea
                id="f-body"
                name="body"
                value={body}
                onChange={(e) => setBody(e.target.value)}
                rows={18}
                maxLength={NEWS_LIMITS.body}
                aria-invalid={errors.body ? true : undefined}
                aria-describedby={cn("f-body-hint", errors.body && "f-body-error")}
                className="min-h-80 font-mono text-sm leading-6"
                required
              />
            </Tabs.Content>
            <Tabs.Content value="visualizar" className="mt-2">
              <div className="min-h-80 rounded-lg border border-slate-200 bg-white p-5" data-testid="news-preview">
                {body.trim() ? <MarkdownBody html={previewHtml} /> : <p className="text-slate-500">Nada para pré-visualizar ainda.</p>}
              </div>
            </Tabs.Content>
          </Tabs.Root>
          <p id="f-body-hint" className="text-xs text-slate-600">
            <span className="font-mono">## Subtítulo</span> · <span className="font-mono">**negrito**</span> ·{" "}
            <span className="font-mono">*itálico*</span> · <span className="font-mono">- item de lista</span> ·{" "}
            <span className="font-mono">[texto](https://endereco)</span>. HTML não é aceito.
          </p>
          {errors.body ? (
            <p id="f-body-error" className="text-sm font-medium text-red-700">
              {errors.body}
            </p>
          ) : null}
        </div>
      </Card>

      <div className="grid content-start gap-6">
        <Card className="grid gap-4 p-5">
          <div className="flex items-center justify-between gap-2">
            <h2 className="text-base font-semibold text-navy-950">Publicação</h2>
            {post ? <NewsStateBadge state={post.state} /> : <NewsStateBadge state="draft" />}
          </div>
          <Field
            label="Data e hora de publicação"
            name="publishedAt"
            error={errors.publishedAt}
            hint="Horário de Brasília. Em branco, publica agora. Uma data futura agenda a notícia."
          >
            {(p) => <Input {...p} type="datetime-local" value={when} onChange={(e) => setWhen(e.target.value)} />}
          </Field>
          <div className="grid gap-2">
            <SubmitButton busy={busy} name="status" value="published" icon={<Send />}>
              {publishLabel}
            </SubmitButton>
            <Button type="submit" name="status" value="draft" variant="outline" disabled={busy}>
              <Save /> {post?.state === "draft" || !post ? "Salvar rascunho" : "Salvar como rascunho"}
            </Button>
          </div>
          {post && post.state === "published" ? (
            <a
              href={`/noticias/${post.slug}`}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
            >
              <ExternalLink className="size-4" aria-hidden /> Ver no site
            </a>
          ) : null}
        </Card>

        <Card className="grid gap-3 p-5">
          <h2 className="text-base font-semibold text-navy-950">Imagem de capa</h2>
          <div className="aspect-[16/9] overflow-hidden rounded-lg border border-dashed border-slate-300 bg-slate-50">
            {currentCover ? (
              <img src={currentCover} alt="Pré-visualização da capa" className="size-full object-cover" />
            ) : (
              <div className="grid size-full place-items-center text-center text-sm text-slate-500">
                <span className="grid justify-items-center gap-1">
                  <ImagePlus className="size-7" aria-hidden />
                  Sem capa
                </span>
              </div>
            )}
          </div>
          <Field
            label={post?.coverUrl ? "Trocar imagem" : "Escolher imagem"}
            name="cover"
            error={coverError ?? errors.cover}
            hint="JPEG, PNG, GIF ou WebP, até 5MB. Os metadados (como localização) são removidos."
          >
            {(p) => (
              <FilePicker
                {...p}
                ref={fileInput}
                accept={COVER_ACCEPT}
                onChange={onCoverChange}
                fileName={chosenName}
                nameTestId="chosen-cover"
              />
            )}
          </Field>
          {coverPreview ? (
            <Button type="button" variant="ghost" size="sm" onClick={clearNewCover} className="justify-self-start">
              Desfazer troca
            </Button>
          ) : post?.coverUrl ? (
            <CheckboxField
              name="removeCover"
              boxed={false}
              checked={removeCover}
              onChange={(e) => setRemoveCover(e.target.checked)}
              label={
                <span className="inline-flex items-center gap-2">
                  <Trash2 className="size-4 text-slate-500" aria-hidden /> Remover a capa atual
                </span>
              }
            />
          ) : null}
        </Card>

        <Button asChild variant="ghost" className="justify-self-start">
          <Link to="/dashboard/noticias">Cancelar e voltar à lista</Link>
        </Button>
      </div>
    </Form>
  );
}

import { z } from "zod";
import { fromBrasiliaLocalInput } from "~/lib/dates";
import { MB } from "~/domain/files/file-types";
import { checkboxField, choiceField, idField, requiredText, safeString } from "~/utils/fields";
import { SLUG_PATTERN } from "./slug";

/** Every pt-BR message of the news area, written once (tests assert them verbatim). */
export const NEWS_MESSAGES = {
  loadError: "Erro ao carregar notícias",
  createError: "Erro ao criar notícia",
  updateError: "Erro ao atualizar notícia",
  deleteError: "Erro ao excluir notícia",
  publishError: "Erro ao publicar notícia",
  unpublishError: "Erro ao despublicar notícia",
  created: "Notícia criada com sucesso!",
  updated: "Notícia atualizada com sucesso!",
  deleted: "Notícia excluída com sucesso!",
  published: "Notícia publicada com sucesso!",
  scheduled: "Notícia agendada com sucesso!",
  unpublished: "Notícia despublicada com sucesso!",
  notFound: "Notícia não encontrada.",
  deleteConfirm: "Tem certeza que deseja excluir esta notícia?",
  slugTaken: "Já existe uma notícia com este endereço. Escolha outro.",
  slugInvalid: "O endereço deve ter apenas letras minúsculas sem acento, números e hífens (ex.: assembleia-geral-2026).",
  titleRequired: "Título é obrigatório.",
  titleTooLong: "Título muito longo (máximo 200 caracteres).",
  summaryRequired: "Resumo é obrigatório.",
  summaryTooLong: "Resumo muito longo (máximo 300 caracteres).",
  bodyRequired: "Conteúdo é obrigatório.",
  bodyTooLong: "Conteúdo muito longo (máximo 50.000 caracteres).",
  dateInvalid: "Data de publicação inválida.",
  coverType: "Tipo de arquivo não permitido. Use uma imagem JPEG, PNG, GIF ou WebP.",
  coverTooLarge: "Imagem muito grande. Máximo 5MB.",
  invalidId: "Notícia inválida.",
} as const;

export const NEWS_LIMITS = { title: 200, slug: 120, summary: 300, body: 50_000 } as const;
export const COVER_MAX_BYTES = 5 * MB;
export const COVER_PURPOSE = "news-cover";
export const COVER_ACCEPT = "image/jpeg,image/png,image/gif,image/webp";

export const NEWS_STATUSES = ["draft", "published"] as const;
export type NewsStatus = (typeof NEWS_STATUSES)[number];

/** What a reader would see: a published post whose date has not come yet is "scheduled". */
export type NewsState = "draft" | "scheduled" | "published";
export const NEWS_STATE_LABELS: Record<NewsState, string> = {
  draft: "Rascunho",
  scheduled: "Agendado",
  published: "Publicado",
};

export function newsState(post: { status: string; publishedAt: Date | string | null }, now: Date = new Date()): NewsState {
  if (post.status !== "published") return "draft";
  if (post.publishedAt && new Date(post.publishedAt).getTime() > now.getTime()) return "scheduled";
  return "published";
}

const title = requiredText(NEWS_MESSAGES.titleRequired, { max: NEWS_LIMITS.title, tooLong: NEWS_MESSAGES.titleTooLong });
/** Empty means "make it from the title". */
const slug = z
  .string(NEWS_MESSAGES.slugInvalid)
  .trim()
  .toLowerCase()
  .max(NEWS_LIMITS.slug, NEWS_MESSAGES.slugInvalid)
  .refine((s) => s === "" || SLUG_PATTERN.test(s), NEWS_MESSAGES.slugInvalid)
  .default("");
const summary = requiredText(NEWS_MESSAGES.summaryRequired, {
  max: NEWS_LIMITS.summary,
  tooLong: NEWS_MESSAGES.summaryTooLong,
  multiline: true,
});
/** Markdown, kept as typed (not trimmed), line endings made \n. */
const body = safeString(NEWS_MESSAGES.bodyRequired, true)
  .transform((s) => s.replace(/\r\n/g, "\n"))
  .refine((s) => s.trim().length > 0, NEWS_MESSAGES.bodyRequired)
  .refine((s) => s.length <= NEWS_LIMITS.body, NEWS_MESSAGES.bodyTooLong);
/** A datetime-local value read as Brasília time; empty = none (publishing then uses "now"). */
const publishedAt = z
  .string(NEWS_MESSAGES.dateInvalid)
  .trim()
  .default("")
  .transform((v, ctx) => {
    if (v === "") return null;
    const d = fromBrasiliaLocalInput(v);
    if (!d) {
      ctx.addIssue({ code: "custom", message: NEWS_MESSAGES.dateInvalid });
      return z.NEVER;
    }
    return d;
  });
const status = choiceField(NEWS_STATUSES, "Situação inválida.").default("draft");
const id = idField(NEWS_MESSAGES.invalidId);

const fields = { title, slug, summary, body, publishedAt, status };

export const createNewsSchema = z.object({ intent: z.literal("create"), ...fields });
export const updateNewsSchema = z.object({
  intent: z.literal("update"),
  id,
  ...fields,
  removeCover: checkboxField,
});
export const publishNewsSchema = z.object({ intent: z.literal("publish"), id });
export const unpublishNewsSchema = z.object({ intent: z.literal("unpublish"), id });
export const deleteNewsSchema = z.object({ intent: z.literal("delete"), id });

export const newsActionSchema = z.discriminatedUnion(
  "intent",
  [createNewsSchema, updateNewsSchema, publishNewsSchema, unpublishNewsSchema, deleteNewsSchema],
  { error: "Ação inválida." },
);
export type NewsAction = z.infer<typeof newsActionSchema>;
export type NewsInput = z.infer<typeof createNewsSchema>;

/** Staff list filters (search params of /dashboard/noticias). */
export const newsListFilterSchema = z.object({
  q: z.string().trim().max(100).catch(""),
  situacao: z.enum(["todas", "draft", "scheduled", "published"]).catch("todas"),
  pagina: z.coerce.number().int().min(1).max(10_000).catch(1),
});

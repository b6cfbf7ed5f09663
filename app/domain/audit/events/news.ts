/** Audit events of news posts. */
import { z } from "zod";
import { NEWS_STATE_LABELS, NEWS_STATUSES } from "~/domain/news/news.schema";
import { auditEvent } from "../audit-event";

const status = z.enum(NEWS_STATUSES);
const publishedAt = z.string().nullable();
const values = { status: NEWS_STATE_LABELS };

export const NEWS_ENTITIES = { news_post: "Notícia" } as const;

export const NEWS_EVENTS = {
  "news.created": auditEvent({
    label: "Notícia criada",
    entityType: "news_post",
    data: z.strictObject({ title: z.string(), slug: z.string(), status, publishedAt, cover: z.boolean() }),
    values,
  }),
  "news.updated": auditEvent({
    label: "Notícia alterada",
    entityType: "news_post",
    data: z.strictObject({ title: z.string(), slug: z.string(), status, publishedAt, changed: z.array(z.string()) }),
    values,
  }),
  "news.published": auditEvent({
    label: "Notícia publicada",
    entityType: "news_post",
    data: z.strictObject({ title: z.string(), publishedAt }),
  }),
  "news.unpublished": auditEvent({
    label: "Notícia retirada do site",
    entityType: "news_post",
    data: z.strictObject({ title: z.string() }),
  }),
  "news.deleted": auditEvent({
    label: "Notícia excluída",
    entityType: "news_post",
    data: z.strictObject({ title: z.string(), slug: z.string() }),
  }),
};

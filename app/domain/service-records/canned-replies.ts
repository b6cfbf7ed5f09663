/**
 * Canned replies (respostas prontas, issue 22 §6, ADR 265): the schema, the placeholders and how
 * a reply is filled for one record. Pure, safe in the browser bundle.
 */
import { z } from "zod";
import { SERVICE_SECTORS } from "~/auth/scopes";
import { choiceField, idField, labelledText } from "~/utils/fields";

export const CANNED_LIMITS = { title: 80, body: 1500 } as const;

/** The placeholders a canned reply may hold, with what each becomes. */
export const CANNED_PLACEHOLDERS = {
  nome: "nome completo do solicitante",
  primeiro_nome: "primeiro nome do solicitante",
  protocolo: "protocolo do atendimento",
} as const;
export type CannedPlaceholder = keyof typeof CANNED_PLACEHOLDERS;

const PLACEHOLDER = /\{([^{}\s]{1,40})\}/g;

export const CANNED_MESSAGES = {
  created: "Resposta pronta criada.",
  updated: "Resposta pronta atualizada.",
  deleted: "Resposta pronta excluída.",
  saveError: "Não foi possível salvar a resposta pronta. Tente novamente.",
  deleteError: "Não foi possível excluir a resposta pronta. Tente novamente.",
  loadError: "Não foi possível carregar as respostas prontas.",
  notFound: "Resposta pronta não encontrada.",
  sectorRequired: "Escolha o setor.",
  sectorForbidden: "Você não pode gerenciar as respostas prontas deste setor.",
  duplicate: "Já existe uma resposta pronta com este título neste setor.",
  unknownPlaceholder: (names: string[]) =>
    `Marcador desconhecido: ${names.map((n) => `{${n}}`).join(", ")}. Use ${Object.keys(CANNED_PLACEHOLDERS)
      .map((k) => `{${k}}`)
      .join(", ")}.`,
  empty: "Nenhuma resposta pronta neste setor ainda.",
} as const;

/** The placeholders of a text that are not ours (a typo like {nomee}). */
export function unknownPlaceholders(body: string) {
  const names = [...body.matchAll(PLACEHOLDER)].map((m) => m[1]);
  return [...new Set(names.filter((n) => !(n in CANNED_PLACEHOLDERS)))];
}

/** A canned reply for one record: {nome}, {primeiro_nome} and {protocolo} filled in. */
export function fillCannedReply(body: string, record: { requesterName: string; protocol: string }) {
  const name = record.requesterName.trim();
  const values: Record<CannedPlaceholder, string> = {
    nome: name,
    primeiro_nome: name.split(/\s+/)[0] ?? "",
    protocolo: record.protocol,
  };
  return body.replace(PLACEHOLDER, (whole, key: string) => (key in values ? values[key as CannedPlaceholder] : whole));
}

const fields = {
  sector: choiceField(SERVICE_SECTORS, CANNED_MESSAGES.sectorRequired),
  title: labelledText("Título", 2, CANNED_LIMITS.title),
  body: labelledText("Texto", 2, CANNED_LIMITS.body, { multiline: true }).superRefine((b, ctx) => {
    const bad = unknownPlaceholders(b);
    if (bad.length) ctx.addIssue({ code: "custom", message: CANNED_MESSAGES.unknownPlaceholder(bad) });
  }),
};
const id = idField(CANNED_MESSAGES.notFound);

export const cannedReplyActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), ...fields }),
  z.object({ intent: z.literal("update"), id, title: fields.title, body: fields.body }),
  z.object({ intent: z.literal("delete"), id }),
]);
export type CannedReplyAction = z.infer<typeof cannedReplyActionSchema>;

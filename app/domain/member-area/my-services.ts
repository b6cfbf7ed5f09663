import { z } from "zod";
import { SERVICE_LIMITS } from "~/domain/service-records/service-options";
import { optionalText } from "~/utils/fields";

/**
 * "Meus atendimentos" (issue 23 §3, ADR 274): the pt-BR messages and the comment form's schema.
 * Client-safe: the page shows the strings the action answers with.
 */
export const MY_SERVICES_MESSAGES = {
  notFound: "Atendimento não encontrado entre os seus.",
  empty: "Escreva um comentário ou escolha um arquivo para enviar.",
  tooLong: `O comentário deve ter no máximo ${SERVICE_LIMITS.comment} caracteres.`,
  sent: "Comentário enviado. Ele já aparece no andamento do atendimento.",
  sentFile: (name: string) => `Arquivo ${name} enviado. Ele já aparece no andamento do atendimento.`,
  closed: "Este atendimento está encerrado e não recebe mais comentários. Para um novo assunto, procure o sindicato.",
  merged: (protocol: string) => `Este atendimento foi unido ao atendimento ${protocol}, que segue em andamento: comente por lá.`,
  error: "Não foi possível enviar o comentário. Tente novamente.",
} as const;

export { MEMBER_AREA_AUTHOR } from "~/domain/service-records/service-options";
export const COMMENT_FIELD = "texto";

export const myServiceCommentSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("comment"),
    [COMMENT_FIELD]: optionalText({ max: SERVICE_LIMITS.comment, tooLong: MY_SERVICES_MESSAGES.tooLong, multiline: true }),
  }),
]);

/** One record in the member's list. */
export type MyServiceItem = {
  protocol: string;
  status: string;
  statusLabel: string;
  sectorLabel: string;
  serviceType: string;
  createdAt: string;
  updatedAt: string;
  dueAt: string;
  /** Still takes the member's comments. */
  open: boolean;
};

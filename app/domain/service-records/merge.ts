import { z } from "zod";

/**
 * Merging duplicates (issue 22 §8, ADR 267): the messages and the form's schema. Client-safe.
 */
export const MERGE_MESSAGES = {
  merged: (protocol: string) => `Atendimento unificado ao protocolo ${protocol}. O histórico foi copiado para ele.`,
  /** The staff page and the write paths of a merged record. */
  mergedInto: (protocol: string) => `Este atendimento foi unificado ao protocolo ${protocol}.`,
  readOnly: (protocol: string) =>
    `Este atendimento foi unificado ao protocolo ${protocol} e não pode mais ser alterado. Registre no atendimento ${protocol}.`,
  /** The public consulta of the old protocol. */
  consulta: (protocol: string) => `Este atendimento foi unificado ao protocolo ${protocol}. Consulte o andamento por esse protocolo.`,
  chooseSurvivor: "Escolha o atendimento que permanece.",
  sameRecord: "Escolha outro atendimento: um atendimento não pode ser unificado a si mesmo.",
  anonymous: "Denúncias anônimas não podem ser unificadas: não têm solicitante identificado.",
  differentRequester: "Só é possível unificar atendimentos do mesmo solicitante (mesmo CPF).",
  differentSubject: "Só é possível unificar atendimentos do mesmo setor e do mesmo tipo de atendimento.",
  survivorClosed: "O atendimento que permanece precisa estar aberto (Pendente ou Em Andamento).",
  error: "Erro ao unificar os atendimentos. Tente novamente.",
  /** The history lines. */
  survivorNote: (from: string, copied: number) =>
    `Atendimento ${from} unificado a este. ${copied === 1 ? "1 registro do histórico copiado" : `${copied} registros do histórico copiados`} a seguir.`,
  /** A copied entry: its author stays in the entry itself (the staff page's heading), never in the text the consulta shows. */
  copiedEntry: (from: string, at: string, text: string) => `[${from} · ${at}] ${text}`,
  closedNote: (to: string) => `Unificado ao protocolo ${to}. O acompanhamento continua nele.`,
} as const;

export const mergeActionSchema = z.object({
  intent: z.literal("merge"),
  intoId: z.uuid(MERGE_MESSAGES.chooseSurvivor),
});

import { z } from "zod";
import { MB, type FileKind } from "~/domain/files/file-types";
import { checkboxField, idField } from "~/utils/fields";

/**
 * A service record's attachments (issue 22 §3, ADR 262): the worker's papers (rescission terms,
 * payslips, medical certificates). The upload rules are complaint evidence's (ADR 262): the size
 * checked while the body streams, the type by content (magic bytes), images re-encoded without
 * metadata, the file in the file store. Client-safe: the form shows the strings the action answers.
 */
export const ATTACHMENT_MAX_MB = 10;
export const ATTACHMENT_MAX_BYTES = ATTACHMENT_MAX_MB * MB;
/** PDF, JPEG and PNG only, decided by content, never by name. */
export const ATTACHMENT_KINDS: readonly FileKind[] = ["pdf", "jpeg", "png"];
/** For the file picker only (a hint to the browser); the server decides by content. */
export const ATTACHMENT_ACCEPT = "application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png";
export const ATTACHMENT_FIELD = "arquivo";
/** How long a public attachment's link on the consulta stays valid. */
export const CONSULTA_LINK_MINUTES = 30;

export const ATTACHMENT_MESSAGES = {
  tooLarge: `Arquivo muito grande. Máximo ${ATTACHMENT_MAX_MB}MB.`,
  typeNotAllowed: "Tipo de arquivo não permitido. Envie um PDF ou uma imagem JPEG ou PNG.",
  required: "Escolha o arquivo a anexar.",
  attached: (name: string) => `Arquivo ${name} anexado ao atendimento.`,
  madePublic: (name: string) => `${name} agora aparece na consulta pública.`,
  madeInternal: (name: string) => `${name} agora é só da equipe.`,
  sameVisibility: "O anexo já está com essa visibilidade.",
  notFound: "Anexo não encontrado.",
  error: "Erro ao anexar o arquivo. Tente novamente.",
  visibilityError: "Erro ao alterar a visibilidade do anexo.",
  /** Only in the history ("anexou rescisao.pdf"), in the words of the original's log. */
  entryAttached: (name: string, isPublic: boolean) => `anexou ${name}${isPublic ? " (visível na consulta pública)" : ""}`,
  entryPublic: (name: string) => `tornou ${name} visível na consulta pública`,
  entryInternal: (name: string) => `tornou ${name} apenas interno`,
  /** What an anonymised member's attachment entries say (the file and its name are gone). */
  entryRemoved: "[anexo removido: dados pessoais]",
  consultaExpired: "O link do anexo expirou. Consulte o atendimento de novo para baixá-lo.",
  consultaLinks: `Os links valem por ${CONSULTA_LINK_MINUTES} minutos; depois, consulte o atendimento de novo.`,
} as const;

export const attachSchema = z.object({ intent: z.literal("attach"), isPublic: checkboxField });
export const visibilitySchema = z.object({
  intent: z.literal("visibility"),
  attachmentId: idField(ATTACHMENT_MESSAGES.notFound),
  isPublic: z.enum(["true", "false"], { error: ATTACHMENT_MESSAGES.visibilityError }).transform((v) => v === "true"),
});
export const attachmentActionSchema = z.discriminatedUnion("intent", [attachSchema, visibilitySchema]);

/** One attachment as the record's page lists it. */
export type AttachmentView = {
  id: string;
  fileName: string;
  contentType: string;
  size: number;
  isPublic: boolean;
  uploadedByName: string;
  createdAt: string;
};

/** "1,2 MB", "350 KB". */
export function formatFileSize(bytes: number) {
  if (bytes >= MB) return `${(bytes / MB).toLocaleString("pt-BR", { maximumFractionDigits: 1 })} MB`;
  return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString("pt-BR")} KB`;
}

export const attachmentHref = (id: string) => `/dashboard/atendimento/anexos/${id}`;

import { z } from "zod";
import { MB, type FileKind } from "~/domain/files/file-types";
import { choiceField, consentField, idField, nullableText, optionalText, requiredText } from "~/utils/fields";

/**
 * Anonymous complaints (denúncias): limits, statuses, the original's message catalogue and the
 * Zod schemas shared by the forms and the actions. Not a .server module, so components show
 * the very strings the actions answer with.
 */
export const COMPLAINT_MESSAGES = {
  // The original's catalogue (sections 8 and 5), verbatim.
  tooLarge: "Arquivo muito grande. Máximo 10MB.",
  typeNotAllowed: "Tipo de arquivo não permitido. Use imagens, PDF ou áudio.",
  required: "Título e descrição são obrigatórios.",
  submitError: "Erro ao enviar denúncia. Tente novamente.",
  submitted: "Denúncia enviada com sucesso! Nossa equipe analisará em breve.",
  loadError: "Erro ao carregar denúncias. Tente novamente.",
  statusError: "Erro ao atualizar status da denúncia.",
  notesError: "Erro ao salvar notas.",
  empty: "Nenhuma denúncia encontrada",
  // Ours, where the original is silent.
  titleTooLong: "Título muito longo (máximo 200 caracteres).",
  companyTooLong: "Nome da empresa muito longo (máximo 100 caracteres).",
  locationTooLong: "Local muito longo (máximo 200 caracteres).",
  descriptionTooLong: "Descrição muito longa (máximo 2000 caracteres).",
  consentRequired: "Confirme que leu o aviso de privacidade para enviar a denúncia.",
  tooManySubmissions: (wait: string) => `Muitas denúncias enviadas em pouco tempo. Tente novamente em ${wait}.`,
  codeFormat: "Informe o código de acompanhamento de 16 dígitos.",
  codeNotFound: "Código não encontrado. Confira os 16 dígitos e tente novamente.",
  codeThrottled: (wait: string) => `Muitas tentativas com código inválido. Por segurança, aguarde ${wait} antes de tentar novamente.`,
  followUpError: "Erro ao consultar a denúncia. Tente novamente.",
  addInfoRequired: "Escreva uma mensagem ou anexe um arquivo.",
  addInfoTooLong: "Mensagem muito longa (máximo 2000 caracteres).",
  addInfoError: "Erro ao enviar a informação. Tente novamente.",
  addInfoDone: "Informação adicionada à denúncia. Obrigado!",
  statusUpdated: "Status da denúncia atualizado com sucesso!",
  notesSaved: "Notas salvas com sucesso!",
  notesTooLong: "Notas muito longas (máximo 4000 caracteres).",
  invalidStatus: "Selecione um status válido.",
  replyRequired: "Escreva a resposta antes de enviar.",
  replyTooLong: "Resposta muito longa (máximo 4000 caracteres).",
  replyError: "Erro ao registrar resposta.",
  replyPublicDone: "Resposta pública registrada. O denunciante poderá vê-la com o código.",
  replyInternalDone: "Nota interna registrada.",
  notFound: "Denúncia não encontrada.",
  receiptCopied: "Código copiado. Cole-o num lugar seguro.",
  receiptCopyFailed: "Não foi possível copiar automaticamente. Selecione o código e copie à mão.",
  metadataWarning:
    "Fotos são reprocessadas e perdem os metadados (como localização GPS e modelo do aparelho). Arquivos de áudio e PDF são guardados exatamente como enviados e podem conter dados que identificam você (nome do autor, aparelho, data). Se isso for um risco, prefira enviar uma foto ou captura de tela.",
} as const;

export const COMPLAINT_LIMITS = {
  title: 200,
  company: 100,
  location: 200,
  description: 2000,
  message: 2000,
  notes: 4000,
  reply: 4000,
} as const;

export const EVIDENCE_MAX_MB = 10;
export const EVIDENCE_MAX_BYTES = EVIDENCE_MAX_MB * MB;
/** The original's types: jpeg, png, gif, pdf, mp3 (audio/mpeg), wav. Decided by content. */
export const EVIDENCE_KINDS: readonly FileKind[] = ["jpeg", "png", "gif", "pdf", "mp3", "wav"];
/** For the file picker only (a hint to the browser); the server decides by content. */
export const EVIDENCE_ACCEPT =
  "image/jpeg,image/png,image/gif,application/pdf,audio/mpeg,audio/mp3,audio/wav,audio/x-wav,.jpg,.jpeg,.png,.gif,.pdf,.mp3,.wav";
export const EVIDENCE_MIME_HINTS = [
  "image/jpeg",
  "image/png",
  "image/gif",
  "application/pdf",
  "audio/mpeg",
  "audio/mp3",
  "audio/wav",
  "audio/x-wav",
  "audio/wave",
  "audio/vnd.wave",
];

export const COMPLAINT_STATUSES = ["pending", "in_review", "resolved", "dismissed"] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];
/**
 * Labels of the original (section 4; 'Resolvida' from its dashboard labels), agreeing with
 * "denúncia": the original's 'Arquivado' reads 'Arquivada' beside 'Resolvida' (ADR 094).
 */
export const COMPLAINT_STATUS_LABELS: Record<ComplaintStatus, string> = {
  pending: "Pendente",
  in_review: "Em Análise",
  resolved: "Resolvida",
  dismissed: "Arquivada",
};
export function isComplaintStatus(v: unknown): v is ComplaintStatus {
  return typeof v === "string" && (COMPLAINT_STATUSES as readonly string[]).includes(v);
}

/** The public form (text fields; the evidence file is handled by the file store). */
export const complaintFormSchema = z.object({
  title: requiredText(COMPLAINT_MESSAGES.required, { max: COMPLAINT_LIMITS.title, tooLong: COMPLAINT_MESSAGES.titleTooLong }),
  companyName: nullableText({ max: COMPLAINT_LIMITS.company, tooLong: COMPLAINT_MESSAGES.companyTooLong }),
  location: nullableText({ max: COMPLAINT_LIMITS.location, tooLong: COMPLAINT_MESSAGES.locationTooLong }),
  description: requiredText(COMPLAINT_MESSAGES.required, {
    max: COMPLAINT_LIMITS.description,
    tooLong: COMPLAINT_MESSAGES.descriptionTooLong,
    multiline: true,
  }),
  consent: consentField(COMPLAINT_MESSAGES.consentRequired),
});
export type ComplaintFormInput = z.infer<typeof complaintFormSchema>;

/** 16 digits; spaces, dots and hyphens the reporter may type are ignored. */
export const receiptCodeField = z
  .string({ error: COMPLAINT_MESSAGES.codeFormat })
  .transform((v) => v.replace(/[\s.-]/g, ""))
  .pipe(z.string().regex(/^\d{16}$/, COMPLAINT_MESSAGES.codeFormat));

export const followUpLookupSchema = z.object({ intent: z.literal("lookup"), code: receiptCodeField });

/** The reporter's addition; checked by the use case once the code is verified (see there). */
export const followUpMessageField = optionalText({
  max: COMPLAINT_LIMITS.message,
  tooLong: COMPLAINT_MESSAGES.addInfoTooLong,
  multiline: true,
});

export const followUpAddSchema = z.object({
  intent: z.literal("add"),
  code: receiptCodeField,
  message: z.string().optional().default(""),
});

/** /denuncia/acompanhar: look a complaint up by its code, or add to it. */
export const followUpSchema = z.discriminatedUnion("intent", [followUpLookupSchema, followUpAddSchema]);

const complaintId = idField(COMPLAINT_MESSAGES.notFound);
const notes = optionalText({ max: COMPLAINT_LIMITS.notes, tooLong: COMPLAINT_MESSAGES.notesTooLong, multiline: true });

export const updateStatusSchema = z.object({
  intent: z.literal("status"),
  id: complaintId,
  status: choiceField(COMPLAINT_STATUSES, COMPLAINT_MESSAGES.invalidStatus),
  adminNotes: notes,
});
export const saveNotesSchema = z.object({ intent: z.literal("notes"), id: complaintId, adminNotes: notes });
export const replySchema = z.object({
  intent: z.literal("reply"),
  id: complaintId,
  visibility: choiceField(["public", "internal"], "Escolha se a resposta é pública ou interna."),
  body: requiredText(COMPLAINT_MESSAGES.replyRequired, {
    max: COMPLAINT_LIMITS.reply,
    tooLong: COMPLAINT_MESSAGES.replyTooLong,
    multiline: true,
  }),
});
export const staffActionSchema = z.discriminatedUnion("intent", [updateStatusSchema, saveNotesSchema, replySchema]);
export type StaffAction = z.infer<typeof staffActionSchema>;

/** Groups a receipt code for reading: 1234 5678 9012 3456. */
export function formatReceiptCode(code: string) {
  return code.replace(/(\d{4})(?=\d)/g, "$1 ");
}

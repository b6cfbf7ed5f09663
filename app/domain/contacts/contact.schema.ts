import { z } from "zod";
import { formatBrazilianPhone, isValidBrazilianPhone } from "~/lib/phone";
import { CONTACT_SECTORS } from "./contact-sectors";

/**
 * 'Fale Conosco': the public form's schema, the staff actions' schemas and the message
 * catalogue. Not a .server module, so components render the same strings the actions send.
 */
export const CONTACT_MESSAGES = {
  // The original's catalogue (section 8), verbatim.
  sent: "Mensagem enviada com sucesso! Em breve entraremos em contato.",
  sendError: "Erro ao enviar mensagem. Tente novamente.",
  loadError: "Erro ao carregar mensagens de contato",
  statusError: "Erro ao atualizar status da mensagem",
  statusUpdated: "Status atualizado com sucesso!",
  invalidStatus: "Status inválido fornecido.",
  empty: "Nenhuma mensagem encontrada",
  // Ours, where the original is silent.
  invalidForm: "Verifique os campos destacados e envie novamente.",
  replySent: "Resposta enviada por e-mail com sucesso!",
  replyError: "Erro ao enviar resposta. Tente novamente.",
  replyMailFailed: "Não foi possível enviar a resposta por e-mail. Nada foi alterado; tente novamente em instantes.",
  replyRequired: "Digite a resposta antes de enviar.",
  replyTooLong: "Resposta muito longa (máximo 5000 caracteres).",
  notFound: "Mensagem não encontrada.",
  sectorNotFound: "Setor não encontrado.",
} as const;

export function rateLimitedMessage(wait: string) {
  return `Você enviou muitas mensagens em pouco tempo. Por segurança, aguarde ${wait} e tente novamente.`;
}

export const CONTACT_FIELD_MESSAGES = {
  nameRequired: "Nome é obrigatório.",
  nameTooLong: "Nome muito longo (máximo 120 caracteres).",
  emailRequired: "E-mail é obrigatório.",
  emailInvalid: "Informe um e-mail válido, como nome@exemplo.com.",
  phoneInvalid: "Telefone inválido. Informe o DDD e o número, como (61) 91234-5678.",
  subjectRequired: "Assunto é obrigatório.",
  subjectTooLong: "Assunto muito longo (máximo 200 caracteres).",
  messageRequired: "Mensagem é obrigatória.",
  messageTooLong: "Mensagem muito longa (máximo 5000 caracteres).",
  sectorRequired: "Selecione o setor para o qual a mensagem se destina.",
  consentRequired: "Para enviar, é preciso concordar com o uso dos seus dados conforme o Aviso de Privacidade.",
} as const;

export const CONTACT_LIMITS = { name: 120, email: 254, subject: 200, message: 5000, reply: 5000 } as const;

/** The honeypot field: invisible to people, tempting to bots. A filled one is accepted and dropped. */
export const HONEYPOT_FIELD = "website";

const M = CONTACT_FIELD_MESSAGES;
const text = (required: string, max: number, tooLong: string) =>
  z.string(required).trim().min(1, required).max(max, tooLong);

export const contactFormSchema = z.object({
  name: text(M.nameRequired, CONTACT_LIMITS.name, M.nameTooLong),
  email: z
    .string(M.emailRequired)
    .trim()
    .toLowerCase()
    .min(1, M.emailRequired)
    .pipe(z.email(M.emailInvalid).max(CONTACT_LIMITS.email, M.emailInvalid)),
  // Optional: an empty phone is stored as null; a given one must be a Brazilian number.
  phone: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isValidBrazilianPhone(v), M.phoneInvalid)
    .transform((v) => (v === null ? null : formatBrazilianPhone(v))),
  subject: text(M.subjectRequired, CONTACT_LIMITS.subject, M.subjectTooLong),
  message: text(M.messageRequired, CONTACT_LIMITS.message, M.messageTooLong),
  sector: z.enum(CONTACT_SECTORS, M.sectorRequired),
  consent: z.enum(["yes", "on", "true"], M.consentRequired),
});
export type ContactFormInput = z.infer<typeof contactFormSchema>;

/** The three buttons; the original's service maps in_progress to replied and rejects the rest. */
export const updateStatusSchema = z.object({
  intent: z.literal("status"),
  id: z.uuid(CONTACT_MESSAGES.notFound),
  status: z.enum(["pending", "in_progress", "resolved"], CONTACT_MESSAGES.invalidStatus),
});

export const replySchema = z.object({
  intent: z.literal("reply"),
  id: z.uuid(CONTACT_MESSAGES.notFound),
  reply: z
    .string(CONTACT_MESSAGES.replyRequired)
    .trim()
    .min(1, CONTACT_MESSAGES.replyRequired)
    .max(CONTACT_LIMITS.reply, CONTACT_MESSAGES.replyTooLong),
});

export const contactActionSchema = z.discriminatedUnion("intent", [updateStatusSchema, replySchema]);
export type ContactAction = z.infer<typeof contactActionSchema>;

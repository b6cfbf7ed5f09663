import { z } from "zod";
import { optionalPhoneField } from "~/lib/br/fields";
import { BR_MESSAGES } from "~/lib/br/messages";
import { choiceField, consentField, emailField, idField, requiredText } from "~/utils/fields";
import { CONTACT_SECTORS } from "~/auth/scopes";

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
  replyOutbox:
    "Resposta registrada, mas o e-mail não foi enviado: o envio de e-mails não está configurado neste servidor e a mensagem ficou na caixa de saída. Avise o responsável pelo sistema.",
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
  phoneInvalid: BR_MESSAGES.phoneInvalid,
  subjectRequired: "Assunto é obrigatório.",
  subjectTooLong: "Assunto muito longo (máximo 200 caracteres).",
  messageRequired: "Mensagem é obrigatória.",
  messageTooLong: "Mensagem muito longa (máximo 5000 caracteres).",
  sectorRequired: "Selecione o setor para o qual a mensagem se destina.",
  consentRequired: "Para enviar, é preciso concordar com o uso dos seus dados conforme o Aviso de Privacidade.",
} as const;

export const CONTACT_LIMITS = { name: 120, email: 254, subject: 200, message: 5000, reply: 5000 } as const;

const M = CONTACT_FIELD_MESSAGES;

export const contactFormSchema = z.object({
  name: requiredText(M.nameRequired, { max: CONTACT_LIMITS.name, tooLong: M.nameTooLong }),
  email: emailField({ required: M.emailRequired, invalid: M.emailInvalid, max: CONTACT_LIMITS.email }),
  // Optional: an empty phone is stored as null; a given one must be a Brazilian number.
  phone: optionalPhoneField(),
  subject: requiredText(M.subjectRequired, { max: CONTACT_LIMITS.subject, tooLong: M.subjectTooLong }),
  message: requiredText(M.messageRequired, { max: CONTACT_LIMITS.message, tooLong: M.messageTooLong, multiline: true }),
  sector: choiceField(CONTACT_SECTORS, M.sectorRequired),
  consent: consentField(M.consentRequired),
});
export type ContactFormInput = z.infer<typeof contactFormSchema>;

/** The three buttons; the original's service maps in_progress to replied and rejects the rest. */
export const updateStatusSchema = z.object({
  intent: z.literal("status"),
  id: idField(CONTACT_MESSAGES.notFound),
  status: choiceField(["pending", "in_progress", "resolved"], CONTACT_MESSAGES.invalidStatus),
});

export const replySchema = z.object({
  intent: z.literal("reply"),
  id: idField(CONTACT_MESSAGES.notFound),
  reply: requiredText(CONTACT_MESSAGES.replyRequired, {
    max: CONTACT_LIMITS.reply,
    tooLong: CONTACT_MESSAGES.replyTooLong,
    multiline: true,
  }),
});

/** The inbox (/dashboard/contatos): status buttons and the reply form. */
export const contactActionSchema = z.discriminatedUnion("intent", [updateStatusSchema, replySchema]);
export type ContactAction = z.infer<typeof contactActionSchema>;

/** The cases board (/dashboard/secretaria/casos): the status buttons only. */
export const casesActionSchema = z.discriminatedUnion("intent", [updateStatusSchema]);

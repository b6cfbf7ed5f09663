import { z } from "zod";
import { cepField, cpfField, optionalCepField, optionalPhoneField, phoneField } from "~/lib/br/fields";
import { choiceField, emailField, idField, labelledText, nullableText, optionalDateField } from "~/utils/fields";
import { GENDERS, MAX_REGISTRATION_NUMBER, SITUATION_CODES, STATES } from "./member-options";

/**
 * Members (issue 8): one schema for the staff forms and the action. Messages are the original's
 * where it has them (original-spec §8), otherwise clear pt-BR of our own.
 *
 * Mass assignment: the schemas are plain objects, so keys they do not name (a posted `situation`
 * on create, a `registrationNumber` on edit, `cpf` on edit) are dropped before the use case runs.
 */
export const MEMBER_MESSAGES = {
  birthDateInvalid: "Data de nascimento inválida.",
  genderInvalid: "Escolha uma das opções de sexo.",
  adminOnlyFields: "Apenas administradores podem corrigir CPF, data de nascimento e sexo.",
  cpfRevealed: "CPF completo exibido. A visualização foi registrada na auditoria.",
  created: "Filiado adicionado com sucesso!",
  updated: "Filiado atualizado com sucesso!",
  deleted: "Filiado excluído com sucesso!",
  refreshed: "Lista atualizada com sucesso!",
  createError: "Erro ao adicionar filiado. Tente novamente.",
  updateError: "Erro ao atualizar filiado. Tente novamente.",
  deleteError: "Erro ao excluir filiado. Tente novamente.",
  /** The original's 'Erro ao carregar lista de associados: {message or Erro desconhecido}'; internals are never shown. */
  loadError: "Erro ao carregar lista de associados: Erro desconhecido",
  loadMemberError: "Erro ao carregar dados do filiado: Erro desconhecido",
  notFound: "Filiado não encontrado.",
  empty: "Nenhum filiado encontrado.",
  emptySearch: "Nenhum filiado encontrado para esta busca.",
  registrationInvalid: `Matrícula deve ser um número inteiro entre 1 e ${MAX_REGISTRATION_NUMBER}.`,
  registrationTaken: (n: number) => `A matrícula ${n} já pertence a outro filiado.`,
  cpfTaken: (n: number) => `Já existe um filiado com este CPF (matrícula ${n}).`,
  situationInvalid: "Selecione a situação do filiado.",
  stateInvalid: "Selecione a UF.",
  emailInvalid: "Informe um e-mail válido.",
  emailRequired: "E-mail é obrigatório.",
  lookupDigits: "Informe o CPF com 11 dígitos, somente números.",
  lookupLimited: "Muitas consultas de CPF em pouco tempo. Aguarde um minuto e tente novamente.",
  anonymized: "Dados pessoais do filiado removidos (anonimizado).",
  anonymizeError: "Erro ao anonimizar filiado. Tente novamente.",
  alreadyAnonymized: "Este filiado já foi anonimizado.",
} as const;

/** Text fields of a member: name 2–120, address 3–200, city 2–80. */
const name = labelledText("Nome completo", 2, 120);
const address = labelledText("Endereço", 3, 200);
const city = labelledText("Cidade", 2, 80, { gender: "f" });
const state = choiceField(STATES as unknown as [string, ...string[]], MEMBER_MESSAGES.stateInvalid);
const email = emailField({ invalid: MEMBER_MESSAGES.emailInvalid, required: MEMBER_MESSAGES.emailRequired, max: 254 });
const region = nullableText({ max: 80, tooLong: "Região deve ter no máximo 80 caracteres." });
const workplaceName = nullableText({ max: 160, tooLong: "Local de trabalho deve ter no máximo 160 caracteres." });
const notes = nullableText({ max: 2000, tooLong: "Observação deve ter no máximo 2000 caracteres.", multiline: true });

/** An optional matrícula typed by staff (records carried over): blank → the next free one. */
const registrationNumber = z
  .string(MEMBER_MESSAGES.registrationInvalid)
  .trim()
  .optional()
  .transform((v) => v ?? "")
  .pipe(
    z.union([
      z.literal("").transform(() => null),
      z
        .string()
        .regex(/^\d{1,10}$/, MEMBER_MESSAGES.registrationInvalid)
        .transform(Number)
        .pipe(
          z.number().int().min(1, MEMBER_MESSAGES.registrationInvalid).max(MAX_REGISTRATION_NUMBER, MEMBER_MESSAGES.registrationInvalid),
        ),
    ]),
  );

const situation = z
  .string(MEMBER_MESSAGES.situationInvalid)
  .trim()
  .refine((v) => (SITUATION_CODES as number[]).map(String).includes(v), MEMBER_MESSAGES.situationInvalid)
  .transform(Number);

export const createMemberSchema = z.object({
  intent: z.literal("create"),
  name,
  email,
  mobilePhone: phoneField(),
  cpf: cpfField(),
  address,
  city,
  state,
  cep: cepField(),
  region,
  workplaceName,
  registrationNumber,
});

/** Edit (the original's payload): name and situação required; contacts optional but validated. */
export const updateMemberSchema = z.object({
  intent: z.literal("update"),
  id: idField(MEMBER_MESSAGES.notFound),
  name,
  situation,
  email: z
    .string()
    .trim()
    .optional()
    .transform((v) => v ?? "")
    .pipe(z.union([z.literal("").transform(() => null), emailField({ invalid: MEMBER_MESSAGES.emailInvalid })])),
  mobilePhone: optionalPhoneField(),
  address: nullableText({ max: 200, tooLong: "Endereço deve ter no máximo 200 caracteres." }),
  city: nullableText({ max: 80, tooLong: "Cidade deve ter no máximo 80 caracteres." }),
  state: z
    .string()
    .trim()
    .optional()
    .transform((v) => v ?? "")
    .pipe(z.union([z.literal("").transform(() => null), state])),
  cep: optionalCepField(),
  region,
  workplaceName,
  notes,
  // Admin only (issue 19 §14, ADR 194): sent by the admin's dialog alone; absent, unchanged.
  // Blank: the CPF stays as it is (the dialog never shows the whole number, which would be a view).
  cpf: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), cpfField().optional()),
  // Typed dd/mm/aaaa (ADR 193); blank clears it, absent leaves it.
  birthDate: optionalDateField(MEMBER_MESSAGES.birthDateInvalid)
    .refine((v) => v == null || (v >= "1900-01-01" && v <= new Date().toISOString().slice(0, 10)), MEMBER_MESSAGES.birthDateInvalid)
    .optional(),
  gender: z
    .string()
    .trim()
    // The form's options, or a value imported as written (kept when unchanged).
    .refine(
      (v) => v === "" || (GENDERS as readonly string[]).includes(v) || (v.length <= 40 && !/[\u0000-\u001f]/.test(v)),
      MEMBER_MESSAGES.genderInvalid,
    )
    .transform((v) => v || null)
    .optional(),
});

export const deleteMemberSchema = z.object({ intent: z.literal("delete"), id: idField(MEMBER_MESSAGES.notFound) });
export const refreshMembersSchema = z.object({ intent: z.literal("refresh") });

export const memberActionSchema = z.discriminatedUnion("intent", [
  createMemberSchema,
  updateMemberSchema,
  deleteMemberSchema,
  refreshMembersSchema,
]);
export type CreateMemberInput = Omit<z.infer<typeof createMemberSchema>, "intent">;
export type UpdateMemberInput = Omit<z.infer<typeof updateMemberSchema>, "intent">;

/** The member's page: LGPD anonymisation (admin), confirmed by typing nothing but a click. */
export const anonymizeMemberSchema = z.object({ intent: z.literal("anonymize") });
export const memberPageActionSchema = z.discriminatedUnion("intent", [
  anonymizeMemberSchema,
  /** The edit dialog on the member's page (issue 19 §14). */
  updateMemberSchema,
  /** "Ver CPF completo" (issue 19 §14): the whole number, audited, only when asked. */
  z.object({ intent: z.literal("reveal-cpf") }),
  /** The photo is the upload field `foto`. */
  z.object({ intent: z.literal("photo-upload") }),
  z.object({ intent: z.literal("photo-remove") }),
  /** The card "Acesso à Área do Filiado" (issue 23 §6, ADR 276): rh and admin. */
  z.object({ intent: z.literal("access-resend") }),
  z.object({ intent: z.literal("access-block") }),
  z.object({ intent: z.literal("access-unblock") }),
]);

/** The import from the old system (ADR 123): a dry run, then the commit (the file is the upload). */
export const memberImportActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("import-preview") }),
  z.object({ intent: z.literal("import-commit") }),
]);

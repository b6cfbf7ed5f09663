import { z } from "zod";
import { cepField, optionalPhoneField } from "~/lib/br/fields";
import { checkboxField, emailField, idField, labelledText, optionalText, safeString } from "~/utils/fields";

/** Workplaces (postos, issue 10): the original's messages (section 8) and the form's schema. */
export const WORKPLACE_MESSAGES = {
  created: "Posto adicionado com sucesso!",
  updated: "Posto atualizado com sucesso!",
  createError: "Erro ao adicionar posto. Verifique os dados e tente novamente.",
  updateError: "Erro ao atualizar posto. Tente novamente.",
  loadError: "Erro ao carregar postos do banco de dados",
  codeExhausted: "Não foi possível gerar um código único para o posto após múltiplas tentativas",
  // Ours, where the original is silent.
  notFound: "Posto não encontrado.",
  email: "Informe um e-mail válido.",
  pinMoved: "Posição do posto atualizada.",
  pinInvalid: "Posição inválida.",
  empty: "Nenhum posto cadastrado.",
  noMatch: "Nenhum posto encontrado para a busca.",
  approximate: "aproximada",
  // The original's map warnings (section 8).
  mapNotFound: "Endereço não encontrado no mapa, exibindo localização padrão.",
  mapError: "Erro ao buscar localização no mapa.",
} as const;

export const WORKPLACE_PAGE_SIZE = 10;
export const UF_PATTERN = /^[A-Za-z]{2}$/;

const fields = {
  name: labelledText("Nome", 2, 160),
  cep: cepField(),
  address: labelledText("Endereço", 3, 240),
  neighbourhood: optionalText({ max: 120, tooLong: "Bairro deve ter no máximo 120 caracteres." }),
  city: labelledText("Cidade", 2, 120, { gender: "f" }),
  state: safeString("Estado é obrigatório.")
    .trim()
    .min(1, { message: "Estado é obrigatório.", abort: true })
    .regex(UF_PATTERN, "Estado deve ser a sigla de 2 letras (ex.: DF).")
    .transform((v) => v.toUpperCase()),
  phone: optionalPhoneField(),
  email: z
    .string()
    .trim()
    .optional()
    .transform((v) => v ?? "")
    .pipe(z.union([z.literal(""), emailField({ invalid: WORKPLACE_MESSAGES.email, max: 254 })]))
    .transform((v) => (v === "" ? null : v)),
};

/** The form's fields, shared with the spreadsheet import (the same rules row by row). */
export const workplaceFieldsSchema = z.object(fields);

/** Saved beside a likely duplicate only with this box ticked (issue 19 item 13, ADR 217). */
const confirmDuplicate = { confirmDuplicate: checkboxField };
export const createWorkplaceSchema = z.object({ intent: z.literal("create"), ...fields, ...confirmDuplicate });
export const updateWorkplaceSchema = z.object({
  intent: z.literal("update"),
  id: idField(WORKPLACE_MESSAGES.notFound),
  ...fields,
  ...confirmDuplicate,
});
const coordinate = (min: number, max: number) =>
  z
    .string(WORKPLACE_MESSAGES.pinInvalid)
    .trim()
    .regex(/^-?\d{1,3}(\.\d{1,10})?$/, WORKPLACE_MESSAGES.pinInvalid)
    .transform(Number)
    .pipe(z.number().min(min, WORKPLACE_MESSAGES.pinInvalid).max(max, WORKPLACE_MESSAGES.pinInvalid));
export const moveWorkplacePinSchema = z.object({
  intent: z.literal("move-pin"),
  id: idField(WORKPLACE_MESSAGES.notFound),
  lat: coordinate(-90, 90),
  lon: coordinate(-180, 180),
});

/** The spreadsheet import: the dry run, then the commit (the file travels with both). */
export const importPreviewSchema = z.object({ intent: z.literal("import-preview") });
export const importCommitSchema = z.object({ intent: z.literal("import-commit"), confirmDuplicates: checkboxField });

export const workplaceActionSchema = z.discriminatedUnion("intent", [
  createWorkplaceSchema,
  updateWorkplaceSchema,
  moveWorkplacePinSchema,
  importPreviewSchema,
  importCommitSchema,
]);
export type WorkplaceFields = Omit<z.infer<typeof createWorkplaceSchema>, "intent" | "confirmDuplicate"> & { confirmDuplicate?: boolean };

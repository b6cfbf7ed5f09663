import { optionalHttpsUrl } from "~/lib/https-url";
import { z } from "zod";
import { MB } from "~/domain/files/file-types";

/** Partners (brief item 3): one schema for the staff form and the action. */
export const PARTNER_MESSAGES = {
  created: "Parceiro criado com sucesso!",
  updated: "Parceiro atualizado com sucesso!",
  deleted: "Parceiro excluído com sucesso!",
  saveError: "Erro ao salvar parceiro",
  deleteError: "Erro ao excluir parceiro",
  notFound: "Parceiro não encontrado.",
  logoType: "Tipo de arquivo não permitido. Use uma imagem JPG, PNG, GIF ou WebP.",
  logoTooLarge: "Arquivo muito grande. Máximo 2MB.",
  website: "Informe o site completo começando com https://.",
  empty: "Nenhum parceiro cadastrado.",
} as const;

export const DEFAULT_PARTNER_CATEGORY = "Apoio Sindical";
export const PARTNER_LOGO_MAX_BYTES = 2 * MB;
export const PARTNER_LOGO_PURPOSE = "partner-logo";

const text = (label: string, min: number, max: number) =>
  z
    .string(`${label} é obrigatório.`)
    .trim()
    .min(1, `${label} é obrigatório.`)
    .min(min, `${label} deve ter ao menos ${min} caracteres.`)
    .max(max, `${label} deve ter no máximo ${max} caracteres.`);

/** Empty means "no website"; otherwise an absolute https:// address. */
const website = optionalHttpsUrl(PARTNER_MESSAGES.website)
  .transform((v) => (v === "" ? null : v));

const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "on" || v === "true" || v === "1");

const fields = {
  name: text("Nome", 2, 120),
  description: text("Descrição", 10, 500),
  category: text("Categoria", 2, 60),
  website: website.default(""),
  sortOrder: z
    .string()
    .trim()
    .default("0")
    .transform((v) => (v === "" ? "0" : v))
    .pipe(z.string().regex(/^\d{1,4}$/, "Ordem deve ser um número inteiro entre 0 e 9999.").transform(Number)),
  active: checkbox,
};

export const createPartnerSchema = z.object({ intent: z.literal("create"), ...fields });
export const updatePartnerSchema = z.object({
  intent: z.literal("update"),
  id: z.uuid(PARTNER_MESSAGES.notFound),
  ...fields,
  removeLogo: checkbox,
});
export const deletePartnerSchema = z.object({ intent: z.literal("delete"), id: z.uuid(PARTNER_MESSAGES.notFound) });

export const partnerActionSchema = z.discriminatedUnion("intent", [createPartnerSchema, updatePartnerSchema, deletePartnerSchema]);
export type PartnerAction = z.infer<typeof partnerActionSchema>;
export type PartnerFields = z.infer<typeof createPartnerSchema>;

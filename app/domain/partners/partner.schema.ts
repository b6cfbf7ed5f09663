import { optionalHttpsUrl } from "~/utils/fields";
import { z } from "zod";
import { MB } from "~/domain/files/file-types";
import { checkboxField, idField, intField, labelledText } from "~/utils/fields";

/** Partners (brief item 3): one schema for the staff form and the action. */
export const PARTNER_MESSAGES = {
  created: "Parceiro criado com sucesso!",
  updated: "Parceiro atualizado com sucesso!",
  deleted: "Parceiro excluído com sucesso!",
  loadError: "Erro ao carregar parceiros",
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

/** Empty means "no website"; otherwise an absolute https:// address. */
const website = optionalHttpsUrl(PARTNER_MESSAGES.website).transform((v) => (v === "" ? null : v));

const fields = {
  name: labelledText("Nome", 2, 120),
  description: labelledText("Descrição", 10, 500, { multiline: true, gender: "f" }),
  category: labelledText("Categoria", 2, 60, { gender: "f" }),
  website: website.default(""),
  sortOrder: intField({ min: 0, max: 9999, message: "Ordem deve ser um número inteiro entre 0 e 9999.", fallback: 0 }),
  active: checkboxField,
};

export const createPartnerSchema = z.object({ intent: z.literal("create"), ...fields });
export const updatePartnerSchema = z.object({
  intent: z.literal("update"),
  id: idField(PARTNER_MESSAGES.notFound),
  ...fields,
  removeLogo: checkboxField,
});
export const deletePartnerSchema = z.object({ intent: z.literal("delete"), id: idField(PARTNER_MESSAGES.notFound) });

export const partnerActionSchema = z.discriminatedUnion("intent", [createPartnerSchema, updatePartnerSchema, deletePartnerSchema]);
export type PartnerAction = z.infer<typeof partnerActionSchema>;
export type PartnerFields = z.infer<typeof createPartnerSchema>;

/** The columns a partner's form writes as typed (create and update). */
export function partnerFormValues(input: Pick<PartnerFields, "name" | "description" | "category" | "website" | "sortOrder" | "active">) {
  const { name, description, category, website, sortOrder, active } = input;
  return { name, description, category, website, sortOrder, active };
}

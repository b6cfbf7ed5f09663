import { z } from "zod";
import { PIX_LIMITS, PIX_MESSAGES, parsePixKey, pixText } from "~/lib/pix";
import { safeString } from "~/utils/fields";

/**
 * PIX on the finance screens (issue 11, ADRs 157–158): messages and the forms' schemas.
 * Pure: shared by the pages and the use cases.
 */
export const PIX_PAGE_MESSAGES = {
  chargeNotFound: "Cobrança não encontrada.",
  chargeLoadError: "Erro ao carregar a cobrança.",
  paid: "Esta cobrança já está paga. Não há código PIX a pagar.",
  notConfiguredAdmin:
    "O PIX do sindicato não está configurado. Informe a chave PIX, o nome do recebedor e a cidade em Conciliação PIX › Configuração do PIX, ou defina as variáveis de ambiente PIX_KEY, PIX_RECEIVER_NAME e PIX_CITY.",
  notConfigured: "O PIX do sindicato ainda não está configurado. Peça a um administrador para configurar a chave PIX.",
  example: "Chave PIX de exemplo (demonstração): não use este código para pagar.",
  copied: "Código PIX copiado.",
  copyFailed: "Não foi possível copiar. Selecione o texto do código e copie manualmente.",
  settingsSaved: "Configuração do PIX salva.",
  settingsError: "Erro ao salvar a configuração do PIX. Tente novamente.",
  /** 'Enviar por e-mail' (issue 19 item 7, ADR 216). */
  emailQueued: (to: string) => `E-mail com o PIX da cobrança na fila de envio para ${to}.`,
  emailAlreadyQueued: (to: string) =>
    `Já há um e-mail desta cobrança na fila de envio para ${to}. Aguarde o envio antes de mandar de novo.`,
  emailNoAddress:
    "Este filiado não tem e-mail cadastrado. Cadastre o e-mail na ficha do filiado (RH ou Secretaria) para enviar a cobrança.",
  emailAnonymized: "Este filiado foi anonimizado: não há e-mail para onde enviar a cobrança.",
  emailPaid: "Esta cobrança já está paga: não há código PIX a enviar.",
  emailNotConfigured: "O PIX do sindicato não está configurado: não há código PIX a enviar.",
  emailError: "Erro ao enviar a cobrança por e-mail. Tente novamente.",
} as const;

export const STATEMENT_PAGE_MESSAGES = {
  loadError: "Erro ao carregar a conciliação.",
  previewError: "Erro ao ler o extrato. Tente novamente.",
  confirmError: "Erro ao registrar os pagamentos. Nada foi gravado; tente novamente.",
  fileRequired: "Selecione o arquivo CSV do extrato.",
  notCsv: "Envie o extrato em CSV (texto), como o banco exporta. Planilhas .xlsx, PDF e imagens não são lidos.",
  tooLarge: "Arquivo muito grande. O extrato pode ter até 2 MB.",
  previewed: (proposed: number, unmatched: number, duplicates = 0) =>
    `Extrato lido: ${proposed} ${proposed === 1 ? "pagamento proposto" : "pagamentos propostos"}, ${
      duplicates ? `${duplicates} ${duplicates === 1 ? "possível duplicata" : "possíveis duplicatas"} a conferir, ` : ""
    }${unmatched} ${unmatched === 1 ? "lançamento" : "lançamentos"} para conferência manual. Nada foi gravado ainda.`,
  /** A big statement: the page lists the first ones of each kind. */
  listCapped: (shown: number) =>
    `Mostrando os primeiros ${shown.toLocaleString("pt-BR")} de cada lista. Confirme estes e leia o extrato de novo para ver os demais.`,
  noneSelected: "Marque ao menos um pagamento para confirmar.",
  tooMany: "Confirme no máximo 1.000 pagamentos de uma vez.",
  itemInvalid: "Um dos pagamentos marcados é inválido. Leia o extrato de novo.",
  fileChanged: "O arquivo mudou desde a leitura. Leia o extrato de novo antes de confirmar.",
  possibleDuplicate: (line: number) =>
    `A linha ${line} do extrato pode repetir um crédito já registrado (mesmo filiado, data e valor). Nada foi gravado; para registrá-la, marque-a em “Possíveis duplicatas”, confirmando que é outro crédito.`,
  notProposed: (line: number) =>
    `A linha ${line} do extrato não tem mais pagamento proposto (já registrado ou cobrança alterada). Nada foi gravado; leia o extrato de novo.`,
  confirmed: (n: number) => `${n} ${n === 1 ? "pagamento registrado" : "pagamentos registrados"} com sucesso.`,
} as const;

/** Upload limit of a statement file: a year of a busy account's lines is well under it. */
export const STATEMENT_MAX_BYTES = 2 * 1024 * 1024;
/** The most proposals confirmed in one go. */
export const STATEMENT_MAX_CONFIRM = 1000;

const text = (required: string, max: number, tooLong: string) =>
  safeString(required).trim().min(1, { message: required, abort: true }).max(max, tooLong);

export const pixSettingsSchema = z.object({
  intent: z.literal("pix-settings"),
  key: text(PIX_MESSAGES.keyRequired, 120, PIX_MESSAGES.keyInvalid).refine((v) => parsePixKey(v) !== null, PIX_MESSAGES.keyInvalid),
  receiverName: text(PIX_MESSAGES.receiverNameRequired, 120, "Nome do recebedor deve ter no máximo 120 caracteres.").refine(
    (v) => pixText(v, PIX_LIMITS.receiverName) !== "",
    PIX_MESSAGES.receiverNameRequired,
  ),
  city: text(PIX_MESSAGES.cityRequired, 60, "Cidade deve ter no máximo 60 caracteres.").refine(
    (v) => pixText(v, PIX_LIMITS.city) !== "",
    PIX_MESSAGES.cityRequired,
  ),
});
export type PixSettingsInput = z.output<typeof pixSettingsSchema>;

export const statementPreviewSchema = z.object({ intent: z.literal("statement-preview") });
/**
 * The confirmation sends the same file again with the lines ticked and the digest of the file
 * the proposals were made from: the server matches again and registers only lines still
 * proposed, all or none (ADR 158). Nothing the browser says about amounts or dates is trusted.
 */
const lineNumbers = z
  .array(
    z
      .string()
      .regex(/^\d{1,7}$/, STATEMENT_PAGE_MESSAGES.itemInvalid)
      .transform(Number),
    { error: STATEMENT_PAGE_MESSAGES.itemInvalid },
  )
  .max(STATEMENT_MAX_CONFIRM, STATEMENT_PAGE_MESSAGES.tooMany)
  .default([]);

/**
 * `lines`: ticked proposals; `duplicates`: possible duplicates ticked one by one as "another
 * credit" (ADR 180). At least one, at most STATEMENT_MAX_CONFIRM in all.
 */
export const statementConfirmSchema = z
  .object({
    intent: z.literal("statement-confirm"),
    digest: z.string(STATEMENT_PAGE_MESSAGES.itemInvalid).regex(/^[0-9a-f]{64}$/, STATEMENT_PAGE_MESSAGES.itemInvalid),
    lines: lineNumbers,
    duplicates: lineNumbers,
  })
  .superRefine((v, ctx) => {
    const n = new Set([...v.lines, ...v.duplicates]).size;
    if (n === 0) ctx.addIssue({ code: "custom", path: ["lines"], message: STATEMENT_PAGE_MESSAGES.noneSelected });
    if (n > STATEMENT_MAX_CONFIRM) ctx.addIssue({ code: "custom", path: ["lines"], message: STATEMENT_PAGE_MESSAGES.tooMany });
  });

/** The conciliation form's body: `lines` and `duplicates` repeat (one per ticked line). */
export function reconciliationInput(form: FormData, fields: Record<string, string>): Record<string, unknown> {
  const all = (name: string) => form.getAll(name).filter((v): v is string => typeof v === "string");
  return { ...fields, lines: all("lines"), duplicates: all("duplicates") };
}

export const reconciliationActionSchema = z.discriminatedUnion("intent", [
  statementPreviewSchema,
  statementConfirmSchema,
  pixSettingsSchema,
]);

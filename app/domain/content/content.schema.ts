import { optionalHttpsUrl } from "~/utils/fields";
import { z } from "zod";
import { formatPhone, isValidPhone, phoneDigits } from "~/lib/br/phone";
import { emailField, labelledText, optionalText } from "~/utils/fields";
import type { InstitutionalContent } from "./institutional";

/**
 * The institutional content form (/dashboard/conteudo). One schema serves the form's messages
 * and the action; phones and the WhatsApp number are normalised to one format on the way in.
 */
export const CONTENT_MESSAGES = {
  saved: "Conteúdo atualizado com sucesso!",
  saveError: "Erro ao salvar conteúdo",
  loadError: "Erro ao carregar conteúdo",
  placeholdersTitle: "Dados de exemplo:",
  placeholders: (fields: string) =>
    `${fields} ainda têm os valores de exemplo da instalação e aparecem assim no site público. Substitua-os pelos dados reais do sindicato.`,
  phone: "Telefone inválido. Use DDD e número, por exemplo (61) 3333-4444 ou (61) 98888-7777.",
  phonesMin: "Informe ao menos um telefone.",
  phonesMax: "Informe no máximo 4 telefones.",
  whatsapp: "Número de WhatsApp inválido. Informe DDD e número, por exemplo (61) 98888-7777.",
  email: "E-mail inválido.",
  https: "Informe um endereço completo começando com https://.",
  lat: "Latitude deve ser um número entre -90 e 90.",
  lng: "Longitude deve ser um número entre -180 e 180.",
  zoom: "Zoom deve ser um número inteiro entre 1 e 19.",
  boardMin: "Informe ao menos um membro da diretoria.",
  boardMax: "Informe no máximo 15 membros da diretoria.",
  valuesMin: "Informe ao menos um valor.",
  valuesMax: "Informe no máximo 10 valores.",
} as const;

export const LIMITS = { phones: 4, board: 15, values: 10 } as const;

const text = labelledText;
const longText = (label: string, min: number, max: number, gender: "m" | "f" = "m") =>
  labelledText(label, min, max, { multiline: true, gender });

/**
 * A phone as displayed: (DD) NNNN-NNNN for landlines, (DD) 9NNNN-NNNN for mobiles (the one
 * Brazilian phone validator, ~/lib/br/phone), or 0800 NNN NNNN for toll-free numbers. Null when
 * the input is none of these.
 */
export function normalizePhone(raw: string): string | null {
  const d = raw.replace(/\D/g, "");
  if (d.startsWith("0800") && d.length === 11) return `0800 ${d.slice(4, 7)} ${d.slice(7)}`;
  return isValidPhone(raw) ? formatPhone(raw) : null;
}

/** A WhatsApp number as wa.me wants it: 55 + DDD + number, digits only. */
export function normalizeWhatsapp(raw: string): string | null {
  return isValidPhone(raw) ? `55${phoneDigits(raw)}` : null;
}

const phone = z.string().transform((v, ctx) => {
  const n = normalizePhone(v);
  if (!n) {
    ctx.addIssue({ code: "custom", message: CONTENT_MESSAGES.phone });
    return z.NEVER;
  }
  return n;
});

/** Empty, or an absolute https:// URL (no other scheme reaches a public page). */
const httpsUrl = optionalHttpsUrl(CONTENT_MESSAGES.https);

const coordinate = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .transform((v) => v.replace(",", "."))
    .pipe(
      z
        .string()
        .regex(/^-?\d+(\.\d+)?$/, message)
        .transform(Number)
        .pipe(z.number().min(min, message).max(max, message)),
    );

export const contentSchema = z.object({
  name: text("Nome da entidade", 3, 150),
  shortName: text("Nome curto", 2, 80),
  description: longText("Descrição", 10, 600, "f"),
  address: text("Endereço", 3, 200),
  addressDetail: optionalText({ max: 120, tooLong: "Complemento deve ter no máximo 120 caracteres." }),
  phones: z.array(phone).min(1, CONTENT_MESSAGES.phonesMin).max(LIMITS.phones, CONTENT_MESSAGES.phonesMax),
  email: emailField({ invalid: CONTENT_MESSAGES.email }),
  hours: text("Horário de atendimento", 3, 120),
  whatsapp: z.string().transform((v, ctx) => {
    const n = normalizeWhatsapp(v);
    if (!n) {
      ctx.addIssue({ code: "custom", message: CONTENT_MESSAGES.whatsapp });
      return z.NEVER;
    }
    return n;
  }),
  social: z.object({ instagram: httpsUrl, facebook: httpsUrl, youtube: httpsUrl }),
  map: z.object({
    lat: coordinate(-90, 90, CONTENT_MESSAGES.lat),
    lng: coordinate(-180, 180, CONTENT_MESSAGES.lng),
    zoom: z
      .string()
      .trim()
      .regex(/^\d{1,2}$/, CONTENT_MESSAGES.zoom)
      .transform(Number)
      .pipe(z.number().int().min(1, CONTENT_MESSAGES.zoom).max(19, CONTENT_MESSAGES.zoom)),
  }),
  board: z
    .array(z.object({ role: text("Cargo", 2, 80), name: text("Nome", 2, 120) }))
    .min(1, CONTENT_MESSAGES.boardMin)
    .max(LIMITS.board, CONTENT_MESSAGES.boardMax),
  history: longText("História", 20, 6000, "f"),
  mission: longText("Missão", 10, 1000, "f"),
  vision: longText("Visão", 10, 1000, "f"),
  values: z
    .array(text("Valor", 2, 120))
    .min(1, CONTENT_MESSAGES.valuesMin)
    .max(LIMITS.values, CONTENT_MESSAGES.valuesMax),
}) satisfies z.ZodType<InstitutionalContent, unknown>;

export type ContentInput = z.input<typeof contentSchema>;

/**
 * The form's fields as the schema's input. Lists are repeated fields (`phones`, `values`,
 * `board.role`/`board.name` in pairs); rows left entirely blank are dropped, so an empty
 * extra row is not an error.
 */
export function contentFormToInput(form: FormData) {
  const str = (k: string) => {
    const v = form.get(k);
    return typeof v === "string" ? v : "";
  };
  const all = (k: string) => form.getAll(k).map((v) => (typeof v === "string" ? v : ""));
  const roles = all("board.role");
  const names = all("board.name");
  const board = roles.map((role, i) => ({ role, name: names[i] ?? "" })).filter((m) => m.role.trim() !== "" || m.name.trim() !== "");
  return {
    name: str("name"),
    shortName: str("shortName"),
    description: str("description"),
    address: str("address"),
    addressDetail: str("addressDetail"),
    phones: all("phones").filter((p) => p.trim() !== ""),
    email: str("email"),
    hours: str("hours"),
    whatsapp: str("whatsapp"),
    social: { instagram: str("social.instagram"), facebook: str("social.facebook"), youtube: str("social.youtube") },
    map: { lat: str("map.lat"), lng: str("map.lng"), zoom: str("map.zoom") },
    board,
    history: str("history"),
    mission: str("mission"),
    vision: str("vision"),
    values: all("values").filter((v) => v.trim() !== ""),
  } satisfies ContentInput;
}

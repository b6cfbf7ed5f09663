import { z } from "zod";
import { AGREEMENT_MESSAGES, LIMITS } from "./agreement-messages";

export * from "./agreement-messages";

function isCalendarDate(value: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split("-").map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 1900 && y <= 2200 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const requiredText = (message: string, max: number, label: string) =>
  z
    .string(message)
    .trim()
    .min(1, message)
    .max(max, `${label} muito longo (máximo ${max} caracteres).`);

const calendarDate = (required: string) =>
  z
    .string(required)
    .trim()
    .min(1, required)
    .refine(isCalendarDate, AGREEMENT_MESSAGES.invalidDate);

/** A checkbox or switch: present ("on", "true") means yes, absent means no. */
const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "on" || v === "true" || v === "1");

export const agreementFieldsSchema = z
  .object({
    title: requiredText(AGREEMENT_MESSAGES.titleRequired, LIMITS.title, "Título"),
    description: requiredText(AGREEMENT_MESSAGES.descriptionRequired, LIMITS.description, "Descrição"),
    company: requiredText(AGREEMENT_MESSAGES.companyRequired, LIMITS.company, "Nome da empresa"),
    validFrom: calendarDate(AGREEMENT_MESSAGES.validFromRequired),
    validTo: calendarDate(AGREEMENT_MESSAGES.validToRequired),
    isPublic: checkbox,
    draft: checkbox,
  })
  .refine((v) => !isCalendarDate(v.validFrom) || !isCalendarDate(v.validTo) || v.validTo >= v.validFrom, {
    path: ["validTo"],
    message: AGREEMENT_MESSAGES.dateOrder,
  });

export type AgreementInput = z.infer<typeof agreementFieldsSchema>;

const id = z.uuid(AGREEMENT_MESSAGES.notFound);

/** Parses the action's fields; the intent decides which shape applies. */
export function parseAgreementAction(values: Record<string, string | undefined>) {
  const intent = z.enum(["create", "update", "delete"], AGREEMENT_MESSAGES.saveError).parse(values.intent);
  if (intent === "delete") return { intent, id: id.parse(values.id) } as const;
  const fields = agreementFieldsSchema.parse(values);
  if (intent === "create") return { intent, ...fields } as const;
  return { intent, id: id.parse(values.id), ...fields } as const;
}

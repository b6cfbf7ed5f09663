import { z } from "zod";
import { checkboxField, dateField, idField, isCalendarDate, requiredText, WHOLE_FORM } from "~/utils/fields";
import { AGREEMENT_MESSAGES, LIMITS } from "./agreement-messages";

export * from "./agreement-messages";

const tooLong = (label: string, max: number, gender: "m" | "f" = "m") =>
  `${label} muito ${gender === "f" ? "longa" : "longo"} (máximo ${max} caracteres).`;

const fields = {
  title: requiredText(AGREEMENT_MESSAGES.titleRequired, { max: LIMITS.title, tooLong: tooLong("Título", LIMITS.title) }),
  description: requiredText(AGREEMENT_MESSAGES.descriptionRequired, {
    max: LIMITS.description,
    tooLong: tooLong("Descrição", LIMITS.description, "f"),
    multiline: true,
  }),
  company: requiredText(AGREEMENT_MESSAGES.companyRequired, { max: LIMITS.company, tooLong: tooLong("Nome da empresa", LIMITS.company) }),
  validFrom: dateField(AGREEMENT_MESSAGES.validFromRequired, AGREEMENT_MESSAGES.invalidDate),
  validTo: dateField(AGREEMENT_MESSAGES.validToRequired, AGREEMENT_MESSAGES.invalidDate),
  isPublic: checkboxField,
  draft: checkboxField,
};

const datesInOrder = {
  check: (v: { validFrom: string; validTo: string }) =>
    !isCalendarDate(v.validFrom) || !isCalendarDate(v.validTo) || v.validTo >= v.validFrom,
  params: { path: ["validTo"], message: AGREEMENT_MESSAGES.dateOrder, ...WHOLE_FORM },
};

const id = idField(AGREEMENT_MESSAGES.notFound);

/** The staff form's intents (/dashboard/admin/agreements). */
export const agreementActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), ...fields }).refine(datesInOrder.check, datesInOrder.params),
  z.object({ intent: z.literal("update"), id, ...fields }).refine(datesInOrder.check, datesInOrder.params),
  z.object({ intent: z.literal("delete"), id }),
]);
export type AgreementAction = z.infer<typeof agreementActionSchema>;
/** The fields of a create or an update (what the use cases store). */
export type AgreementInput = Omit<Extract<AgreementAction, { intent: "create" }>, "intent">;

/** The columns an agreement's form writes as typed (create and update). */
export function agreementFormValues(input: AgreementInput) {
  const { title, description, company, validFrom, validTo, isPublic } = input;
  return { title, description, company, validFrom, validTo, isPublic };
}

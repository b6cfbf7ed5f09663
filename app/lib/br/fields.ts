import { z } from "zod";
import { cepDigits, cepProblem } from "./cep";
import { cnpjProblem, normalizeCnpj } from "./cnpj";
import { cpfDigits, cpfProblem } from "./cpf";
import { BR_MESSAGES } from "./messages";
import { optionalChecked } from "~/lib/optional-checked";
import { formatPhone, phoneProblem } from "./phone";

/**
 * Zod field helpers for Brazilian data, shared by a form and its action (the server re-validates
 * whatever the browser's mask let through). Each required helper takes the message for a
 * missing value, so a form can use the original's ('CPF do solicitante é obrigatório').
 *
 * What each one yields:
 *   cpfField   → 11 digits              cnpjField  → 14 characters, upper case
 *   cepField   → 8 digits               phoneField → "(61) 91234-5678" / "(61) 3333-4444"
 * The optional variants yield null for an absent or blank value.
 */

type Kind = { problem: (value: string) => string | null; normalize: (value: string) => string; required: string };

const KINDS = {
  cpf: { problem: cpfProblem, normalize: cpfDigits, required: BR_MESSAGES.cpfRequired },
  cnpj: { problem: cnpjProblem, normalize: normalizeCnpj, required: BR_MESSAGES.cnpjRequired },
  cep: { problem: cepProblem, normalize: cepDigits, required: BR_MESSAGES.cepRequired },
  phone: { problem: phoneProblem, normalize: formatPhone, required: BR_MESSAGES.phoneRequired },
} satisfies Record<string, Kind>;

function check(kind: Kind) {
  return (value: string, ctx: Pick<z.RefinementCtx<unknown>, "addIssue">) => {
    const problem = kind.problem(value);
    if (problem) {
      ctx.addIssue({ code: "custom", message: problem });
      return z.NEVER;
    }
    return kind.normalize(value);
  };
}

function required(kind: Kind, message = kind.required) {
  return z.string(message).trim().min(1, message).transform(check(kind));
}

function optional(kind: Kind) {
  return optionalChecked(check(kind));
}

type Options = { required?: string };

export const cpfField = (o: Options = {}) => required(KINDS.cpf, o.required);
export const cnpjField = (o: Options = {}) => required(KINDS.cnpj, o.required);
export const cepField = (o: Options = {}) => required(KINDS.cep, o.required);
export const phoneField = (o: Options = {}) => required(KINDS.phone, o.required);

export const optionalCpfField = () => optional(KINDS.cpf);
export const optionalCnpjField = () => optional(KINDS.cnpj);
export const optionalCepField = () => optional(KINDS.cep);
export const optionalPhoneField = () => optional(KINDS.phone);

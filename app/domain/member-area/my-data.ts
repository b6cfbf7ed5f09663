import { z } from "zod";
import { cepField, optionalPhoneField, phoneField } from "~/lib/br/fields";
import { choiceField, emailField, idField, labelledText, nullableText } from "~/utils/fields";
import { STATES } from "~/domain/members/member-options";
import { codeField } from "./member-auth.schema";

/**
 * "Meus dados" (issue 23 §4, ADR 275): the member's corrections of their own record. Client-safe:
 * the page shows the very strings the action answers with.
 *
 * The rule: a phone is applied at once; a new e-mail once the 6-digit code sent to it is typed; an
 * address waits for rh's approval.
 */
export const MY_DATA_MESSAGES = {
  phoneSaved: "Telefone atualizado.",
  emailInvalid: "Informe um e-mail válido, como nome@exemplo.com.br.",
  emailRequired: "Informe o novo e-mail.",
  emailSame: "Este já é o e-mail cadastrado.",
  emailCodeSent: (email: string) =>
    `Enviamos um código de 6 números para ${email}. Digite-o abaixo para confirmar o novo e-mail. O código vale por 10 minutos.`,
  emailChanged: "E-mail atualizado. Os próximos códigos de acesso irão para o novo endereço.",
  emailWrongCode: "Código incorreto ou expirado. Confira o e-mail ou peça um novo código.",
  tooManyEmailRequests: (wait: string) => `Muitos pedidos de troca de e-mail. Tente novamente em ${wait}.`,
  addressRequested: "Pedido de correção de endereço enviado. O RH do sindicato vai conferir e aplicar; acompanhe por aqui.",
  stateInvalid: "Selecione a UF.",
  error: "Não foi possível salvar agora. Tente novamente.",
  exportError: "Não foi possível gerar o arquivo agora. Tente novamente.",
} as const;

const email = emailField({ invalid: MY_DATA_MESSAGES.emailInvalid, required: MY_DATA_MESSAGES.emailRequired, max: 254 });

export const myDataActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("phone"), mobilePhone: phoneField({ required: "Informe o celular." }), homePhone: optionalPhoneField() }),
  z.object({ intent: z.literal("email-request"), email }),
  z.object({ intent: z.literal("email-confirm"), code: codeField }),
  z.object({
    intent: z.literal("address"),
    address: labelledText("Endereço", 3, 200),
    city: labelledText("Cidade", 2, 80, { gender: "f" }),
    state: choiceField(STATES as unknown as [string, ...string[]], MY_DATA_MESSAGES.stateInvalid),
    cep: cepField(),
    region: nullableText({ max: 80, tooLong: "Região deve ter no máximo 80 caracteres." }),
  }),
]);
export type MyDataIntent = z.infer<typeof myDataActionSchema>["intent"];
export type AddressInput = Omit<Extract<z.infer<typeof myDataActionSchema>, { intent: "address" }>, "intent">;

/** The staff's decision on a pending address (rh and admin). */
export const ADDRESS_REVIEW_MESSAGES = {
  approved: "Endereço aplicado ao cadastro do filiado.",
  rejected: "Pedido de correção de endereço recusado.",
  notPending: "Este pedido já foi decidido ou não existe mais.",
  error: "Não foi possível decidir o pedido agora. Tente novamente.",
  loadError: "Erro ao carregar os pedidos de correção de endereço.",
} as const;

const requestId = idField(ADDRESS_REVIEW_MESSAGES.notPending);

export const addressReviewActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), id: requestId }),
  z.object({ intent: z.literal("reject"), id: requestId }),
]);

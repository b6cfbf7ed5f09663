import { z } from "zod";
import { cpfDigits, cpfProblem } from "~/lib/br/cpf";

/**
 * The members' sign-in (issue 23 §1, ADR 270): CPF, then a 6-digit code e-mailed to the address
 * on file. Client-safe: the page shows the very strings the action answers with.
 */
export const MEMBER_AUTH_MESSAGES = {
  cpfRequired: "Informe o seu CPF.",
  codeFormat: "Informe o código de 6 números enviado por e-mail.",
  /**
   * The one answer to a code request, whoever the CPF belongs to (ADR 270): a member with an
   * e-mail, a member without one, a blocked member or no member at all read the same words.
   */
  sent: "Se este CPF for de um filiado com e-mail cadastrado, enviamos um código de 6 números para esse e-mail. O código vale por 10 minutos.",
  noEmailHint:
    "Não recebeu em alguns minutos? Confira a caixa de spam. Se o seu e-mail não estiver cadastrado ou tiver mudado, entre em contato com o sindicato para atualizá-lo.",
  wrongCode: "Código incorreto ou expirado. Confira o e-mail ou peça um novo código.",
  tooManyRequests: (wait: string) => `Muitos pedidos de código para este CPF ou esta conexão. Tente novamente em ${wait}.`,
  tooManyCodes: (wait: string) => `Muitas tentativas de código. Por segurança, aguarde ${wait} antes de tentar novamente.`,
  error: "Erro ao entrar. Tente novamente.",
  signedOut: "Você saiu da Área do Filiado.",
} as const;

export const cpfField = z
  .string({ error: MEMBER_AUTH_MESSAGES.cpfRequired })
  .trim()
  .min(1, MEMBER_AUTH_MESSAGES.cpfRequired)
  .max(20, MEMBER_AUTH_MESSAGES.cpfRequired)
  .superRefine((v, ctx) => {
    const problem = cpfProblem(v);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .transform(cpfDigits);

export const codeField = z
  .string({ error: MEMBER_AUTH_MESSAGES.codeFormat })
  .transform((v) => v.replace(/\s/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, MEMBER_AUTH_MESSAGES.codeFormat));

export const memberSignInSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("request-code"), cpf: cpfField }),
  z.object({ intent: z.literal("verify-code"), cpf: cpfField, code: codeField }),
]);

import { z } from "zod";
import { isStrongEnough } from "~/lib/password-strength";
import { requiredText, secretText, WHOLE_FORM } from "~/utils/fields";

export const PASSWORD_MESSAGES = {
  notAuthenticated: "Usuário não autenticado!",
  mustLogin: "Você precisa estar logado para alterar a senha",
  currentRequired: "Senha atual é obrigatória",
  newRequired: "Nova senha é obrigatória",
  tooWeak: "Senha muito fraca. Atenda aos critérios de segurança.",
  confirmRequired: "Confirmação de senha é obrigatória",
  mismatch: "Senhas não coincidem",
  sameAsCurrent: "A nova senha deve ser diferente da atual",
  wrongCurrent: "Senha atual incorreta!",
  error: "Erro ao alterar senha!",
  unexpected: "Erro inesperado ao alterar senha",
  success: "Senha alterada com sucesso!",
} as const;

export const RESET_MESSAGES = {
  requested: "Se o usuário estiver cadastrado, enviaremos um link para redefinir a senha ao e-mail registrado. O link vale por 1 hora.",
  invalid: "Este link de redefinição é inválido ou expirou. Solicite um novo.",
  usernameRequired: "Informe seu usuário.",
  requestError: "Erro ao solicitar a redefinição de senha. Tente novamente.",
  resetError: "Erro ao redefinir a senha. Tente novamente.",
} as const;

/** A new password: the five-criteria policy, at most 200 characters; `required` names the field the person sees. */
export function passwordField(required: string) {
  return secretText(required, { max: 200, tooLong: PASSWORD_MESSAGES.tooWeak }).refine(isStrongEnough, PASSWORD_MESSAGES.tooWeak);
}
export const newPasswordField = passwordField(PASSWORD_MESSAGES.newRequired);

export const changePasswordSchema = z
  .object({
    // Checked against the stored hash, never stored: only its length is limited.
    currentPassword: z
      .string(PASSWORD_MESSAGES.currentRequired)
      .min(1, PASSWORD_MESSAGES.currentRequired)
      .max(200, PASSWORD_MESSAGES.wrongCurrent),
    newPassword: newPasswordField,
    confirmPassword: z.string(PASSWORD_MESSAGES.confirmRequired).min(1, PASSWORD_MESSAGES.confirmRequired),
  })
  .superRefine((v, ctx) => {
    if (v.confirmPassword && v.newPassword !== v.confirmPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: PASSWORD_MESSAGES.mismatch });
    }
    if (v.newPassword && v.newPassword === v.currentPassword) {
      ctx.addIssue({ code: "custom", path: ["newPassword"], message: PASSWORD_MESSAGES.sameAsCurrent });
    }
  }, WHOLE_FORM);

export const resetPasswordSchema = z
  .object({
    newPassword: newPasswordField,
    confirmPassword: z.string(PASSWORD_MESSAGES.confirmRequired).min(1, PASSWORD_MESSAGES.confirmRequired),
  })
  .refine((v) => !v.confirmPassword || v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    message: PASSWORD_MESSAGES.mismatch,
    ...WHOLE_FORM,
  });

/** /esqueci-senha: the username the link is for. */
export const forgotPasswordSchema = z.object({
  username: requiredText(RESET_MESSAGES.usernameRequired, { max: 100, tooLong: RESET_MESSAGES.usernameRequired }),
});

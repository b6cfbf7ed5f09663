import { z } from "zod";
import { ROLES } from "~/auth/roles";
import { newPasswordField, passwordField } from "~/auth/password.schema";
import { choiceField, emailField, idField, requiredText, WHOLE_FORM } from "~/utils/fields";

export const USER_MESSAGES = {
  loadError: "Erro ao carregar usuários",
  createError: "Erro ao criar usuário",
  updateError: "Erro ao atualizar usuário",
  passwordError: "Erro ao alterar senha",
  deleteError: "Erro ao excluir usuário",
  created: "Usuário criado com sucesso!",
  updated: "Usuário atualizado com sucesso!",
  passwordChanged: "Senha alterada com sucesso!",
  deleted: "Usuário excluído com sucesso!",
  mismatch: "As senhas não coincidem",
  usernameTaken: "Este nome de usuário já está em uso.",
  notFound: "Usuário não encontrado.",
  cannotDeleteSelf: "Você não pode excluir o seu próprio usuário.",
  lastAdmin: "Não é possível remover ou rebaixar o último administrador.",
  ownRole: "Você não pode alterar o seu próprio perfil.",
  twoFactorReset: "Verificação em duas etapas redefinida. A pessoa foi desconectada e vai configurá-la de novo ao entrar.",
  twoFactorResetError: "Erro ao redefinir a verificação em duas etapas",
  /** The new-user dialog's field is "Senha" (the spec fixes no message for it). */
  passwordRequired: "Senha é obrigatória.",
  twoFactorNotEnrolled: "Este usuário não tem verificação em duas etapas ativa: não há o que redefinir.",
  cannotResetOwnTwoFactor: "Você não pode redefinir a sua própria verificação em duas etapas; peça a outro administrador.",
} as const;

const username = z
  .string("Usuário deve ter de 3 a 32 caracteres: letras minúsculas, números, ponto, hífen ou sublinhado.")
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9._-]{3,32}$/, "Usuário deve ter de 3 a 32 caracteres: letras minúsculas, números, ponto, hífen ou sublinhado.");
const name = requiredText("Nome é obrigatório.", { max: 120, tooLong: "Nome muito longo (máximo 120 caracteres)." });
const email = emailField({ invalid: "E-mail inválido." });
const role = choiceField(ROLES, "Selecione um perfil válido.");
const id = idField("Usuário inválido.");

export const createUserSchema = z.object({
  intent: z.literal("create"),
  username,
  name,
  email,
  role,
  password: passwordField(USER_MESSAGES.passwordRequired),
});

export const updateUserSchema = z.object({ intent: z.literal("update"), id, name, email, role });

export const setPasswordSchema = z
  .object({
    intent: z.literal("set-password"),
    id,
    password: newPasswordField,
    confirmPassword: z.string(USER_MESSAGES.mismatch),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: USER_MESSAGES.mismatch, ...WHOLE_FORM });

export const deleteUserSchema = z.object({ intent: z.literal("delete"), id });

/** An admin resets another user's second factor (ADR 185). */
export const resetTwoFactorSchema = z.object({ intent: z.literal("reset-2fa"), id });

export const userActionSchema = z.discriminatedUnion("intent", [
  createUserSchema,
  updateUserSchema,
  setPasswordSchema,
  deleteUserSchema,
  resetTwoFactorSchema,
]);
export type UserAction = z.infer<typeof userActionSchema>;

import { z } from "zod";
import { ROLES } from "~/auth/permissions";
import { newPasswordField } from "~/auth/password.schema";

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
} as const;

const username = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9._-]{3,32}$/, "Usuário deve ter de 3 a 32 caracteres: letras minúsculas, números, ponto, hífen ou sublinhado.");
const name = z.string().trim().min(1, "Nome é obrigatório.").max(120, "Nome muito longo (máximo 120 caracteres).");
const email = z.string().trim().toLowerCase().pipe(z.email("E-mail inválido."));
const role = z.enum(ROLES, "Selecione um perfil válido.");

export const createUserSchema = z.object({ intent: z.literal("create"), username, name, email, role, password: newPasswordField });

export const updateUserSchema = z.object({ intent: z.literal("update"), id: z.uuid("Usuário inválido."), name, email, role });

export const setPasswordSchema = z
  .object({
    intent: z.literal("set-password"),
    id: z.uuid("Usuário inválido."),
    password: newPasswordField,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: USER_MESSAGES.mismatch });

export const deleteUserSchema = z.object({ intent: z.literal("delete"), id: z.uuid("Usuário inválido.") });

export const userActionSchema = z.discriminatedUnion("intent", [createUserSchema, updateUserSchema, setPasswordSchema, deleteUserSchema]);
export type UserAction = z.infer<typeof userActionSchema>;

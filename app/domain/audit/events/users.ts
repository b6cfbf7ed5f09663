/** Audit events of staff accounts: sign-in, sign-out, passwords (never the password) and user management. */
import { z } from "zod";
import { ROLE_LABELS } from "~/auth/roles";
import { auditChanges, auditEvent } from "../audit-event";

const none = z.strictObject({});
// Stored role (text column); labelled on the screen.
const role = z.string();
const values = { role: ROLE_LABELS };

export const USER_ENTITIES = { user: "Usuário" } as const;

export const USER_EVENTS = {
  login: auditEvent({ label: "Entrada no sistema", entityType: "user", data: none }),
  "login.failed": auditEvent({
    label: "Entrada recusada",
    entityType: "user",
    // An existing account's username, so repeated attempts on it can be seen; for a name that is no
    // account only the fact (ADR 177): what was typed may be a password. Never the password typed.
    data: z.strictObject({ username: z.string().optional(), unknownUser: z.literal(true).optional() }),
    fields: { username: "Usuário informado", unknownUser: "Usuário informado" },
    values: { unknownUser: { true: "inexistente (o nome digitado não é guardado)" } },
  }),
  logout: auditEvent({ label: "Saída do sistema", entityType: "user", data: none }),
  // The second factor (ADR 185). Never the code typed, the TOTP secret or a recovery code.
  "login.second_factor_failed": auditEvent({
    label: "Código de verificação recusado",
    entityType: "user",
    data: z.strictObject({ method: z.enum(["totp", "recovery"]), reason: z.enum(["invalid", "replayed"]) }),
    fields: { method: "Tipo de código", reason: "Motivo" },
    values: {
      method: { totp: "Aplicativo autenticador", recovery: "Código de recuperação" },
      reason: { invalid: "Código incorreto", replayed: "Código já usado" },
    },
  }),
  "login.recovery_code_used": auditEvent({
    label: "Entrada com código de recuperação",
    entityType: "user",
    data: z.strictObject({ remaining: z.number().int().min(0) }),
    fields: { remaining: "Códigos restantes" },
  }),
  "user.two_factor_enabled": auditEvent({ label: "Verificação em duas etapas ativada", entityType: "user", data: none }),
  "user.two_factor_disabled": auditEvent({ label: "Verificação em duas etapas desativada", entityType: "user", data: none }),
  "user.recovery_codes_renewed": auditEvent({ label: "Códigos de recuperação renovados", entityType: "user", data: none }),
  "user.two_factor_reset": auditEvent({
    label: "Verificação em duas etapas redefinida por administrador",
    entityType: "user",
    data: z.strictObject({ username: z.string() }),
  }),
  "user.password_reset_requested": auditEvent({ label: "Redefinição de senha pedida", entityType: "user", data: none }),
  "user.password_reset": auditEvent({ label: "Senha redefinida pelo link", entityType: "user", data: none }),
  "user.password_changed": auditEvent({ label: "Senha alterada pelo próprio usuário", entityType: "user", data: none }),
  "user.created_by_cli": auditEvent({
    label: "Administrador criado pela linha de comando",
    entityType: "user",
    data: z.strictObject({ username: z.string(), role }),
    values,
  }),
  "user.created": auditEvent({ label: "Usuário criado", entityType: "user", data: z.strictObject({ username: z.string(), role }), values }),
  "user.updated": auditEvent({
    label: "Usuário alterado",
    entityType: "user",
    data: z.strictObject({ username: z.string(), changes: auditChanges(["name", "email", "role"]) }),
    values,
  }),
  "user.password_set": auditEvent({
    label: "Senha definida por administrador",
    entityType: "user",
    data: z.strictObject({ username: z.string() }),
  }),
  "user.deleted": auditEvent({
    label: "Usuário excluído",
    entityType: "user",
    data: z.strictObject({ username: z.string(), role }),
    values,
  }),
};

/** Audit events of staff accounts: sign-in, sign-out, passwords (never the password) and user management. */
import { z } from "zod";
import { ROLE_LABELS } from "~/auth/permissions";
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
    // The name typed, so repeated attempts on one account can be seen; never what was typed as the password.
    data: z.strictObject({ username: z.string() }),
    fields: { username: "Usuário informado" },
  }),
  logout: auditEvent({ label: "Saída do sistema", entityType: "user", data: none }),
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
  "user.password_set": auditEvent({ label: "Senha definida por administrador", entityType: "user", data: z.strictObject({ username: z.string() }) }),
  "user.deleted": auditEvent({ label: "Usuário excluído", entityType: "user", data: z.strictObject({ username: z.string(), role }), values }),
};

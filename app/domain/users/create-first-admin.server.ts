import { z } from "zod";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import { hashPassword } from "~/auth/password.server";
import { newPasswordField } from "~/auth/password.schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { AppError } from "~/utils/app-error";
import { USER_MESSAGES } from "./user.schema";
import { eq } from "drizzle-orm";

const schema = z.object({
  username: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9._-]{3,32}$/, "Usuário deve ter de 3 a 32 caracteres: letras minúsculas, números, ponto, hífen ou sublinhado."),
  name: z.string().trim().min(1, "Nome é obrigatório."),
  email: z.string().trim().toLowerCase().pipe(z.email("E-mail inválido.")),
  password: newPasswordField,
});

/** `npm run user:create-admin`: the first administrator of a production database. */
export async function createAdminFromCli(input: { username: string; name: string; email: string; password: string }) {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new AppError(400, parsed.error.issues.map((i) => i.message).join(" "));
  const v = parsed.data;
  const passwordHash = await hashPassword(v.password);
  return db().transaction(async (tx) => {
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.username, v.username));
    if (taken) throw new AppError(409, USER_MESSAGES.usernameTaken);
    const [row] = await tx
      .insert(users)
      .values({ username: v.username, name: v.name, email: v.email, role: "admin", passwordHash })
      .returning({ id: users.id });
    await recordAudit(tx, null, "user.created_by_cli", row.id, { username: v.username, role: "admin" });
    return row;
  });
}

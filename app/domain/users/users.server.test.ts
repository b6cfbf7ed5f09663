import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, sessions, users } from "~/db/schema";
import { createUser as createUserRow } from "~/db/factories/users";
import { createSession } from "~/auth/session.server";
import { useUseCaseDatabase } from "../../../tests/support/use-case-db";
import { createUser } from "./create-user.server";
import { updateUser } from "./update-user.server";
import { USER_MESSAGES } from "./user.schema";

/** The user-management use cases called directly, on a fresh database (no server, no HTTP). */
const t = useUseCaseDatabase();

const input = {
  username: "carla.mendes",
  name: "Carla Mendes",
  email: "carla@exemplo.com.br",
  role: "juridico" as const,
  password: "Carla@2026",
};

describe("createUser", () => {
  it("writes the user and its audit entry, signed by the actor", async () => {
    const admin = await createUserRow(t.db, { role: "admin" });
    const created = await createUser(admin, input);
    const [row] = await t.db.select().from(users).where(eq(users.id, created.id));
    expect(row).toMatchObject({ username: "carla.mendes", role: "juridico", active: true });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, created.id));
    expect(audit).toEqual([
      expect.objectContaining({
        action: "user.created",
        actorUsername: admin.username,
        data: { username: "carla.mendes", role: "juridico" },
      }),
    ]);
  });

  it("refuses a role without the users screen (403) and a taken username (409), writing nothing", async () => {
    const campo = await createUserRow(t.db, { role: "campo" });
    const admin = await createUserRow(t.db, { role: "admin" });
    const before = await t.db.$count(users);
    const auditBefore = await t.db.$count(auditLog);
    await expect(createUser(campo, { ...input, username: "intruso" })).rejects.toMatchObject({ status: 403 });
    await expect(createUser(admin, { ...input, username: campo.username })).rejects.toMatchObject({
      status: 409,
      message: USER_MESSAGES.usernameTaken,
      field: "username",
    });
    expect(await t.db.$count(users)).toBe(before);
    expect(await t.db.$count(auditLog)).toBe(auditBefore);
  });
});

describe("updateUser", () => {
  it("a role change signs the user out everywhere; a name change does not", async () => {
    const admin = await createUserRow(t.db, { role: "admin" });
    const target = await createUserRow(t.db, { role: "secretaria" });
    await createSession(target.id);
    await createSession(target.id);
    const sessionsOf = () => t.db.$count(sessions, eq(sessions.userId, target.id));

    await updateUser(admin, { id: target.id, name: "Nome Novo", email: target.email, role: "secretaria" });
    expect(await sessionsOf()).toBe(2);
    await updateUser(admin, { id: target.id, name: "Nome Novo", email: target.email, role: "rh" });
    expect(await sessionsOf()).toBe(0);
    const [row] = await t.db.select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({ name: "Nome Novo", role: "rh" });
  });

  it("never demotes the last active administrator, nor lets one change their own role", async () => {
    await t.db.update(users).set({ active: false }).where(eq(users.role, "admin"));
    const only = await createUserRow(t.db, { role: "admin" });
    const other = await createUserRow(t.db, { role: "admin", active: false });
    await expect(updateUser(only, { id: only.id, name: only.name, email: only.email, role: "rh" })).rejects.toMatchObject({
      status: 400,
      message: USER_MESSAGES.ownRole,
    });
    // Nor can another, inactive, administrator demote the only active one.
    await expect(updateUser(other, { id: only.id, name: only.name, email: only.email, role: "rh" })).rejects.toMatchObject({
      status: 400,
      message: USER_MESSAGES.lastAdmin,
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, only.id));
    expect(row.role).toBe("admin");
  });
});

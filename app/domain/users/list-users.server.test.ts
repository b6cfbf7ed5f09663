import { beforeAll, describe, expect, it } from "vitest";
import { createUser } from "~/db/factories/users";
import type { Actor } from "~/auth/authorize";
import { useUseCaseDatabase } from "../../../tests/support/use-case-db";
import { listUsers, USERS_PAGE_SIZE } from "./list-users.server";

/** Issue 24 §2: the team list pages like every other list (by name), with the true total. */
const t = useUseCaseDatabase();
let admin: Actor;

beforeAll(async () => {
  const a = await createUser(t.db, { role: "admin", name: "Aaa Admin" });
  admin = { id: a.id, username: a.username, role: "admin" } as Actor;
  for (let i = 0; i < USERS_PAGE_SIZE + 4; i++)
    await createUser(t.db, { role: "secretaria", name: `Pessoa ${String(i).padStart(2, "0")}` });
});

describe("the users list", () => {
  it("reads one page by name, says the total and the page count, and clamps a page past the end", async () => {
    const first = await listUsers(admin);
    expect(first).toMatchObject({ total: USERS_PAGE_SIZE + 5, page: 1, pageCount: 2 });
    expect(first.rows).toHaveLength(USERS_PAGE_SIZE);
    expect(first.rows[0].name).toBe("Aaa Admin");
    const last = await listUsers(admin, { page: 9 });
    expect(last.page).toBe(2);
    expect(last.rows.map((r) => r.name)).toEqual(["Pessoa 24", "Pessoa 25", "Pessoa 26", "Pessoa 27", "Pessoa 28"]);
  });

  it("is refused to a role that does not manage users", async () => {
    await expect(listUsers({ ...admin, role: "secretaria" } as Actor)).rejects.toMatchObject({ status: 403 });
  });
});

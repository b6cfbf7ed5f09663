import { describe, expect, it } from "vitest";
import { createUser } from "~/db/factories/users";
import { createWorkplace } from "~/db/factories/field";
import type { Actor } from "~/auth/authorize";
import { useUseCaseDatabase } from "../../../tests/support/use-case-db";
import { listWorkplaceChoices } from "./visit-routes.server";
import { WORKPLACE_CHOICES_ALL, WORKPLACE_CHOICES_FOUND } from "./workplace-choices";

/**
 * Issue 24 §2: the route form's workplaces. A union with up to WORKPLACE_CHOICES_ALL gets them all
 * (a plain select); a larger one searches by name, code, address or city, accents ignored, and
 * gets at most WORKPLACE_CHOICES_FOUND, never the whole register in the page.
 */
const t = useUseCaseDatabase();

describe("the route form's workplaces", () => {
  it("all of them while few, then only what a search finds", async () => {
    const u = await createUser(t.db, { role: "campo" });
    const campo = { id: u.id, username: u.username, role: "campo" } as Actor;
    await createWorkplace(t.db, { name: "Hospital São Vicente" });
    for (let i = 1; i < WORKPLACE_CHOICES_ALL; i++) await createWorkplace(t.db, { name: `Posto Comum ${i}` });

    const few = await listWorkplaceChoices(campo);
    expect(few).toMatchObject({ total: WORKPLACE_CHOICES_ALL, searchRequired: false });
    expect(few.choices).toHaveLength(WORKPLACE_CHOICES_ALL);

    await createWorkplace(t.db, { name: "Shopping Conjunto Nacional", city: "Brasília" });
    const many = await listWorkplaceChoices(campo);
    expect(many).toMatchObject({ total: WORKPLACE_CHOICES_ALL + 1, searchRequired: true, choices: [] });
    expect((await listWorkplaceChoices(campo, { q: "s" })).choices).toEqual([]);

    const accents = await listWorkplaceChoices(campo, { q: "SAO vicente" });
    expect(accents.choices.map((w) => w.name)).toEqual(["Hospital São Vicente"]);
    expect(accents.choices[0]).toMatchObject({ cep: expect.any(String), lat: expect.any(Number) });
    expect((await listWorkplaceChoices(campo, { q: "comum" })).choices).toHaveLength(WORKPLACE_CHOICES_FOUND);
    expect((await listWorkplaceChoices(campo, { q: "100%" })).choices).toEqual([]);
  });

  it("is refused to a role that does not create routes", async () => {
    const u = await createUser(t.db, { role: "financeiro" });
    await expect(listWorkplaceChoices({ id: u.id, username: u.username, role: "financeiro" } as Actor)).rejects.toMatchObject({
      status: 403,
    });
  });
});

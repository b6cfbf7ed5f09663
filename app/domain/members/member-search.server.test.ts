import { describe, expect, it } from "vitest";
import { createMember } from "~/db/factories/members";
import { createUser } from "~/db/factories/users";
import { searchFinanceMembers } from "~/domain/finance/finance-members.server";
import { useUseCaseDatabase } from "../../../tests/support/use-case-db";
import { listMembers } from "./list-members.server";

/** Staff type a first name and a surname: every word must be in the name, in any order (first-day trial). */
const t = useUseCaseDatabase();

describe("searching members by name", () => {
  it("finds by first name and surname, in any order, accents and case ignored; every word must match", async () => {
    const rh = await createUser(t.db, { role: "rh" });
    const financeiro = await createUser(t.db, { role: "financeiro" });
    await createMember(t.db, { name: "Joana Conceição Araújo Teste" });
    await createMember(t.db, { name: "Joana Prado Silva" });
    await createMember(t.db, { name: "Paulo Costa Oliveira" });
    const names = async (q: string) => (await listMembers(rh, { q, tab: "todos", page: 1 })).rows.map((r) => r.name);
    expect(await names("joana araujo")).toEqual(["Joana Conceição Araújo Teste"]);
    expect(await names("ARAÚJO   joana")).toEqual(["Joana Conceição Araújo Teste"]);
    expect(await names("joana")).toHaveLength(2);
    expect(await names("joana oliveira")).toEqual([]);
    const picked = await searchFinanceMembers(financeiro, "paulo oliveira");
    expect(picked.rows.map((r) => r.name)).toEqual(["Paulo Costa Oliveira"]);
  });
});

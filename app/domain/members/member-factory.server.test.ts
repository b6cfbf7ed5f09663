import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { members } from "~/db/schema";
import { buildMember, createMember, createMembers, fictitiousCpf } from "~/db/factories/members";
import { isValidCpf } from "~/lib/br/cpf";
import { isValidPhone } from "~/lib/br/phone";
import { useUseCaseDatabase } from "../../../tests/support/use-case-db";

/** The members table, its migration's custom SQL and the factories, on a fresh database. */
const t = useUseCaseDatabase();

describe("member factories", () => {
  it("build realistic values: accents, a valid CPF, a valid phone, a DF address", () => {
    const values = Array.from({ length: 200 }, () => buildMember());
    expect(values.every((v) => isValidCpf(v.cpf!) && isValidPhone(v.mobilePhone!))).toBe(true);
    expect(values.some((v) => /[áéíóúâêôãõç]/i.test(v.name))).toBe(true);
    expect(new Set(values.map((v) => v.cpf)).size).toBe(200);
    expect(new Set(values.map((v) => v.situation))).toEqual(new Set([1, 2, 3, 4, 10]));
    expect(values.every((v) => v.state === "DF" && /^7\d{7}$/.test(v.cep!))).toBe(true);
    expect(isValidCpf(fictitiousCpf(999_999))).toBe(true);
  });

  it("number members from the next free registration number, also when created at the same time", async () => {
    const a = await createMember(t.db);
    const b = await createMember(t.db, { registrationNumber: 500 });
    const c = await createMember(t.db);
    expect([a.registrationNumber, b.registrationNumber, c.registrationNumber]).toEqual([1, 500, 501]);
    const many = await Promise.all(Array.from({ length: 8 }, () => createMember(t.db)));
    expect(new Set(many.map((m) => m.registrationNumber)).size).toBe(8);
    await createMembers(t.db, 2500);
    const [{ n, max }] = await t.db.select({ n: sql<number>`count(*)::int`, max: sql<number>`max(registration_number)` }).from(members);
    expect(n).toBe(2511);
    expect(Number(max)).toBe(509 + 2500);
  });

  it("fold names without accents or case, in the index's expression", async () => {
    await createMember(t.db, { name: "João Conceição Araújo" });
    const rows = await t.db.execute<{ name: string }>(
      sql`select name from members where name_folded like '%' || members_fold(${"JOAO conceicao"}) || '%'`,
    );
    expect(rows.rows.map((r) => r.name)).toContain("João Conceição Araújo");
  });

  it("keep the stored folded name right on every write: factory, bulk insert, update, and refuse writing it (ADR 126)", async () => {
    const m = await createMember(t.db, { name: "ÂNGELA Ínês D'Ávila Müller" });
    const folded = async (id: string) =>
      (await t.db.execute<{ f: string }>(sql`select name_folded as f from members where id = ${id}`)).rows[0].f;
    expect(await folded(m.id)).toBe("angela ines d'avila muller");
    await t.db.execute(sql`update members set name = ${"Çécília Õliveira"} where id = ${m.id}`);
    expect(await folded(m.id)).toBe("cecilia oliveira");
    // Bulk insert (the bench's and the import's path): every row folded as members_fold(name).
    await createMembers(t.db, 300);
    const [{ stale }] = (
      await t.db.execute<{ stale: number }>(
        sql`select count(*)::int as stale from members where name_folded is distinct from members_fold(name)`,
      )
    ).rows;
    expect(stale).toBe(0);
    // Nobody writes it by hand.
    await expect(t.db.execute(sql`update members set name_folded = 'outro' where id = ${m.id}`)).rejects.toThrow();
    expect(await folded(m.id)).toBe("cecilia oliveira");
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { createCharge } from "~/db/factories/finance";
import { createMember } from "~/db/factories/members";
import { createUser } from "~/db/factories/users";
import type { Actor } from "~/auth/authorize";
import { useUseCaseDatabase } from "../../../tests/support/use-case-db";
import { arrearsReport } from "./reports.server";

/**
 * Issue 11 / issue 24 §4: the arrears report ("inadimplentes"). Its order is the list's (largest
 * debt first, then the folded name, then the registration), made in the process since the query
 * no longer sorts; its months are labelled in calendar order, whatever order the query gave.
 */
const t = useUseCaseDatabase();
const TODAY = "2026-11-20";
let actor: Actor;

const csvRows = async () => {
  const report = await arrearsReport(actor, { today: TODAY });
  const text = (await new Response(report.csv).text()).replace(/^\uFEFF/, "");
  return text
    .trim()
    .split("\r\n")
    .slice(1)
    .map((line) => line.slice(1, -1).split('";"'));
};

beforeAll(async () => {
  const u = await createUser(t.db, { role: "financeiro" });
  actor = { id: u.id, username: u.username, role: "financeiro" } as Actor;
  // Two members owing R$ 100,00 (a tie: ordered by folded name, accents ignored), one owing more.
  const alvaro = await createMember(t.db, { name: "Álvaro Zanetti" });
  const bruna = await createMember(t.db, { name: "bruna Alves" });
  const carla = await createMember(t.db, { name: "Carla Dias" });
  // Inserted out of calendar order; one charge due after "today" does not count yet.
  for (const [memberId, year, month, amount] of [
    [bruna.id, 2026, 9, 5000],
    [bruna.id, 2025, 12, 5000],
    [alvaro.id, 2026, 10, 10000],
    [carla.id, 2026, 3, 7000],
    [carla.id, 2026, 1, 7000],
    [carla.id, 2026, 12, 7000],
  ] as const) {
    await createCharge(t.db, { memberId, referenceYear: year, referenceMonth: month, amountCentavos: amount });
  }
});

describe("the arrears report", () => {
  it("puts the largest debt first, ties by folded name, and labels the months in calendar order", async () => {
    const rows = await csvRows();
    expect(rows.map((r) => [r[1], r[2], r[3], r[4]])).toEqual([
      ["Carla Dias", "2", "01/2026 03/2026", "140,00"],
      ["Álvaro Zanetti", "1", "10/2026", "100,00"],
      ["bruna Alves", "2", "12/2025 09/2026", "100,00"],
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { createFieldRoute } from "~/db/factories/field";
import { createUser } from "~/db/factories/users";
import { useUseCaseDatabase } from "../../../tests/support/use-case-db";
import { listFinishedVisits, listMyFinishedVisits, VISITS_PAGE_SIZE } from "./finished-visits.server";

/** The finished visits a page at a time (issue 24: the screen said "500 visitas" and drew them all). */
const t = useUseCaseDatabase();

describe("finished visits, a page at a time", () => {
  it("counts every finished visit, pages them in a stable order, and clamps a page past the end", async () => {
    const admin = await createUser(t.db, { role: "admin" });
    const campo = await createUser(t.db, { role: "campo" });
    const other = await createUser(t.db, { role: "campo" });
    const base = Date.UTC(2026, 10, 2, 12);
    for (let i = 0; i < VISITS_PAGE_SIZE + 6; i++) {
      const finishedAt = new Date(base + (i % 7) * 3_600_000); // ties on purpose: the id breaks them
      await createFieldRoute(t.db, {
        status: "concluida",
        startedAt: new Date(finishedAt.getTime() - 1_800_000),
        finishedAt,
        finishedBy: i < 5 ? campo.id : other.id,
      });
    }
    await createFieldRoute(t.db, { status: "pendente" });

    const first = await listFinishedVisits(admin, "recent", 1);
    expect(first).toMatchObject({ total: VISITS_PAGE_SIZE + 6, page: 1, pageCount: 2 });
    expect(first.visits).toHaveLength(VISITS_PAGE_SIZE);
    const second = await listFinishedVisits(admin, "recent", 2);
    expect(second.visits).toHaveLength(6);
    // Every visit exactly once across the pages.
    const ids = [...first.visits, ...second.visits].map((v) => v.id);
    expect(new Set(ids).size).toBe(VISITS_PAGE_SIZE + 6);
    // Newest first, across the page break.
    const times = [...first.visits, ...second.visits].map((v) => Date.parse(v.finishedAt!));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // Past the end: the last page.
    expect((await listFinishedVisits(admin, "recent", 99)).page).toBe(2);

    const mine = await listMyFinishedVisits(campo, "recent", 1);
    expect(mine).toMatchObject({ total: 5, page: 1, pageCount: 1 });
    expect(mine.visits).toHaveLength(5);
  });
});

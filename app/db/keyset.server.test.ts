import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createFieldRoute } from "~/db/factories/field";
import { fieldRoutes } from "~/db/schema";
import { useUseCaseDatabase } from "../../tests/support/use-case-db";
import { keyColumns, keysetBatches, orderByKeys, type OrderKey } from "./keyset.server";

/** Exports read in keyset batches (ADR 290): the same rows, in the same order, as one ordered query. */
const t = useUseCaseDatabase();

const FINISHED = { expr: fieldRoutes.finishedAt, type: "timestamptz" } as const;
const BY_ID = { expr: fieldRoutes.id, type: "uuid" } as const;
const ORDERS: Record<string, OrderKey[]> = {
  "newest first": [{ ...FINISHED, desc: true }, BY_ID],
  "oldest first": [FINISHED, BY_ID],
  "by name, then newest": [{ expr: sql`${fieldRoutes.name} collate "C"`, type: "text" }, { ...FINISHED, desc: true }, BY_ID],
  "most affiliates, then newest": [{ expr: fieldRoutes.affiliates, type: "integer", desc: true }, { ...FINISHED, desc: true }, BY_ID],
};

describe("keyset batches", () => {
  it("every row once, in the one query's order, across ties and nulls, for every order and batch size", async () => {
    // Ties on every key (same microsecond, same name, same count) and missing times, so that
    // batches of 2 end in the middle of a tie and of the nulls.
    const at = ["2026-03-01 10:00:00.123456+00", "2026-03-01 10:00:00.123457+00", null];
    for (let i = 0; i < 13; i++) {
      await createFieldRoute(t.db, { name: `Rota ${i % 3}`, affiliates: i % 2, status: "concluida" });
    }
    await t.db.execute(
      sql`update field_routes set finished_at = (array[${at[0]}, ${at[1]}, ${at[2]}])[1 + (affiliates + length(name)) % 3]::timestamptz`,
    );
    await t.db.execute(sql`update field_routes set finished_at = null where name = 'Rota 2' and affiliates = 1`);

    for (const [order, keys] of Object.entries(ORDERS)) {
      const select = (after: ReturnType<typeof sql> | undefined, limit: number) =>
        t.db
          .execute(
            sql`select ${keyColumns(keys)}, id from field_routes ${after ? sql`where ${after}` : sql``} order by ${sql.join(orderByKeys(keys), sql`, `)} limit ${limit}`,
          )
          .then((r) => r.rows as { id: string }[]);
      const whole = (await select(undefined, 1000)).map((r) => r.id);
      expect(whole).toHaveLength(13);

      for (const size of [1, 2, 5, 13, 20]) {
        const batches: string[][] = [];
        for await (const batch of keysetBatches(keys, select, (r) => r.id, size)) batches.push(batch);
        expect(batches.flat(), `${order}, batches of ${size}`).toEqual(whole);
        expect(Math.max(...batches.map((b) => b.length))).toBeLessThanOrEqual(size);
      }
    }
  });

  it("does not read before the first batch is asked for, and stops after a short batch", async () => {
    let reads = 0;
    const source = keysetBatches(
      [BY_ID],
      async () => (reads++ ? [] : [{ keyset0: "x", id: "x" }]),
      (r) => r.id,
      2,
    );
    expect(reads).toBe(0);
    const all: string[][] = [];
    for await (const b of source) all.push(b);
    expect(all).toEqual([["x"]]);
    expect(reads).toBe(1);
  });
});

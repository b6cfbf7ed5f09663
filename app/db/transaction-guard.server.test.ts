import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { useUseCaseDatabase } from "../../tests/support/use-case-db";

/**
 * `db()` refuses a call made while a transaction of the same async context is open (ADR 300), on
 * both drivers: on PGlite's one connection such a call would wait forever for the transaction
 * waiting for it, and on a pool it would run outside the transaction.
 */
describe("db() inside a transaction", () => {
  const t = useUseCaseDatabase();

  it("is refused while the transaction is open, and the transaction rolls back", async () => {
    await t.db.execute(sql`create table guard_probe (n int)`);
    await expect(
      db().transaction(async (tx) => {
        await tx.execute(sql`insert into guard_probe values (1)`);
        await db().execute(sql`select 1`);
      }),
    ).rejects.toThrow("db() chamado dentro de uma transação aberta: use o tx da transação (ADR 300)");
    const rows = await db().execute<{ n: number }>(sql`select count(*)::int as n from guard_probe`);
    expect(rows.rows[0].n).toBe(0);
  });

  it("is refused in a function the transaction awaits, however deep", async () => {
    const helper = async () => {
      await Promise.resolve();
      return db();
    };
    await expect(db().transaction(async () => helper())).rejects.toThrow(/dentro de uma transação aberta/);
  });

  it("the transaction's own handle works, nested savepoints included", async () => {
    const n = await db().transaction(async (tx) => {
      await tx.execute(sql`insert into guard_probe values (2)`);
      await tx.transaction(async (inner) => {
        await inner.execute(sql`insert into guard_probe values (3)`);
      });
      const r = await tx.execute<{ n: number }>(sql`select count(*)::int as n from guard_probe`);
      return r.rows[0].n;
    });
    expect(n).toBe(2);
  });

  it("work started inside a transaction and run after it ends is not refused", async () => {
    let later: Promise<number> | undefined;
    await db().transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      later = new Promise<number>((resolve, reject) => {
        setTimeout(() => {
          db()
            .execute<{ n: number }>(sql`select count(*)::int as n from guard_probe`)
            .then((r) => resolve(r.rows[0].n), reject);
        }, 20);
      });
    });
    await expect(later).resolves.toBe(2);
  });

  it("calls outside any transaction, and two transactions side by side, are not refused", async () => {
    const [a, b] = await Promise.all([
      db().transaction(async (tx) => (await tx.execute<{ v: number }>(sql`select 1 as v`)).rows[0].v),
      db().transaction(async (tx) => (await tx.execute<{ v: number }>(sql`select 2 as v`)).rows[0].v),
    ]);
    expect([a, b]).toEqual([1, 2]);
    await expect(db().execute(sql`select 1`)).resolves.toBeTruthy();
  });
});

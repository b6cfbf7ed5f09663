import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { databaseDriver, db, detachFromTransaction, outsideTransaction } from "~/db/client.server";
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

  it("outsideTransaction: the pool on PostgreSQL, its write committed before the transaction ends; the transaction itself on PGlite", async () => {
    await t.db.execute(sql`create table guard_progress (n int)`);
    await expect(
      db().transaction(async (tx) => {
        const writer = outsideTransaction(tx);
        expect(writer === tx).toBe(databaseDriver() === "pglite");
        await writer.execute(sql`insert into guard_progress values (1)`);
        throw new Error("desfeita");
      }),
    ).rejects.toThrow("desfeita");
    const rows = await db().execute<{ n: number }>(sql`select count(*)::int as n from guard_progress`);
    // Kept on PostgreSQL (another connection committed it); undone with the transaction on PGlite.
    expect(rows.rows[0].n).toBe(databaseDriver() === "postgres" ? 1 : 0);
  });

  it("a timer started through detachFromTransaction runs outside the transaction while it is still open", async () => {
    let seen: Promise<unknown> | undefined;
    await db().transaction(async (tx) => {
      seen = new Promise((resolve) => detachFromTransaction(() => setTimeout(() => resolve(db()), 0)));
      const refused = new Promise((resolve) =>
        setTimeout(
          () =>
            resolve(
              Promise.resolve()
                .then(db)
                .catch((e: Error) => e.message),
            ),
          0,
        ),
      );
      await expect(refused).resolves.toMatch(/dentro de uma transação aberta/);
      await expect(seen).resolves.toBeTruthy();
      await tx.execute(sql`select 1`);
    });
  });
});

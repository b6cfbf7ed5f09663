import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { databaseDriver, db, detachFromTransaction, outsideTransaction, type Db } from "~/db/client.server";
import { useUseCaseDatabase } from "../support/use-case-db";

/**
 * `db()` refuses a call made while a transaction of the same async context is open (ADR 300), on
 * both drivers: on PGlite's one connection such a call would wait forever for the transaction
 * waiting for it, and on a pool it would run outside the transaction. Runs on both databases in
 * CI (an embedded-driver file, vitest.config.ts). Each test has its own table.
 */
const t = useUseCaseDatabase();
const REFUSED = "db() chamado dentro de uma transação aberta: use o tx da transação (ADR 300)";
let tables = 0;

async function freshTable() {
  const name = sql.identifier(`guard_probe_${++tables}`);
  await t.db.execute(sql`create table ${name} (n int)`);
  return {
    insert: (n: number) => sql`insert into ${name} values (${n})`,
    count: async (handle: Pick<Db, "execute"> = db()) =>
      (await handle.execute<{ n: number }>(sql`select count(*)::int as n from ${name}`)).rows[0].n,
  };
}

/** What `db()` answers when called from the callback `run` schedules: "aceita", or the refusal. */
function outcome(run: (probe: () => void) => void) {
  return new Promise<string>((resolve) =>
    run(() => {
      try {
        db();
        resolve("aceita");
      } catch (error) {
        resolve((error as Error).message);
      }
    }),
  );
}

describe("db() inside a transaction", () => {
  it("is refused while the transaction is open, and the transaction rolls back", async () => {
    const table = await freshTable();
    await expect(
      db().transaction(async (tx) => {
        await tx.execute(table.insert(1));
        await db().execute(sql`select 1`);
      }),
    ).rejects.toThrow(REFUSED);
    expect(await table.count()).toBe(0);
  });

  it("is refused in a function the transaction awaits, however deep, and inside a savepoint", async () => {
    const helper = async () => {
      await Promise.resolve();
      return db();
    };
    await expect(db().transaction(async () => helper())).rejects.toThrow(REFUSED);
    await expect(db().transaction(async (tx) => tx.transaction(async () => helper()))).rejects.toThrow(REFUSED);
  });

  it("the transaction's own handle works: savepoints, a savepoint rolled back, tx.rollback()", async () => {
    const table = await freshTable();
    const n = await db().transaction(async (tx) => {
      await tx.execute(table.insert(1));
      await tx.transaction(async (inner) => {
        await inner.execute(table.insert(2));
      });
      await tx
        .transaction(async (inner) => {
          await inner.execute(table.insert(3));
          throw new Error("desfaz só o ponto de salvamento");
        })
        .catch(() => {});
      return table.count(tx);
    });
    expect(n).toBe(2);
    expect(await table.count()).toBe(2);
    await expect(
      db().transaction(async (tx) => {
        await tx.execute(table.insert(4));
        tx.rollback();
      }),
    ).rejects.toThrow();
    expect(await table.count()).toBe(2);
  });

  it("work started inside a transaction and run after it ends is not refused", async () => {
    let later: Promise<string> | undefined;
    await db().transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      later = outcome((probe) => setTimeout(probe, 20));
    });
    await expect(later).resolves.toBe("aceita");
  });

  it("two transactions side by side: each refuses its own db() call, and neither leaks into the other or after", async () => {
    const results = await Promise.allSettled([
      db().transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        return db();
      }),
      db().transaction(async (tx) => (await tx.execute<{ v: number }>(sql`select 2 as v`)).rows[0].v),
    ]);
    expect(results[0].status).toBe("rejected");
    expect((results[0] as PromiseRejectedResult).reason.message).toBe(REFUSED);
    expect(results[1]).toEqual({ status: "fulfilled", value: 2 });
    await expect(db().execute(sql`select 1`)).resolves.toBeTruthy();
  });

  it("outsideTransaction: the pool on PostgreSQL, its write committed before the transaction ends; the transaction itself on PGlite", async () => {
    const table = await freshTable();
    await expect(
      db().transaction(async (tx) => {
        const writer = outsideTransaction(tx);
        expect(writer === tx).toBe(databaseDriver() === "pglite");
        await writer.execute(table.insert(1));
        throw new Error("desfeita");
      }),
    ).rejects.toThrow("desfeita");
    // Kept on PostgreSQL (another connection committed it); undone with the transaction on PGlite.
    expect(await table.count()).toBe(databaseDriver() === "postgres" ? 1 : 0);
  });

  it("a timer started through detachFromTransaction runs outside the transaction while it is still open", async () => {
    await db().transaction(async (tx) => {
      const detached = outcome((probe) => detachFromTransaction(() => setTimeout(probe, 0)));
      const inherited = outcome((probe) => setTimeout(probe, 0));
      expect(await detached).toBe("aceita");
      expect(await inherited).toBe(REFUSED);
      await tx.execute(sql`select 1`);
    });
  });
});

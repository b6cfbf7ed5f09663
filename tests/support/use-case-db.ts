import { afterAll, beforeAll } from "vitest";
import type { Role } from "~/auth/roles";
import { closeDatabase, databaseDriver, db, openDatabase, type Db } from "~/db/client.server";
import { createUser } from "~/db/factories/users";
import { resetSecretCache } from "~/utils/secrets.server";
import { createThrowawayDatabase, testDriver } from "./database";
import { existingPgliteTemplate } from "./pglite-template";

/**
 * A fresh database with every migration applied, for testing use cases directly (no HTTP): an
 * in-memory PGlite, or with TEST_DB=postgres a throwaway PostgreSQL database. It is opened as
 * the app's own handle (`db()` of app/db/client.server.ts), so the use cases under test and
 * the factories write to the same place. Call once at the top of a test file:
 *
 *     const t = useUseCaseDatabase();
 *     it("…", async () => { const admin = await createUser(t.db, { role: "admin" }); … });
 *
 * Vitest gives each test file its own module instances, hence its own handle; the database is
 * closed (and a PostgreSQL one dropped) after the file, so the next file starts clean either way.
 */
export function useUseCaseDatabase() {
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    if (databaseDriver()) throw new Error("já existe um banco aberto neste arquivo de teste");
    resetSecretCache();
    if (testDriver() === "postgres") {
      const created = await createThrowawayDatabase();
      drop = created.drop;
      await openDatabase({ url: created.url, poolMax: 2 });
    } else {
      await openDatabase({ dataDir: "memory://", template: existingPgliteTemplate() });
    }
  });
  afterAll(async () => {
    await closeDatabase();
    await drop?.();
    resetSecretCache();
  });
  return {
    /** The open handle (the same one `db()` returns inside the use cases). */
    get db(): Db {
      return db();
    },
  };
}

/** A new staff user named `name`, as the use cases take them: an actor that carries its name. */
export async function createStaffActor(database: Db, role: Role, name: string) {
  const u = await createUser(database, { role, name });
  return { id: u.id, username: u.username, role, name: u.name };
}

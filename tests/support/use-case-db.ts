import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import type { Role } from "~/auth/roles";
import { closeDatabase, databaseDriver, db, openDatabase, type Db } from "~/db/client.server";
import { createUser } from "~/db/factories/users";
import { auditLog } from "~/db/schema";
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

/**
 * A new staff user named `name` (the factory's name when none is given), as the use cases take
 * them: an actor that carries its name, and its e-mail for the tests that follow a notice.
 */
export async function createStaffActor(database: Db, role: Role, name?: string) {
  const u = await createUser(database, name === undefined ? { role } : { role, name });
  return { id: u.id, username: u.username, role, name: u.name, email: u.email };
}

export type StaffActor = Awaited<ReturnType<typeof createStaffActor>>;

/**
 * The staff actors of a test file, created in a `beforeAll` (after the database's), one per key:
 *
 *     const t = useUseCaseDatabase();
 *     const people = useStaffActors(t, { sec: ["secretaria", "Sara Secretaria"], jur: ["juridico"] });
 *     it("…", async () => { await takeServiceRecord(people.jur, { id }); … });
 */
export function useStaffActors<K extends string>(t: { readonly db: Db }, who: Record<K, readonly [role: Role, name?: string]>) {
  const people = {} as Record<K, StaffActor>;
  beforeAll(async () => {
    for (const key of Object.keys(who) as K[]) {
      const [role, name] = who[key];
      people[key] = await createStaffActor(t.db, role, name);
    }
  });
  return people;
}

/**
 * The audit entries about one entity, oldest first, as the tests compare them (action, data, actor);
 * `only` keeps one action or one entity type.
 */
export function auditEntriesOf(database: Db, entityId: string, only: { action?: string; entityType?: string } = {}) {
  return database
    .select({ action: auditLog.action, data: auditLog.data, actorId: auditLog.actorId })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entityId, entityId),
        only.action === undefined ? undefined : eq(auditLog.action, only.action),
        only.entityType === undefined ? undefined : eq(auditLog.entityType, only.entityType),
      ),
    )
    .orderBy(asc(auditLog.id));
}

import { count } from "drizzle-orm";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import { env } from "~/utils/env.server";
import { log } from "~/utils/logger.server";
import { seedDemo } from "./demo.server";

/**
 * After migrations: the demo seed on an empty embedded database (never on DATABASE_URL unless
 * SEED_DEMO=true). Periodic housekeeping is a scheduled job (app/jobs/housekeeping.server.ts).
 */
export async function runStartupTasks(opts: { embedded: boolean; seed?: boolean }) {
  const setting = env().SEED_DEMO;
  const wanted = opts.seed ?? (setting === "true" || (setting === "auto" && opts.embedded));
  if (wanted) {
    const [{ n }] = await db().select({ n: count() }).from(users);
    if (n === 0) {
      log.info("banco vazio: criando dados de demonstração");
      await seedDemo();
    }
  }
}

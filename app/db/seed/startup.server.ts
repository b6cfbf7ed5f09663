import { users } from "~/db/schema";
import { env } from "~/utils/env.server";
import { log } from "~/utils/logger.server";
import { seedDemo } from "./demo.server";
import { hasRows } from "./has-rows.server";

/**
 * After migrations: the demo seed on an empty embedded database (never on DATABASE_URL unless
 * SEED_DEMO=true). Periodic housekeeping is a scheduled job (app/jobs/housekeeping.server.ts).
 */
export async function runStartupTasks(opts: { embedded: boolean; seed?: boolean }) {
  const setting = env().SEED_DEMO;
  const wanted = opts.seed ?? (setting === "true" || (setting === "auto" && opts.embedded));
  if (wanted) {
    if (!(await hasRows(users))) {
      log.info("banco vazio: criando dados de demonstração");
      await seedDemo();
    }
  }
}

import { count } from "drizzle-orm";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import { env } from "~/utils/env.server";
import { log, errorFields } from "~/utils/logger.server";
import { purgeExpiredSessions } from "~/auth/session.server";
import { purgeExpiredRateLimits } from "~/utils/rate-limit.server";
import { seedDemo } from "./demo.server";

let timers: NodeJS.Timeout[] = [];

/**
 * After migrations: the demo seed on an empty embedded database (never on DATABASE_URL unless
 * SEED_DEMO=true), then periodic housekeeping.
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
  stopBackgroundTasks();
  const housekeeping = () => {
    purgeExpiredSessions().catch((err) => log.warn("limpeza de sessões falhou", errorFields(err)));
    purgeExpiredRateLimits().catch((err) => log.warn("limpeza de limites falhou", errorFields(err)));
  };
  housekeeping();
  const hourly = setInterval(housekeeping, 60 * 60 * 1000);
  hourly.unref();
  timers.push(hourly);
}

export function stopBackgroundTasks() {
  for (const t of timers) clearInterval(t);
  timers = [];
}

import { env } from "./env.server";

type Level = "debug" | "info" | "warn" | "error";
const order: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** One JSON line per event. Never pass IP addresses, user agents or request bodies here. */
function write(level: Level, msg: string, fields?: Record<string, unknown>) {
  let threshold: Level | "silent" = "info";
  try {
    threshold = env().LOG_LEVEL;
  } catch {
    // env invalid: still log
  }
  if (order[level] < order[threshold]) return;
  const line = JSON.stringify({ t: new Date().toISOString(), level, msg, ...fields });
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(line + "\n");
}

export const log = {
  debug: (msg: string, fields?: Record<string, unknown>) => write("debug", msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write("info", msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write("warn", msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write("error", msg, fields),
};

/**
 * What a log line may say about an error. A failed query's message (and so its stack) carries
 * the SQL parameters — a member's CPF, a complaint's text — so for those only the database's
 * own reason and code are kept.
 */
export function errorFields(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { error: String(err) };
  if (err.message.startsWith("Failed query")) {
    const cause = err.cause;
    const code = cause && typeof cause === "object" && "code" in cause ? String((cause as { code: unknown }).code) : undefined;
    const reason = cause instanceof Error ? cause.message.split("\n")[0].slice(0, 300) : "consulta ao banco falhou";
    return { error: reason, code };
  }
  return { error: err.message, stack: err.stack };
}

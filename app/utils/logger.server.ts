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

export function errorFields(err: unknown) {
  return err instanceof Error ? { error: err.message, stack: err.stack } : { error: String(err) };
}

/** PostgreSQL's unique violation, whichever driver raised it; the constraint's name when known. */
export function uniqueViolation(error: unknown): string | null {
  let e: unknown = error;
  for (let i = 0; i < 4 && e && typeof e === "object"; i++) {
    const o = e as { code?: unknown; constraint?: unknown; constraint_name?: unknown; message?: unknown; cause?: unknown };
    if (o.code === "23505") {
      const name = typeof o.constraint === "string" ? o.constraint : typeof o.constraint_name === "string" ? o.constraint_name : "";
      if (name) return name;
      const m = typeof o.message === "string" ? /"([a-z_]+)"/.exec(o.message) : null;
      return m?.[1] ?? "unknown";
    }
    e = o.cause;
  }
  return null;
}

/** Whether the error is PostgreSQL's unique violation (whichever driver raised it, possibly wrapped by Drizzle). */
export function isUniqueViolation(error: unknown): boolean {
  return uniqueViolation(error) !== null;
}

import { eq } from "drizzle-orm";
import { db, listen } from "./client.server";
import { contentVersion } from "./schema";

/** The channel the database announces content changes on (see migration 0002's triggers). */
export const CONTENT_VERSION_CHANNEL = "content_version";

/** The current content version: bumped by the database on every write a public page can show. */
export async function readContentVersion(): Promise<number> {
  const [row] = await db().select({ version: contentVersion.version }).from(contentVersion).where(eq(contentVersion.id, 1));
  return row ? Number(row.version) : 0;
}

/**
 * Calls `onChange(version)` whenever any instance commits a content change (LISTEN on
 * PostgreSQL, in-process on PGlite), and `onMissed()` when notifications may have been lost
 * (the listening connection dropped and came back).
 */
export async function watchContentVersion(onChange: (version: number) => void, onMissed: () => void) {
  await listen(
    CONTENT_VERSION_CHANNEL,
    (payload) => {
      const v = Number(payload);
      if (Number.isFinite(v)) onChange(v);
      else onMissed();
    },
    onMissed,
  );
}

import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { appSettings } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { authorize, type Actor } from "~/auth/authorize";
import { CONTENT_KEY, getInstitutionalContent } from "./get-content.server";
import type { InstitutionalContent } from "./institutional";

/** JSON with object keys sorted: jsonb does not keep key order, so plain stringify would differ. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

/**
 * Saves the institutional content (already validated by contentSchema). Public pages read it
 * on every request, so the change shows at once. The audit entry names the fields changed.
 */
export async function updateInstitutionalContent(actor: Actor, input: InstitutionalContent) {
  authorize(actor, "content.edit");
  const before = await getInstitutionalContent();
  const changed = (Object.keys(input) as (keyof InstitutionalContent)[]).filter((k) => canonical(before[k]) !== canonical(input[k]));
  await db().transaction(async (tx) => {
    await tx
      .insert(appSettings)
      .values({ key: CONTENT_KEY, value: input })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: input, updatedAt: sql`now()` } });
    await recordAudit(tx, actor, "content.updated", CONTENT_KEY, { changed });
  });
  return { changed };
}

import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { appSettings } from "~/db/schema";
import { DEFAULT_CONTENT, LEGACY_PLACEHOLDERS, type InstitutionalContent } from "./institutional";

export const CONTENT_KEY = "institutional_content";

/** What staff saved, over the defaults (nested groups merged, so a new field always has a value). */
function merge(saved: Partial<InstitutionalContent> | null | undefined): InstitutionalContent {
  if (!saved || typeof saved !== "object") return DEFAULT_CONTENT;
  return {
    ...DEFAULT_CONTENT,
    ...saved,
    // Seeded by an earlier version: today's valid placeholders instead (still marked as examples).
    phones: (saved.phones ?? DEFAULT_CONTENT.phones).map((p) => (p === LEGACY_PLACEHOLDERS.phone ? DEFAULT_CONTENT.phones[0] : p)),
    whatsapp: saved.whatsapp === LEGACY_PLACEHOLDERS.whatsapp ? DEFAULT_CONTENT.whatsapp : (saved.whatsapp ?? DEFAULT_CONTENT.whatsapp),
    social: { ...DEFAULT_CONTENT.social, ...(saved.social ?? {}) },
    map: { ...DEFAULT_CONTENT.map, ...(saved.map ?? {}) },
  };
}

/** The current institutional content: what staff saved, over the defaults. Read on every request. */
export async function getInstitutionalContent(): Promise<InstitutionalContent> {
  return (await getInstitutionalContentWithMeta()).content;
}

/** The content plus when it was last saved (null while the defaults are in use). */
export async function getInstitutionalContentWithMeta(): Promise<{ content: InstitutionalContent; updatedAt: Date | null }> {
  const [row] = await db().select().from(appSettings).where(eq(appSettings.key, CONTENT_KEY));
  if (!row) return { content: DEFAULT_CONTENT, updatedAt: null };
  return { content: merge(row.value as Partial<InstitutionalContent>), updatedAt: row.updatedAt };
}

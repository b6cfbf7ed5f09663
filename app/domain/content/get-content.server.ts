import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { appSettings } from "~/db/schema";
import { DEFAULT_CONTENT, type InstitutionalContent } from "./institutional";

export const CONTENT_KEY = "institutional_content";

/** The current institutional content: what staff saved, over the defaults. */
export async function getInstitutionalContent(): Promise<InstitutionalContent> {
  const [row] = await db().select().from(appSettings).where(eq(appSettings.key, CONTENT_KEY));
  if (!row) return DEFAULT_CONTENT;
  return { ...DEFAULT_CONTENT, ...(row.value as Partial<InstitutionalContent>) };
}

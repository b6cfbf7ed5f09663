import { sql } from "drizzle-orm";
import { appSettings } from "~/db/schema";
import { CONTENT_KEY } from "~/domain/content/get-content.server";
import { DEFAULT_CONTENT, type InstitutionalContent } from "~/domain/content/institutional";
import type { FactoryDb } from "./support";

/** The institutional content: the defaults, with the groups given replaced. */
export function buildInstitutionalContent(overrides: Partial<InstitutionalContent> = {}): InstitutionalContent {
  return { ...DEFAULT_CONTENT, ...overrides };
}

/**
 * Saves the institutional content (one record, so "create" sets it, replacing what was
 * there) and returns what was saved.
 */
export async function createInstitutionalContent(
  db: FactoryDb,
  overrides: Partial<InstitutionalContent> = {},
): Promise<InstitutionalContent> {
  const value = buildInstitutionalContent(overrides);
  await db
    .insert(appSettings)
    .values({ key: CONTENT_KEY, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: sql`now()` } });
  return value;
}

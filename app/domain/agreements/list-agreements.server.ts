import { desc, or, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { agreements } from "~/db/schema";
import { authorize, type Actor } from "~/auth/authorize";
import { agreementColumns, type AgreementRow } from "./agreement-row.server";

/** ILIKE pattern for a literal search term (%, _ and \ lose their wildcard meaning). */
export function containsPattern(term: string) {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The staff list: every agreement (public, internal and drafts), newest start first, with an
 * accent- and case-insensitive search on title, company and description.
 */
export async function listAgreements(actor: Actor, opts: { search?: string } = {}): Promise<AgreementRow[]> {
  authorize(actor, "agreements.edit");
  const term = opts.search?.trim().slice(0, 200);
  const pattern = term ? containsPattern(term) : undefined;
  const matches = (column: typeof agreements.title | typeof agreements.company | typeof agreements.description) => sql`unaccent(${column}) ilike unaccent(${pattern})`;
  const rows = await db()
    .select(agreementColumns())
    .from(agreements)
    .where(pattern ? or(matches(agreements.title), matches(agreements.company), matches(agreements.description)) : undefined)
    .orderBy(desc(agreements.validFrom), desc(agreements.createdAt));
  return rows as AgreementRow[];
}

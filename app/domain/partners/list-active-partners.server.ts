import { asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { partners } from "~/db/schema";
import { toPublicPartner, type PublicPartner } from "./partner-row";

/** The partners the public site shows (/parceiros, the home page strip), by category then order. */
export async function listActivePartners(): Promise<PublicPartner[]> {
  const rows = await db()
    .select({
      id: partners.id,
      name: partners.name,
      description: partners.description,
      logoFileId: partners.logoFileId,
      website: partners.website,
      category: partners.category,
    })
    .from(partners)
    .where(eq(partners.active, true))
    .orderBy(asc(partners.category), asc(partners.sortOrder), asc(partners.name));
  return rows.map(toPublicPartner);
}

/** Partners grouped by category, in the order listActivePartners returns them. */
export function groupByCategory<T extends { category: string }>(list: T[]): { category: string; partners: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const p of list) groups.set(p.category, [...(groups.get(p.category) ?? []), p]);
  return [...groups].map(([category, items]) => ({ category, partners: items }));
}

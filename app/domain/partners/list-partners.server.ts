import { asc } from "drizzle-orm";
import { db } from "~/db/client.server";
import { partners } from "~/db/schema";
import { toPartnerRow, type PartnerRow } from "./partner-row";
import { authorize, type Actor } from "~/auth/authorize";

/** Every partner, active or not, for the staff screen. */
export async function listPartners(actor: Actor): Promise<PartnerRow[]> {
  authorize(actor, "partners.edit");
  const rows = await db().select().from(partners).orderBy(asc(partners.category), asc(partners.sortOrder), asc(partners.name));
  return rows.map(toPartnerRow);
}

import { asc } from "drizzle-orm";
import { db } from "~/db/client.server";
import { partners } from "~/db/schema";
import { publicImageUrl } from "~/domain/files/public-image";
import { authorize, type Actor } from "~/auth/authorize";

/** Every partner, active or not, for the staff screen. */
export async function listPartners(actor: Actor) {
  authorize(actor, "partners.edit");
  const rows = await db()
    .select()
    .from(partners)
    .orderBy(asc(partners.category), asc(partners.sortOrder), asc(partners.name));
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    description: p.description,
    category: p.category,
    website: p.website,
    sortOrder: p.sortOrder,
    active: p.active,
    logoUrl: publicImageUrl(p.logoFileId),
    updatedAt: p.updatedAt.toISOString(),
  }));
}

import { asc } from "drizzle-orm";
import { db } from "~/db/client.server";
import { partners } from "~/db/schema";
import { publicImageUrl } from "~/domain/files/public-image";
import { authorizeScreen, type Actor } from "~/domain/users/authorize.server";

/** Every partner, active or not, for the staff screen. */
export async function listPartners(actor: Actor) {
  authorizeScreen(actor, "partners");
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

import { publicImageUrl } from "~/domain/files/public-image";

/**
 * A partner as the screens show it (issue 20 §4): plain types and the mappers from a `partners`
 * row. Not a .server module: the use cases build these rows and the components (staff dialog,
 * public card, home strip) type their props with them.
 */

/** What a partner row and its screen share. */
type PartnerFields = {
  id: string;
  name: string;
  description: string;
  category: string;
  website: string | null;
  sortOrder: number;
  active: boolean;
};

/** The columns of a `partners` row the mappers read. */
export type PartnerRecord = PartnerFields & { logoFileId: string | null; updatedAt: Date };

/** One partner of the staff screen, active or not. */
export type PartnerRow = PartnerFields & { logoUrl: string | null; updatedAt: string };

/** One partner of the public site (/parceiros, the home page strip). */
export type PublicPartner = Pick<PartnerRow, "id" | "name" | "description" | "logoUrl" | "website" | "category">;

export function toPartnerRow(p: PartnerRecord): PartnerRow {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    category: p.category,
    website: p.website,
    sortOrder: p.sortOrder,
    active: p.active,
    logoUrl: publicImageUrl(p.logoFileId),
    updatedAt: p.updatedAt.toISOString(),
  };
}

/** From the public columns exactly (listActivePartners selects no other): the logo's file id becomes its URL. */
export function toPublicPartner({
  logoFileId,
  ...shown
}: Pick<PartnerRecord, "id" | "name" | "description" | "logoFileId" | "website" | "category">): PublicPartner {
  return { ...shown, logoUrl: publicImageUrl(logoFileId) };
}

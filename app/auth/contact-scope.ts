/**
 * Who reads which contact sector (original, section 6; brief, section 3; ADR 050, 051). Part
 * of the authorisation rules, so it lives beside the role table: pure data and functions, no
 * I/O, safe in the browser bundle.
 */
import type { Role } from "./permissions";

export const CONTACT_SECTORS = ["secretaria", "juridico", "financeiro", "presidencia", "rh", "campo"] as const;
export type ContactSector = (typeof CONTACT_SECTORS)[number];

export function isContactSector(value: unknown): value is ContactSector {
  return typeof value === "string" && (CONTACT_SECTORS as readonly string[]).includes(value);
}

/**
 * The sectors a role reads in the inbox (/dashboard/contatos): admin all; rh its own and the
 * secretaria's; every other role only the sector named like itself, which for homologacao (not
 * a contact sector) is none.
 */
export function contactScope(role: Role): readonly ContactSector[] {
  if (role === "admin") return CONTACT_SECTORS;
  if (role === "rh") return ["rh", "secretaria"];
  return isContactSector(role) ? [role] : [];
}

/**
 * The sectors shown on /dashboard/secretaria/casos (admin, secretaria, homologacao): the
 * secretaria's case desk, so the secretaria sector; admin sees every sector (ADR 051).
 */
export function casesScope(role: Role): readonly ContactSector[] {
  if (role === "admin") return CONTACT_SECTORS;
  if (role === "secretaria" || role === "homologacao") return ["secretaria"];
  return [];
}

/** Where a role's inbox lives: its own sector's page when it reads exactly that one sector. */
export function contactsHref(role: Role): string {
  const scope = contactScope(role);
  return scope.length === 1 ? `/dashboard/contatos/${scope[0]}` : "/dashboard/contatos";
}

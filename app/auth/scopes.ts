/**
 * Which sectors a role reads and acts on: the contact inbox and the cases desk (original,
 * section 6; brief, section 3; ADR 050, 051) and the service records (ADR 133). Part of the
 * authorisation rules, so it lives beside the role table: pure data and functions, no I/O, safe
 * in the browser bundle. The sectors' labels stay in the domain (contact-sectors.ts,
 * service-options.ts).
 */
import type { Role } from "./roles";

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

/** The sectors of the service records (atendimentos). */
export const SERVICE_SECTORS = ["homologacao", "secretaria", "juridico", "financeiro", "presidencia"] as const;
export type ServiceSector = (typeof SERVICE_SECTORS)[number];

export function isServiceSector(v: unknown): v is ServiceSector {
  return typeof v === "string" && (SERVICE_SECTORS as readonly string[]).includes(v);
}

/** The sectors a role may open a record in (the original's section 6). */
export function sectorsForRole(role: Role): readonly ServiceSector[] {
  if (role === "admin") return SERVICE_SECTORS;
  if (role === "rh" || role === "homologacao") return ["homologacao", "secretaria"];
  return isServiceSector(role) ? [role] : [];
}

/** The sectors a role reads and acts on (ADR 133): own sector, or all for admin and rh. */
export function serviceScope(role: Role): readonly ServiceSector[] {
  if (role === "admin" || role === "rh") return SERVICE_SECTORS;
  return isServiceSector(role) ? [role] : [];
}

/**
 * The sectors whose canned replies (respostas prontas, issue 22 §6, ADR 265) a role manages:
 * admin every sector, a sector's own role its sector. Using one in a comment follows the record
 * (serviceScope).
 */
export function cannedRepliesScope(role: Role): readonly ServiceSector[] {
  if (role === "admin") return SERVICE_SECTORS;
  return isServiceSector(role) ? [role] : [];
}

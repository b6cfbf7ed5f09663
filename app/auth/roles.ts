/**
 * The staff roles (brief, section 3): their names, their labels and the groups the screen
 * table shares. Pure data and functions: no I/O, safe to import from the browser bundle.
 */
export const ROLES = ["admin", "presidencia", "juridico", "financeiro", "rh", "secretaria", "homologacao", "campo"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: "Administrador",
  presidencia: "Presidência",
  juridico: "Jurídico",
  financeiro: "Financeiro",
  rh: "RH",
  secretaria: "Secretaria",
  homologacao: "Homologação",
  campo: "Campo",
};

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** The service records' screens: every role but campo. */
export const SERVICE_ROLES: readonly Role[] = ["admin", "juridico", "financeiro", "rh", "secretaria", "presidencia", "homologacao"];

/** The finance screen (original §2: /dashboard/financeiro/financial). */
export const FINANCE_ROLES: readonly Role[] = ["financeiro", "admin"];

/** The members screens (original §2: /dashboard/admin/members and /dashboard/rh/members). */
export const MEMBER_ROLES: readonly Role[] = ["admin", "rh", "presidencia", "secretaria"];

/**
 * Roles that must sign in with a second factor (issue 18 §7, ADR 185): the ones that see full
 * CPFs. The others may turn it on in /dashboard/duas-etapas.
 */
export const TWO_FACTOR_ROLES: readonly Role[] = ["admin", "rh", "secretaria"];

export function requiresTwoFactor(role: Role) {
  return TWO_FACTOR_ROLES.includes(role);
}

export function panelPath(role: Role) {
  return `/dashboard/${role}`;
}

/**
 * The sidebar, read off the screen table (ADR 003, 241): a screen with `nav` is an entry, shown
 * to exactly the roles the screen lets in. Pure functions: no I/O, safe in the browser bundle.
 */
import type { Role } from "./roles";
import { canAccessScreen, screenFor, SCREENS } from "./screens";

export type NavIcon =
  | "home"
  | "clipboard"
  | "list"
  | "alert"
  | "mail"
  | "route"
  | "play"
  | "check"
  | "map"
  | "users"
  | "file"
  | "members"
  | "money"
  | "news"
  | "handshake"
  | "building"
  | "history"
  | "key"
  | "activity"
  | "kanban"
  | "inbox"
  | "reply"
  | "pin";

export type NavItem = { id: string; label: string; icon: NavIcon; href: string };

/**
 * The sidebar entry a page belongs under: its own, or its `navParent`'s (a record's page under
 * "Lista de Atendimentos", not under "Atendimento" whose address it happens to extend).
 */
export function navEntryFor(pathname: string): string | undefined {
  const screen = screenFor(pathname);
  return screen?.nav ? screen.id : screen?.navParent;
}

/** Sidebar items: exactly the built screens whose route lets this role in. */
export function navItemsFor(role: Role): NavItem[] {
  return SCREENS.filter((s) => s.nav && canAccessScreen(role, s)).map((s) => {
    // Prefer the alias under the role's own segment (e.g. /dashboard/rh/members for rh).
    const own = s.paths.find((p) => p.includes(`/${role}/`));
    const path = s.navHref ? s.navHref(role) : (own ?? s.paths[0]).replace(":role", role);
    return { id: s.id, label: s.nav!.label, icon: s.nav!.icon, href: path };
  });
}

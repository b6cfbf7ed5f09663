/**
 * The one role table (brief, section 3). Route guards, the sidebar, buttons and tests all read
 * it. Pure data and functions: no I/O, safe to import from the browser bundle.
 */
import { matchRoutes } from "react-router";
import { contactsHref } from "~/domain/contacts/contact-sectors";

export const ROLES = [
  "admin",
  "presidencia",
  "juridico",
  "financeiro",
  "rh",
  "secretaria",
  "homologacao",
  "campo",
] as const;
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

const ANY: readonly Role[] = ROLES;

/** What a signed-in user without the role gets on a page: the original's redirect or message. */
export type Denial =
  | { kind: "redirect" }
  | { kind: "message"; title: string; message: string };

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
  | "kanban";

export type Screen = {
  id: string;
  /** URL patterns (React Router syntax). The first is canonical; the rest are aliases. */
  paths: readonly string[];
  roles: readonly Role[];
  denial: Denial;
  /** Present when the screen is built and belongs in the sidebar. */
  nav?: { label: string; icon: NavIcon };
  /** The sidebar link when it depends on the role in a way the paths cannot say (e.g. own sector). */
  navHref?: (role: Role) => string;
};

const REDIRECT: Denial = { kind: "redirect" };

export const MESSAGES = {
  usersDenied: {
    kind: "message",
    title: "Acesso Negado",
    message: "Apenas administradores podem acessar o gerenciamento de usuários.",
  },
  complaintsDenied: {
    kind: "message",
    title: "Acesso Negado - Você não tem permissão para acessar esta página.",
    message: "Apenas Presidente, Jurídico e Administradores podem visualizar as denúncias.",
  },
  fieldRestricted: {
    kind: "message",
    title: "Acesso Restrito",
    message: "Esta página não está disponível para usuários do campo.",
  },
  visitsRestricted: {
    kind: "message",
    title: "Acesso Restrito",
    message: "Apenas Presidência, Administradores e RH podem acessar as visitas finalizadas.",
  },
  adminOnly: {
    kind: "message",
    title: "Acesso Negado",
    message: "Apenas administradores podem acessar esta página.",
  },
} as const satisfies Record<string, Denial>;

const SERVICE_ROLES: readonly Role[] = [
  "admin",
  "juridico",
  "financeiro",
  "rh",
  "secretaria",
  "presidencia",
  "homologacao",
];

export const SCREENS: readonly Screen[] = [
  { id: "dashboard-root", paths: ["/dashboard"], roles: ANY, denial: REDIRECT },
  {
    id: "panel",
    paths: ["/dashboard/:role"],
    roles: ANY,
    denial: REDIRECT,
    nav: { label: "Painel", icon: "home" },
  },
  {
    id: "service-form",
    paths: ["/dashboard/atendimento", "/dashboard/unified-service"],
    roles: SERVICE_ROLES,
    denial: MESSAGES.fieldRestricted,
  },
  {
    id: "service-list",
    paths: ["/dashboard/atendimentos", "/dashboard/services"],
    roles: SERVICE_ROLES,
    denial: MESSAGES.fieldRestricted,
  },
  {
    id: "service-detail",
    paths: ["/dashboard/atendimento/:id", "/dashboard/services/:id"],
    roles: SERVICE_ROLES,
    denial: MESSAGES.fieldRestricted,
  },
  {
    id: "complaints",
    paths: ["/dashboard/denuncias", "/dashboard/denuncias/arquivos/:evidenceId"],
    roles: ["admin", "presidencia", "juridico"],
    denial: MESSAGES.complaintsDenied,
    nav: { label: "Denúncias", icon: "alert" },
  },
  {
    id: "contacts",
    paths: ["/dashboard/contatos", "/dashboard/contatos/:setor"],
    roles: ANY,
    denial: REDIRECT,
    nav: { label: "Contatos", icon: "mail" },
    navHref: (role) => contactsHref(role),
  },
  {
    id: "cases",
    paths: ["/dashboard/secretaria/casos"],
    roles: ["admin", "secretaria", "homologacao"],
    denial: REDIRECT,
    nav: { label: "Casos", icon: "kanban" },
  },
  {
    id: "route-create",
    paths: ["/dashboard/campo/criar-rota"],
    roles: ["campo", "admin", "rh", "presidencia"],
    denial: REDIRECT,
  },
  { id: "route-execute", paths: ["/dashboard/campo/executar-rota"], roles: ["campo", "admin"], denial: REDIRECT },
  {
    id: "visits-finished",
    paths: ["/dashboard/visitas-finalizadas"],
    roles: ["admin", "presidencia", "rh"],
    denial: MESSAGES.visitsRestricted,
  },
  {
    id: "workplace-map",
    paths: ["/dashboard/admin/mapa-postos"],
    roles: ["admin", "presidencia", "rh"],
    denial: REDIRECT,
  },
  {
    id: "members",
    paths: ["/dashboard/admin/members", "/dashboard/rh/members"],
    roles: ["admin", "rh", "presidencia", "secretaria"],
    denial: REDIRECT,
  },
  {
    id: "agreements",
    paths: ["/dashboard/admin/agreements", "/dashboard/juridico/agreements"],
    roles: ["admin", "juridico", "presidencia"],
    denial: REDIRECT,
    nav: { label: "Convenções", icon: "file" },
  },
  { id: "finance", paths: ["/dashboard/financeiro/financial"], roles: ["financeiro", "admin"], denial: REDIRECT },
  {
    id: "news",
    paths: ["/dashboard/noticias"],
    roles: ["admin", "presidencia", "secretaria"],
    denial: REDIRECT,
    nav: { label: "Notícias", icon: "news" },
  },
  {
    id: "partners",
    paths: ["/dashboard/parceiros"],
    roles: ["admin", "presidencia", "secretaria"],
    denial: REDIRECT,
    nav: { label: "Parceiros", icon: "handshake" },
  },
  {
    id: "content",
    paths: ["/dashboard/conteudo"],
    roles: ["admin", "presidencia"],
    denial: REDIRECT,
    nav: { label: "Conteúdo do site", icon: "building" },
  },
  {
    id: "users",
    paths: ["/dashboard/admin/users", "/dashboard/users"],
    roles: ["admin"],
    denial: MESSAGES.usersDenied,
    nav: { label: "Usuários", icon: "users" },
  },
  { id: "audit", paths: ["/dashboard/auditoria"], roles: ["admin"], denial: MESSAGES.adminOnly },
  { id: "diagnostics", paths: ["/dashboard/diagnostico"], roles: ["admin"], denial: MESSAGES.adminOnly },
  {
    id: "change-password",
    paths: ["/dashboard/alterar-senha"],
    roles: ANY,
    denial: REDIRECT,
  },
];

const routeObjects = SCREENS.flatMap((screen) => screen.paths.map((path) => ({ path, id: `${screen.id}|${path}` })));
const byId = new Map(SCREENS.map((s) => [s.id, s]));

/** Strips React Router's single-fetch suffix so `/x.data` is judged as `/x`. */
export function normalizePathname(pathname: string) {
  let p = pathname.replace(/\.data$/, "");
  if (p === "/_root") p = "/";
  if (p.length > 1) p = p.replace(/\/+$/, "");
  return p;
}

/** The screen a URL belongs to, using React Router's own ranking (static beats dynamic). */
export function screenFor(pathname: string): Screen | undefined {
  const matches = matchRoutes(routeObjects, normalizePathname(pathname));
  const id = matches?.[matches.length - 1]?.route.id;
  return id ? byId.get(id.split("|")[0]) : undefined;
}

export function screenById(id: string): Screen {
  const s = byId.get(id);
  if (!s) throw new Error(`Tela desconhecida: ${id}`);
  return s;
}

export function canAccessScreen(role: Role, screen: Screen) {
  return screen.roles.includes(role);
}

/** Fails closed: a dashboard URL missing from the table lets nobody in. */
export function canAccessPath(role: Role, pathname: string) {
  const screen = screenFor(pathname);
  return screen ? canAccessScreen(role, screen) : false;
}

export type NavItem = { id: string; label: string; icon: NavIcon; href: string };

/** Sidebar items: exactly the built screens whose route lets this role in. */
export function navItemsFor(role: Role): NavItem[] {
  return SCREENS.filter((s) => s.nav && canAccessScreen(role, s)).map((s) => {
    // Prefer the alias under the role's own segment (e.g. /dashboard/rh/members for rh).
    const own = s.paths.find((p) => p.includes(`/${role}/`));
    const path = s.navHref ? s.navHref(role) : (own ?? s.paths[0]).replace(":role", role);
    return { id: s.id, label: s.nav!.label, icon: s.nav!.icon, href: path };
  });
}

export function panelPath(role: Role) {
  return `/dashboard/${role}`;
}

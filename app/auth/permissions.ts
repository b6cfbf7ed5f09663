/**
 * The one role table (brief, section 3). Route guards, the sidebar, buttons and tests all read
 * it. Pure data and functions: no I/O, safe to import from the browser bundle.
 */
import { matchRoutes } from "react-router";
import { contactsHref } from "~/auth/contact-scope";

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

const ANY: readonly Role[] = ROLES;

/** What a signed-in user without the role gets on a page: the original's redirect or message. */
export type Denial = { kind: "redirect" } | { kind: "message"; title: string; message: string };

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
  /** For a screen without its own sidebar entry: the entry it belongs under (a detail under its list). */
  navParent?: string;
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
  membersPhotoDenied: {
    kind: "message",
    title: "Acesso Negado",
    message: "Apenas Administradores, RH, Presidência e Secretaria podem ver a foto de um filiado.",
  },
  membersExportDenied: {
    kind: "message",
    title: "Acesso Negado",
    message: "Apenas Administradores, RH, Presidência e Secretaria podem exportar a lista de filiados.",
  },
  financeDenied: {
    kind: "message",
    title: "Acesso Negado",
    message: "Apenas Financeiro e Administradores podem acessar os relatórios financeiros.",
  },
  adminOnly: {
    kind: "message",
    title: "Acesso Negado",
    message: "Apenas administradores podem acessar esta página.",
  },
} as const satisfies Record<string, Denial>;

const SERVICE_ROLES: readonly Role[] = ["admin", "juridico", "financeiro", "rh", "secretaria", "presidencia", "homologacao"];

/** The finance screen (original §2: /dashboard/financeiro/financial). */
const FINANCE_ROLES: readonly Role[] = ["financeiro", "admin"];

/** The members screens (original §2: /dashboard/admin/members and /dashboard/rh/members). */
const MEMBER_ROLES: readonly Role[] = ["admin", "rh", "presidencia", "secretaria"];

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
    nav: { label: "Atendimento", icon: "clipboard" },
  },
  {
    id: "service-list",
    paths: ["/dashboard/atendimentos", "/dashboard/services"],
    roles: SERVICE_ROLES,
    denial: MESSAGES.fieldRestricted,
    nav: { label: "Lista de Atendimentos", icon: "list" },
  },
  {
    id: "service-detail",
    paths: ["/dashboard/atendimento/:id", "/dashboard/services/:id"],
    roles: SERVICE_ROLES,
    denial: MESSAGES.fieldRestricted,
    navParent: "service-list",
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
    nav: { label: "Criar Rota", icon: "route" },
  },
  {
    id: "route-execute",
    paths: ["/dashboard/campo/executar-rota"],
    roles: ["campo", "admin"],
    denial: REDIRECT,
    nav: { label: "Executar Rota", icon: "play" },
  },
  {
    // Campo's own finished visits, read-only (issue 19 §12).
    id: "visits-mine",
    paths: ["/dashboard/campo/minhas-visitas"],
    roles: ["campo", "admin"],
    denial: REDIRECT,
    nav: { label: "Minhas Visitas", icon: "history" },
  },
  {
    id: "visits-finished",
    paths: ["/dashboard/visitas-finalizadas", "/dashboard/visitas-finalizadas/fotos/:fileId", "/dashboard/visitas-finalizadas/csv"],
    roles: ["admin", "presidencia", "rh"],
    denial: MESSAGES.visitsRestricted,
    nav: { label: "Visitas Finalizadas", icon: "check" },
  },
  {
    id: "workplace-map",
    paths: ["/dashboard/admin/mapa-postos", "/dashboard/admin/mapa-postos/modelo"],
    roles: ["admin", "presidencia", "rh"],
    denial: REDIRECT,
    nav: { label: "Mapa de Postos", icon: "map" },
  },
  {
    id: "members",
    paths: ["/dashboard/admin/members", "/dashboard/rh/members"],
    roles: MEMBER_ROLES,
    denial: REDIRECT,
    nav: { label: "Filiados", icon: "members" },
  },
  {
    id: "member-detail",
    paths: ["/dashboard/admin/members/:memberId", "/dashboard/rh/members/:memberId"],
    roles: MEMBER_ROLES,
    denial: REDIRECT,
  },
  // The filtered list as CSV (a download).
  {
    id: "members-export",
    paths: ["/dashboard/admin/members/exportar", "/dashboard/rh/members/exportar"],
    roles: MEMBER_ROLES,
    denial: MESSAGES.membersExportDenied,
  },
  // The import from the old system (issue 8, ADR 123): admin only, with its template.
  {
    id: "members-import",
    paths: ["/dashboard/admin/members/importar", "/dashboard/admin/members/importar/modelo"],
    roles: ["admin"],
    denial: REDIRECT,
  },
  // A member's photo (an image), only to the member screen's roles.
  {
    id: "member-photo",
    paths: ["/dashboard/admin/members/:memberId/foto", "/dashboard/rh/members/:memberId/foto"],
    roles: MEMBER_ROLES,
    denial: MESSAGES.membersPhotoDenied,
  },
  // LGPD export of one member (a download): admin only (action members.lgpd).
  { id: "member-export", paths: ["/dashboard/admin/members/:memberId/exportar"], roles: ["admin"], denial: MESSAGES.adminOnly },
  {
    id: "agreements",
    paths: ["/dashboard/admin/agreements", "/dashboard/juridico/agreements"],
    roles: ["admin", "juridico", "presidencia"],
    denial: REDIRECT,
    nav: { label: "Convenções", icon: "file" },
  },
  {
    id: "finance",
    paths: ["/dashboard/financeiro/financial"],
    roles: FINANCE_ROLES,
    denial: REDIRECT,
    nav: { label: "Financeiro", icon: "money" },
  },
  // The finance roles' member look-up (issue 19 item 6, ADR 215): name, matrícula, masked CPF,
  // situação, each row linking to the member's charges.
  {
    id: "finance-members",
    paths: ["/dashboard/financeiro/filiados"],
    roles: FINANCE_ROLES,
    denial: REDIRECT,
    nav: { label: "Consultar Filiados", icon: "members" },
  },
  // The 'Gerar Boleto' member picker's search (JSON, not a page).
  { id: "finance-member-search", paths: ["/api/financeiro/filiados"], roles: FINANCE_ROLES, denial: REDIRECT },
  // The finance reports (CSV downloads, issue 11).
  { id: "finance-reports", paths: ["/dashboard/financeiro/relatorios/:report"], roles: FINANCE_ROLES, denial: MESSAGES.financeDenied },
  // A charge's printable page with its PIX code (issue 11, ADR 157).
  { id: "finance-charge", paths: ["/dashboard/financeiro/cobrancas/:chargeId"], roles: FINANCE_ROLES, denial: REDIRECT },
  {
    id: "finance-reconciliation",
    paths: ["/dashboard/financeiro/conciliacao"],
    roles: FINANCE_ROLES,
    denial: REDIRECT,
    nav: { label: "Conciliação PIX", icon: "money" },
  },
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
  {
    id: "audit",
    // The CSV export (a POST resource route) belongs to the same screen.
    paths: ["/dashboard/auditoria", "/dashboard/auditoria/exportar"],
    roles: ["admin"],
    denial: MESSAGES.adminOnly,
    nav: { label: "Auditoria", icon: "history" },
  },
  {
    id: "diagnostics",
    // The original's public /test-supabase, now admin only; /dashboard/diagnostico is an alias.
    paths: ["/test-supabase", "/dashboard/diagnostico"],
    roles: ["admin"],
    denial: MESSAGES.adminOnly,
    nav: { label: "Diagnóstico", icon: "activity" },
  },
  // The member look-up by CPF the service-record form calls (JSON, not a page).
  { id: "member-lookup", paths: ["/api/filiados/consulta"], roles: SERVICE_ROLES, denial: REDIRECT },
  // The service form's look-ups (JSON): member by CPF, company by CNPJ.
  {
    id: "service-lookups",
    paths: ["/api/atendimentos/empresa"],
    roles: SERVICE_ROLES,
    denial: REDIRECT,
  },
  // The CEP look-up the staff forms call (JSON, not a page): any staff role.
  { id: "cep-lookup", paths: ["/api/cep/:cep"], roles: ANY, denial: REDIRECT },
  {
    id: "change-password",
    paths: ["/dashboard/alterar-senha"],
    roles: ANY,
    denial: REDIRECT,
  },
  // Each user's own second factor (ADR 185): enrol, new recovery codes, turn off where optional.
  { id: "two-factor", paths: ["/dashboard/duas-etapas"], roles: ANY, denial: REDIRECT },
];

/**
 * Roles that must sign in with a second factor (issue 18 §7, ADR 185): the ones that see full
 * CPFs. The others may turn it on in /dashboard/duas-etapas.
 */
export const TWO_FACTOR_ROLES: readonly Role[] = ["admin", "rh", "secretaria"];

export function requiresTwoFactor(role: Role) {
  return TWO_FACTOR_ROLES.includes(role);
}

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

/**
 * Authorisation keyed by action (ADR 072): what a use case may do, beside the screen table it
 * must agree with. Use cases call `authorize(actor, action)` (~/auth/authorize); pages may ask
 * `can(role, action)` to show or hide a button. A role listed here is always also let into the
 * screen where the action is offered (tests/unit/permissions.test.ts checks it).
 */
export const ACTION_ROLES = {
  "users.manage": ["admin"],
  "agreements.edit": ["admin", "juridico", "presidencia"],
  "news.edit": ["admin", "presidencia", "secretaria"],
  "partners.edit": ["admin", "presidencia", "secretaria"],
  "content.edit": ["admin", "presidencia"],
  /** Every role has an inbox; which sectors it reads is ~/auth/contact-scope. */
  "contacts.read": ANY,
  "contacts.status": ANY,
  "contacts.reply": ANY,
  "cases.manage": ["admin", "secretaria", "homologacao"],
  "complaints.review": ["admin", "presidencia", "juridico"],
  "diagnostics.view": ["admin"],
  "audit.view": ["admin"],
  "audit.export": ["admin"],
  /** Members (issue 8): list, search and the member's page with the CPF masked. */
  "members.view": MEMBER_ROLES,
  "members.create": MEMBER_ROLES,
  "members.edit": MEMBER_ROLES,
  "members.delete": MEMBER_ROLES,
  /** The filtered list as CSV (CPF masked unless members.cpf). */
  "members.export": MEMBER_ROLES,
  /** The full CPF on the member's page and search by full CPF (ADR 122: not presidencia). */
  "members.cpf": ["admin", "rh", "secretaria"],
  /** LGPD export and anonymisation of one member. */
  "members.lgpd": ["admin"],
  /** The import from the old system's associado export (ADR 123). */
  "members.import": ["admin"],
  /** Upload or remove a member's photo (the member's page). */
  "members.photo": MEMBER_ROLES,
  /** The CPF look-up of the service-record form. */
  "members.lookup": SERVICE_ROLES,
  "workplaces.edit": ["admin", "presidencia", "rh"],
  /** The workplace spreadsheet import (dry run and commit) and its template. */
  "workplaces.import": ["admin", "presidencia", "rh"],
  "routes.create": ["campo", "admin", "rh", "presidencia"],
  "routes.execute": ["campo", "admin"],
  "visits.read": ["admin", "presidencia", "rh"],
  /** One's own finished visits (issue 19 §12). */
  "visits.read-own": ["campo", "admin"],
  /** Service records; which sectors each role reads and acts on is serviceScope (ADR 133). */
  "services.read": SERVICE_ROLES,
  "services.create": SERVICE_ROLES,
  "services.update": SERVICE_ROLES,
  "services.comment": SERVICE_ROLES,
  /** Finance (issue 11): charges, payments, the month batch and the reports. */
  "finance.view": FINANCE_ROLES,
  "finance.charge": FINANCE_ROLES,
  "finance.pay": FINANCE_ROLES,
  "finance.batch": FINANCE_ROLES,
  "finance.export": FINANCE_ROLES,
  /** A charge's page with its PIX code (issue 11, ADR 157). */
  "finance.pix-charge": FINANCE_ROLES,
  /** Send a charge's PIX code to the member by e-mail (issue 19 item 7, ADR 216). */
  "finance.charge-email": FINANCE_ROLES,
  /** Find a member by name, matrícula or CPF, shown masked (issue 19 item 6, ADR 215). */
  "finance.members": FINANCE_ROLES,
  /** Bank statement matching: upload, proposals, confirmation (ADR 158). */
  "finance.reconcile": FINANCE_ROLES,
  /** The union's PIX key, receiver name and city (ADR 157). */
  "finance.pix-settings": ["admin"],
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof ACTION_ROLES;

/** The screen each action is offered on (the consistency check reads it). */
export const ACTION_SCREENS: Record<Action, string> = {
  "users.manage": "users",
  "agreements.edit": "agreements",
  "news.edit": "news",
  "partners.edit": "partners",
  "content.edit": "content",
  "contacts.read": "contacts",
  "contacts.status": "contacts",
  "contacts.reply": "contacts",
  "cases.manage": "cases",
  "complaints.review": "complaints",
  "diagnostics.view": "diagnostics",
  "audit.view": "audit",
  "audit.export": "audit",
  "members.view": "members",
  "members.create": "members",
  "members.edit": "members",
  "members.delete": "members",
  "members.export": "members-export",
  "members.cpf": "member-detail",
  "members.lgpd": "member-export",
  "members.lookup": "member-lookup",
  "members.import": "members-import",
  "members.photo": "member-detail",
  "workplaces.edit": "workplace-map",
  "workplaces.import": "workplace-map",
  "routes.create": "route-create",
  "routes.execute": "route-execute",
  "visits.read": "visits-finished",
  "visits.read-own": "visits-mine",
  "services.read": "service-list",
  "services.create": "service-form",
  "services.update": "service-detail",
  "services.comment": "service-detail",
  "finance.view": "finance",
  "finance.charge": "finance",
  "finance.pay": "finance",
  "finance.batch": "finance",
  "finance.export": "finance-reports",
  "finance.pix-charge": "finance-charge",
  "finance.charge-email": "finance-charge",
  "finance.members": "finance-members",
  "finance.reconcile": "finance-reconciliation",
  "finance.pix-settings": "finance-reconciliation",
};

/** Fails closed: an action missing from the map is allowed to nobody. */
export function can(role: Role, action: Action) {
  return ((ACTION_ROLES as Record<string, readonly Role[]>)[action] ?? []).includes(role);
}

/** What a refused write answers (HTTP 403). */
export const FORBIDDEN_MESSAGE = "Você não tem permissão para realizar esta ação.";

export function panelPath(role: Role) {
  return `/dashboard/${role}`;
}

/**
 * The one screen table (brief, section 3; ADR 003, 072, 241): each screen's URL patterns, the
 * roles let in, what the others get, its sidebar entry, and the actions offered on it with the
 * roles that may do each. Route guards, the sidebar, buttons, use cases and tests all read it.
 * Pure data and functions: no I/O, safe to import from the browser bundle.
 */
import { matchRoutes } from "react-router";
import { FINANCE_ROLES, MEMBER_ROLES, ROLES, SERVICE_ROLES, type Role } from "./roles";
import { contactsHref } from "./scopes";
import type { NavIcon } from "./sidebar";

const ANY: readonly Role[] = ROLES;
/** The roles with a sector of their own (or all of them): they manage canned replies (ADR 265). */
const CANNED_REPLY_ROLES: readonly Role[] = ["admin", "juridico", "financeiro", "secretaria", "presidencia", "homologacao"];

/** What a signed-in user without the role gets on a page: the original's redirect or message. */
export type Denial = { kind: "redirect" } | { kind: "message"; title: string; message: string };

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
  /**
   * The actions offered on this screen (ADR 072), each with the roles that may do it: never a
   * role the screen itself keeps out (tests/unit/permissions.test.ts checks it). An action
   * belongs to one screen.
   */
  actions?: Readonly<Record<string, readonly Role[]>>;
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
  markersDenied: {
    kind: "message",
    title: "Acesso Negado",
    message: "Apenas Presidência, Administradores e RH podem ver os postos no mapa.",
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
  cannedRepliesDenied: {
    kind: "message",
    title: "Acesso Negado",
    message: "Apenas Administradores e os perfis de cada setor de atendimento gerenciam as respostas prontas.",
  },
  adminOnly: {
    kind: "message",
    title: "Acesso Negado",
    message: "Apenas administradores podem acessar esta página.",
  },
} as const satisfies Record<string, Denial>;

const SCREEN_TABLE = [
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
    actions: { "services.create": SERVICE_ROLES },
  },
  {
    id: "service-list",
    paths: ["/dashboard/atendimentos", "/dashboard/services"],
    roles: SERVICE_ROLES,
    denial: MESSAGES.fieldRestricted,
    nav: { label: "Lista de Atendimentos", icon: "list" },
    /** Service records; which sectors each role reads and acts on is serviceScope (ADR 133). */
    actions: { "services.read": SERVICE_ROLES },
  },
  {
    id: "service-detail",
    // The files of the requester's e-mail replies (issue 22 §5, ADR 264) belong to the record's page.
    paths: ["/dashboard/atendimento/:id", "/dashboard/services/:id", "/dashboard/atendimentos/respostas/:replyFileId"],
    roles: SERVICE_ROLES,
    denial: MESSAGES.fieldRestricted,
    navParent: "service-list",
    actions: {
      "services.update": SERVICE_ROLES,
      "services.comment": SERVICE_ROLES,
      /** "Assumir" and "Atribuir a…" (issue 22 §1, ADR 257); which records: serviceScope. */
      "services.assign": SERVICE_ROLES,
    },
  },
  // A record's attachments (issue 22 §3, ADR 262): the upload and visibility form's action, and
  // the guarded download. Which records: serviceScope, as on the record's page.
  {
    id: "service-attachments",
    paths: ["/dashboard/atendimento/:id/anexos", "/dashboard/atendimento/anexos/:attachmentId"],
    roles: SERVICE_ROLES,
    denial: MESSAGES.fieldRestricted,
    navParent: "service-list",
    actions: { "services.attach": SERVICE_ROLES },
  },
  // A record's printable receipt, the comprovante de atendimento (issue 22 §4, ADR 263).
  {
    id: "service-receipt",
    paths: ["/dashboard/atendimento/:id/comprovante"],
    roles: SERVICE_ROLES,
    denial: MESSAGES.fieldRestricted,
    navParent: "service-list",
  },
  // Merging a duplicate into another record of the same requester and subject (issue 22 §8,
  // ADR 267); which records: serviceScope, both of them.
  {
    id: "service-merge",
    paths: ["/dashboard/atendimento/:id/unificar"],
    roles: SERVICE_ROLES,
    denial: MESSAGES.fieldRestricted,
    navParent: "service-list",
    actions: { "services.merge": SERVICE_ROLES },
  },
  // Each user's open records by deadline (issue 22 §1, ADR 257): the records they answer for.
  {
    id: "service-mine",
    paths: ["/dashboard/meus-atendimentos"],
    roles: SERVICE_ROLES,
    denial: MESSAGES.fieldRestricted,
    nav: { label: "Meus Atendimentos", icon: "inbox" },
    actions: { "services.mine": SERVICE_ROLES },
  },
  // Canned replies per sector (issue 22 §6, ADR 265): admin and the sectors' own roles; which
  // sectors each manages is cannedRepliesScope.
  {
    id: "canned-replies",
    paths: ["/dashboard/respostas-prontas"],
    roles: CANNED_REPLY_ROLES,
    denial: MESSAGES.cannedRepliesDenied,
    nav: { label: "Respostas Prontas", icon: "reply" },
    actions: { "services.canned": CANNED_REPLY_ROLES },
  },
  {
    id: "complaints",
    paths: ["/dashboard/denuncias", "/dashboard/denuncias/arquivos/:evidenceId"],
    roles: ["admin", "presidencia", "juridico"],
    denial: MESSAGES.complaintsDenied,
    nav: { label: "Denúncias", icon: "alert" },
    actions: { "complaints.review": ["admin", "presidencia", "juridico"] },
  },
  {
    id: "contacts",
    paths: ["/dashboard/contatos", "/dashboard/contatos/:setor"],
    roles: ANY,
    denial: REDIRECT,
    nav: { label: "Contatos", icon: "mail" },
    navHref: (role) => contactsHref(role),
    /** Every role has an inbox; which sectors it reads is contactScope (~/auth/scopes). */
    actions: { "contacts.read": ANY, "contacts.status": ANY, "contacts.reply": ANY },
  },
  {
    id: "cases",
    paths: ["/dashboard/secretaria/casos"],
    roles: ["admin", "secretaria", "homologacao"],
    denial: REDIRECT,
    nav: { label: "Casos", icon: "kanban" },
    actions: { "cases.manage": ["admin", "secretaria", "homologacao"] },
  },
  {
    id: "route-create",
    paths: ["/dashboard/campo/criar-rota"],
    roles: ["campo", "admin", "rh", "presidencia"],
    denial: REDIRECT,
    nav: { label: "Criar Rota", icon: "route" },
    actions: { "routes.create": ["campo", "admin", "rh", "presidencia"] },
  },
  {
    id: "route-execute",
    paths: ["/dashboard/campo/executar-rota"],
    roles: ["campo", "admin"],
    denial: REDIRECT,
    nav: { label: "Executar Rota", icon: "play" },
    actions: { "routes.execute": ["campo", "admin"] },
  },
  {
    // Campo's own finished visits, read-only (issue 19 §12).
    id: "visits-mine",
    paths: ["/dashboard/campo/minhas-visitas"],
    roles: ["campo", "admin"],
    denial: REDIRECT,
    nav: { label: "Minhas Visitas", icon: "history" },
    actions: { "visits.read-own": ["campo", "admin"] },
  },
  {
    id: "visits-finished",
    paths: ["/dashboard/visitas-finalizadas", "/dashboard/visitas-finalizadas/fotos/:fileId", "/dashboard/visitas-finalizadas/csv"],
    roles: ["admin", "presidencia", "rh"],
    denial: MESSAGES.visitsRestricted,
    nav: { label: "Visitas Finalizadas", icon: "check" },
    actions: { "visits.read": ["admin", "presidencia", "rh"] },
  },
  {
    id: "workplace-map",
    paths: ["/dashboard/admin/mapa-postos", "/dashboard/admin/mapa-postos/modelo"],
    roles: ["admin", "presidencia", "rh"],
    denial: REDIRECT,
    nav: { label: "Mapa de Postos", icon: "map" },
    actions: {
      "workplaces.edit": ["admin", "presidencia", "rh"],
      /** The workplace spreadsheet import (dry run and commit) and its template. */
      "workplaces.import": ["admin", "presidencia", "rh"],
    },
  },
  // The map's markers: a resource the page fetches (ADR 269), so another role gets a plain 403, not a redirect.
  {
    id: "workplace-markers",
    paths: ["/dashboard/admin/mapa-postos/marcadores"],
    roles: ["admin", "presidencia", "rh"],
    denial: MESSAGES.markersDenied,
    navParent: "workplace-map",
  },
  {
    id: "members",
    paths: ["/dashboard/admin/members", "/dashboard/rh/members"],
    roles: MEMBER_ROLES,
    denial: REDIRECT,
    nav: { label: "Filiados", icon: "members" },
    /** Members (issue 8): list, search and the member's page with the CPF masked. */
    actions: { "members.view": MEMBER_ROLES, "members.create": MEMBER_ROLES, "members.edit": MEMBER_ROLES, "members.delete": MEMBER_ROLES },
  },
  {
    id: "member-detail",
    paths: ["/dashboard/admin/members/:memberId", "/dashboard/rh/members/:memberId"],
    roles: MEMBER_ROLES,
    denial: REDIRECT,
    actions: {
      /** The full CPF on the member's page and search by full CPF (ADR 122: not presidencia). */
      "members.cpf": ["admin", "rh", "secretaria"],
      /** Upload or remove a member's photo (the member's page). */
      "members.photo": MEMBER_ROLES,
      /** The card "Acesso à Área do Filiado": resend the access, block or unblock it (issue 23 §6, ADR 276). */
      "members.access": ["admin", "rh"],
    },
  },
  // The filtered list as CSV (a download), the CPF masked unless members.cpf.
  {
    id: "members-export",
    paths: ["/dashboard/admin/members/exportar", "/dashboard/rh/members/exportar"],
    roles: MEMBER_ROLES,
    denial: MESSAGES.membersExportDenied,
    actions: { "members.export": MEMBER_ROLES },
  },
  // The import from the old system's associado export (issue 8, ADR 123): admin only, with its template.
  {
    id: "members-import",
    paths: ["/dashboard/admin/members/importar", "/dashboard/admin/members/importar/modelo"],
    roles: ["admin"],
    denial: REDIRECT,
    actions: { "members.import": ["admin"] },
  },
  // A member's photo (an image), only to the member screen's roles.
  {
    id: "member-photo",
    paths: ["/dashboard/admin/members/:memberId/foto", "/dashboard/rh/members/:memberId/foto"],
    roles: MEMBER_ROLES,
    denial: MESSAGES.membersPhotoDenied,
  },
  // The addresses members asked for in "Meus dados" (issue 23 §4, ADR 275): rh and admin approve
  // (applied to the record) or reject them.
  {
    id: "member-address-requests",
    paths: ["/dashboard/filiados/enderecos"],
    roles: ["admin", "rh"],
    denial: REDIRECT,
    // Its own entry (the member-area trial: rh did not find it under Filiados).
    nav: { label: "Endereços a Aprovar", icon: "pin" },
    actions: { "members.address-review": ["admin", "rh"] },
  },
  // One member's LGPD export (a download), admin only; members.lgpd also covers the anonymisation.
  {
    id: "member-export",
    paths: ["/dashboard/admin/members/:memberId/exportar"],
    roles: ["admin"],
    denial: MESSAGES.adminOnly,
    actions: { "members.lgpd": ["admin"] },
  },
  {
    id: "agreements",
    paths: ["/dashboard/admin/agreements", "/dashboard/juridico/agreements"],
    roles: ["admin", "juridico", "presidencia"],
    denial: REDIRECT,
    nav: { label: "Convenções", icon: "file" },
    actions: { "agreements.edit": ["admin", "juridico", "presidencia"] },
  },
  {
    id: "finance",
    paths: ["/dashboard/financeiro/financial"],
    roles: FINANCE_ROLES,
    denial: REDIRECT,
    nav: { label: "Financeiro", icon: "money" },
    /** Finance (issue 11): charges, payments and the month batch. */
    actions: {
      "finance.view": FINANCE_ROLES,
      "finance.charge": FINANCE_ROLES,
      "finance.pay": FINANCE_ROLES,
      "finance.batch": FINANCE_ROLES,
    },
  },
  // The finance roles' member look-up (issue 19 item 6, ADR 215): name, matrícula, masked CPF,
  // situação, each row linking to the member's charges.
  {
    id: "finance-members",
    paths: ["/dashboard/financeiro/filiados"],
    roles: FINANCE_ROLES,
    denial: REDIRECT,
    nav: { label: "Consultar Filiados", icon: "members" },
    actions: { "finance.members": FINANCE_ROLES },
  },
  // The 'Gerar Boleto' member picker's search (JSON, not a page).
  { id: "finance-member-search", paths: ["/api/financeiro/filiados"], roles: FINANCE_ROLES, denial: REDIRECT },
  // The finance reports (CSV downloads, issue 11).
  {
    id: "finance-reports",
    paths: ["/dashboard/financeiro/relatorios/:report"],
    roles: FINANCE_ROLES,
    denial: MESSAGES.financeDenied,
    actions: { "finance.export": FINANCE_ROLES },
  },
  // A charge's printable page with its PIX code (issue 11, ADR 157).
  {
    id: "finance-charge",
    paths: ["/dashboard/financeiro/cobrancas/:chargeId"],
    roles: FINANCE_ROLES,
    denial: REDIRECT,
    actions: {
      "finance.pix-charge": FINANCE_ROLES,
      /** Send a charge's PIX code to the member by e-mail (issue 19 item 7, ADR 216). */
      "finance.charge-email": FINANCE_ROLES,
    },
  },
  {
    id: "finance-reconciliation",
    paths: ["/dashboard/financeiro/conciliacao"],
    roles: FINANCE_ROLES,
    denial: REDIRECT,
    nav: { label: "Conciliação PIX", icon: "money" },
    actions: {
      /** Bank statement matching: upload, proposals, confirmation (ADR 158). */
      "finance.reconcile": FINANCE_ROLES,
      /** The union's PIX key, receiver name and city (ADR 157). */
      "finance.pix-settings": ["admin"],
    },
  },
  {
    id: "news",
    paths: ["/dashboard/noticias"],
    roles: ["admin", "presidencia", "secretaria"],
    denial: REDIRECT,
    nav: { label: "Notícias", icon: "news" },
    actions: { "news.edit": ["admin", "presidencia", "secretaria"] },
  },
  {
    id: "partners",
    paths: ["/dashboard/parceiros"],
    roles: ["admin", "presidencia", "secretaria"],
    denial: REDIRECT,
    nav: { label: "Parceiros", icon: "handshake" },
    actions: { "partners.edit": ["admin", "presidencia", "secretaria"] },
  },
  {
    id: "content",
    paths: ["/dashboard/conteudo"],
    roles: ["admin", "presidencia"],
    denial: REDIRECT,
    nav: { label: "Conteúdo do site", icon: "building" },
    actions: { "content.edit": ["admin", "presidencia"] },
  },
  {
    id: "users",
    paths: ["/dashboard/admin/users", "/dashboard/users"],
    roles: ["admin"],
    denial: MESSAGES.usersDenied,
    nav: { label: "Usuários", icon: "users" },
    actions: { "users.manage": ["admin"] },
  },
  {
    id: "audit",
    // The CSV export (a POST resource route) belongs to the same screen.
    paths: ["/dashboard/auditoria", "/dashboard/auditoria/exportar"],
    roles: ["admin"],
    denial: MESSAGES.adminOnly,
    nav: { label: "Auditoria", icon: "history" },
    actions: { "audit.view": ["admin"], "audit.export": ["admin"] },
  },
  {
    id: "diagnostics",
    // The original's public /test-supabase, now admin only; /dashboard/diagnostico is an alias.
    paths: ["/test-supabase", "/dashboard/diagnostico"],
    roles: ["admin"],
    denial: MESSAGES.adminOnly,
    nav: { label: "Diagnóstico", icon: "activity" },
    actions: { "diagnostics.view": ["admin"] },
  },
  // The member look-up by CPF the service-record form calls (JSON, not a page).
  {
    id: "member-lookup",
    paths: ["/api/filiados/consulta"],
    roles: SERVICE_ROLES,
    denial: REDIRECT,
    actions: { "members.lookup": SERVICE_ROLES },
  },
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
  // Each user's own notifications and what they receive (issue 22 §7, ADR 266): the bell's page.
  { id: "notifications", paths: ["/dashboard/notificacoes"], roles: ANY, denial: REDIRECT },
] as const satisfies readonly Screen[];

export const SCREENS: readonly Screen[] = SCREEN_TABLE;

type ActionsOf<S> = S extends { actions: infer A } ? keyof A & string : never;

/** Every action of the table (`"members.cpf"`, …): the keys nested under the screens. */
export type Action = ActionsOf<(typeof SCREEN_TABLE)[number]>;

/**
 * Authorisation keyed by action (ADR 072), read off the table: who may do each action, and the
 * screen it is offered on. Use cases call `authorize(actor, action)` (~/auth/authorize); pages may
 * ask `can(role, action)` to show or hide a button.
 */
export const ACTION_ROLES = {} as Record<Action, readonly Role[]>;
export const ACTION_SCREENS = {} as Record<Action, string>;
for (const screen of SCREENS) {
  for (const [action, roles] of Object.entries(screen.actions ?? {}) as Array<[Action, readonly Role[]]>) {
    if (ACTION_SCREENS[action]) throw new Error(`Ação em duas telas: ${action} (${ACTION_SCREENS[action]}, ${screen.id})`);
    ACTION_ROLES[action] = roles;
    ACTION_SCREENS[action] = screen.id;
  }
}

/** Fails closed: an action missing from the table is allowed to nobody. */
export function can(role: Role, action: Action) {
  return ((ACTION_ROLES as Record<string, readonly Role[]>)[action] ?? []).includes(role);
}

/** What a refused write answers (HTTP 403). */
export const FORBIDDEN_MESSAGE = "Você não tem permissão para realizar esta ação.";

const routeObjects = SCREENS.flatMap((screen) => screen.paths.map((path) => ({ path, id: `${screen.id}|${path}` })));
const byId = new Map(SCREENS.map((s) => [s.id, s]));

/** Strips React Router's single-fetch suffix so `/x.data` is judged as `/x`. */
export function normalizePathname(pathname: string) {
  let p = pathname.replace(/\.data$/, "");
  if (p === "/_root") p = "/";
  if (p.length > 1) p = p.replace(/\/+$/, "");
  return p;
}

/**
 * screenFor's answers by pathname (ADR 282). `matchRoutes` flattens and ranks the whole table and
 * compiles every pattern on each call, and a staff page asks at least twice (the guard, the
 * sidebar's current entry): 5 % of the server's CPU in the staff-pages bench. The table never
 * changes, so an answer never goes stale; the oldest is dropped past SCREEN_CACHE_MAX, since a
 * record's page has its id in the path.
 */
const screenCache = new Map<string, Screen | undefined>();
const SCREEN_CACHE_MAX = 1000;

/** The screen a URL belongs to, using React Router's own ranking (static beats dynamic). */
export function screenFor(pathname: string): Screen | undefined {
  const p = normalizePathname(pathname);
  if (screenCache.has(p)) return screenCache.get(p);
  const matches = matchRoutes(routeObjects, p);
  const id = matches?.[matches.length - 1]?.route.id;
  const screen = id ? byId.get(id.split("|")[0]) : undefined;
  if (screenCache.size >= SCREEN_CACHE_MAX) screenCache.delete(screenCache.keys().next().value!);
  screenCache.set(p, screen);
  return screen;
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

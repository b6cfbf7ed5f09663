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

/**
 * A screen's roles and its actions when every role let in may do each of them (most screens):
 * `...openTo(roles, "news.edit")` stands for `roles` and `actions: { "news.edit": roles }`.
 */
function openTo<const R extends readonly Role[], const A extends string>(roles: R, ...actions: A[]) {
  return { roles, actions: Object.fromEntries(actions.map((action) => [action, roles])) as Record<A, R> };
}

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
    ...openTo(SERVICE_ROLES, "services.create"),
    denial: MESSAGES.fieldRestricted,
    nav: { label: "Atendimento", icon: "clipboard" },
  },
  {
    id: "service-list",
    paths: ["/dashboard/atendimentos", "/dashboard/services"],
    /** Service records; which sectors each role reads and acts on is serviceScope (ADR 133). */
    ...openTo(SERVICE_ROLES, "services.read"),
    denial: MESSAGES.fieldRestricted,
    nav: { label: "Lista de Atendimentos", icon: "list" },
  },
  {
    id: "service-detail",
    // The files of the requester's e-mail replies (issue 22 §5, ADR 264) belong to the record's page.
    paths: ["/dashboard/atendimento/:id", "/dashboard/services/:id", "/dashboard/atendimentos/respostas/:replyFileId"],
    ...openTo(
      SERVICE_ROLES,
      "services.update",
      "services.comment",
      /** "Assumir" and "Atribuir a…" (issue 22 §1, ADR 257); which records: serviceScope. */
      "services.assign",
    ),
    denial: MESSAGES.fieldRestricted,
    navParent: "service-list",
  },
  // A record's attachments (issue 22 §3, ADR 262): the upload and visibility form's action, and
  // the guarded download. Which records: serviceScope, as on the record's page.
  {
    id: "service-attachments",
    paths: ["/dashboard/atendimento/:id/anexos", "/dashboard/atendimento/anexos/:attachmentId"],
    ...openTo(SERVICE_ROLES, "services.attach"),
    denial: MESSAGES.fieldRestricted,
    navParent: "service-list",
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
    ...openTo(SERVICE_ROLES, "services.merge"),
    denial: MESSAGES.fieldRestricted,
    navParent: "service-list",
  },
  // Each user's open records by deadline (issue 22 §1, ADR 257): the records they answer for.
  {
    id: "service-mine",
    paths: ["/dashboard/meus-atendimentos"],
    ...openTo(SERVICE_ROLES, "services.mine"),
    denial: MESSAGES.fieldRestricted,
    nav: { label: "Meus Atendimentos", icon: "inbox" },
  },
  // Canned replies per sector (issue 22 §6, ADR 265): admin and the sectors' own roles; which
  // sectors each manages is cannedRepliesScope.
  {
    id: "canned-replies",
    paths: ["/dashboard/respostas-prontas"],
    ...openTo(CANNED_REPLY_ROLES, "services.canned"),
    denial: MESSAGES.cannedRepliesDenied,
    nav: { label: "Respostas Prontas", icon: "reply" },
  },
  {
    id: "complaints",
    paths: ["/dashboard/denuncias", "/dashboard/denuncias/arquivos/:evidenceId"],
    ...openTo(["admin", "presidencia", "juridico"], "complaints.review"),
    denial: MESSAGES.complaintsDenied,
    nav: { label: "Denúncias", icon: "alert" },
  },
  {
    id: "contacts",
    paths: ["/dashboard/contatos", "/dashboard/contatos/:setor"],
    /** Every role has an inbox; which sectors it reads is contactScope (~/auth/scopes). */
    ...openTo(ANY, "contacts.read", "contacts.status", "contacts.reply"),
    denial: REDIRECT,
    nav: { label: "Contatos", icon: "mail" },
    navHref: (role) => contactsHref(role),
  },
  {
    id: "cases",
    paths: ["/dashboard/secretaria/casos"],
    ...openTo(["admin", "secretaria", "homologacao"], "cases.manage"),
    denial: REDIRECT,
    nav: { label: "Casos", icon: "kanban" },
  },
  {
    id: "route-create",
    paths: ["/dashboard/campo/criar-rota"],
    ...openTo(["campo", "admin", "rh", "presidencia"], "routes.create"),
    denial: REDIRECT,
    nav: { label: "Criar Rota", icon: "route" },
  },
  {
    id: "route-execute",
    paths: ["/dashboard/campo/executar-rota"],
    ...openTo(["campo", "admin"], "routes.execute"),
    denial: REDIRECT,
    nav: { label: "Executar Rota", icon: "play" },
  },
  {
    // Campo's own finished visits, read-only (issue 19 §12).
    id: "visits-mine",
    paths: ["/dashboard/campo/minhas-visitas"],
    ...openTo(["campo", "admin"], "visits.read-own"),
    denial: REDIRECT,
    nav: { label: "Minhas Visitas", icon: "history" },
  },
  {
    id: "visits-finished",
    paths: ["/dashboard/visitas-finalizadas", "/dashboard/visitas-finalizadas/fotos/:fileId", "/dashboard/visitas-finalizadas/csv"],
    ...openTo(["admin", "presidencia", "rh"], "visits.read"),
    denial: MESSAGES.visitsRestricted,
    nav: { label: "Visitas Finalizadas", icon: "check" },
  },
  {
    id: "workplace-map",
    paths: ["/dashboard/admin/mapa-postos", "/dashboard/admin/mapa-postos/modelo"],
    ...openTo(
      ["admin", "presidencia", "rh"],
      "workplaces.edit",
      /** The workplace spreadsheet import (dry run and commit) and its template. */
      "workplaces.import",
    ),
    denial: REDIRECT,
    nav: { label: "Mapa de Postos", icon: "map" },
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
    /** Members (issue 8): list, search and the member's page with the CPF masked. */
    ...openTo(MEMBER_ROLES, "members.view", "members.create", "members.edit", "members.delete"),
    denial: REDIRECT,
    nav: { label: "Filiados", icon: "members" },
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
    ...openTo(MEMBER_ROLES, "members.export"),
    denial: MESSAGES.membersExportDenied,
  },
  // The import from the old system's associado export (issue 8, ADR 123): admin only, with its template.
  {
    id: "members-import",
    paths: ["/dashboard/admin/members/importar", "/dashboard/admin/members/importar/modelo"],
    ...openTo(["admin"], "members.import"),
    denial: REDIRECT,
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
    ...openTo(["admin", "rh"], "members.address-review"),
    denial: REDIRECT,
    // Its own entry (the member-area trial: rh did not find it under Filiados).
    nav: { label: "Endereços a Aprovar", icon: "pin" },
  },
  // One member's LGPD export (a download), admin only; members.lgpd also covers the anonymisation.
  {
    id: "member-export",
    paths: ["/dashboard/admin/members/:memberId/exportar"],
    ...openTo(["admin"], "members.lgpd"),
    denial: MESSAGES.adminOnly,
  },
  {
    id: "agreements",
    paths: ["/dashboard/admin/agreements", "/dashboard/juridico/agreements"],
    ...openTo(["admin", "juridico", "presidencia"], "agreements.edit"),
    denial: REDIRECT,
    nav: { label: "Convenções", icon: "file" },
  },
  {
    id: "finance",
    paths: ["/dashboard/financeiro/financial"],
    /** Finance (issue 11): charges, payments and the month batch. */
    ...openTo(FINANCE_ROLES, "finance.view", "finance.charge", "finance.pay", "finance.batch"),
    denial: REDIRECT,
    nav: { label: "Financeiro", icon: "money" },
  },
  // The finance roles' member look-up (issue 19 item 6, ADR 215): name, matrícula, masked CPF,
  // situação, each row linking to the member's charges.
  {
    id: "finance-members",
    paths: ["/dashboard/financeiro/filiados"],
    ...openTo(FINANCE_ROLES, "finance.members"),
    denial: REDIRECT,
    nav: { label: "Consultar Filiados", icon: "members" },
  },
  // The 'Gerar Boleto' member picker's search (JSON, not a page).
  { id: "finance-member-search", paths: ["/api/financeiro/filiados"], roles: FINANCE_ROLES, denial: REDIRECT },
  // The finance reports (CSV downloads, issue 11).
  {
    id: "finance-reports",
    paths: ["/dashboard/financeiro/relatorios/:report"],
    ...openTo(FINANCE_ROLES, "finance.export"),
    denial: MESSAGES.financeDenied,
  },
  // A charge's printable page with its PIX code (issue 11, ADR 157).
  {
    id: "finance-charge",
    paths: ["/dashboard/financeiro/cobrancas/:chargeId"],
    ...openTo(
      FINANCE_ROLES,
      "finance.pix-charge",
      /** Send a charge's PIX code to the member by e-mail (issue 19 item 7, ADR 216). */
      "finance.charge-email",
    ),
    denial: REDIRECT,
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
    ...openTo(["admin", "presidencia", "secretaria"], "news.edit"),
    denial: REDIRECT,
    nav: { label: "Notícias", icon: "news" },
  },
  {
    id: "partners",
    paths: ["/dashboard/parceiros"],
    ...openTo(["admin", "presidencia", "secretaria"], "partners.edit"),
    denial: REDIRECT,
    nav: { label: "Parceiros", icon: "handshake" },
  },
  {
    id: "content",
    paths: ["/dashboard/conteudo"],
    ...openTo(["admin", "presidencia"], "content.edit"),
    denial: REDIRECT,
    nav: { label: "Conteúdo do site", icon: "building" },
  },
  {
    id: "users",
    paths: ["/dashboard/admin/users", "/dashboard/users"],
    ...openTo(["admin"], "users.manage"),
    denial: MESSAGES.usersDenied,
    nav: { label: "Usuários", icon: "users" },
  },
  {
    id: "audit",
    // The CSV export (a POST resource route) belongs to the same screen.
    paths: ["/dashboard/auditoria", "/dashboard/auditoria/exportar"],
    ...openTo(["admin"], "audit.view", "audit.export"),
    denial: MESSAGES.adminOnly,
    nav: { label: "Auditoria", icon: "history" },
  },
  {
    id: "diagnostics",
    // The original's public /test-supabase, now admin only; /dashboard/diagnostico is an alias.
    paths: ["/test-supabase", "/dashboard/diagnostico"],
    ...openTo(["admin"], "diagnostics.view"),
    denial: MESSAGES.adminOnly,
    nav: { label: "Diagnóstico", icon: "activity" },
  },
  // The member look-up by CPF the service-record form calls (JSON, not a page).
  {
    id: "member-lookup",
    paths: ["/api/filiados/consulta"],
    ...openTo(SERVICE_ROLES, "members.lookup"),
    denial: REDIRECT,
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

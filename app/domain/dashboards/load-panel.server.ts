/**
 * A role's panel (issue 12): sections computed on the server from SQL aggregates, each in its
 * own try/catch so a failing query costs one card ('indisponível' with a retry), never the
 * page. Panels are cached per role (and so per sector) for up to 60 s and dropped on any write
 * that can change a figure (ADR 160, panel-cache.server.ts).
 */
import type { Role } from "~/auth/roles";
import { contactsHref, serviceScope } from "~/auth/scopes";
import { db } from "~/db/client.server";
import { financePanelFigures } from "~/domain/finance/panel.server";
import { formatDate } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { todayInBrasilia } from "~/lib/dates";
import { log } from "~/utils/logger.server";
import { currentMonth, monthRange } from "./month";
import { cachedPanel } from "./panel-cache.server";
import * as q from "./panel-queries.server";
import {
  BARS_SHOWN,
  callStatusLabel,
  complaintStatusLabel,
  EMPTY,
  memberStatusLabel,
  RECENT_DEFAULT,
  TOP_CITIES,
  type BarList,
  type Panel,
  type QuickAction,
  type RecentList,
  type RouteMarker,
  type Section,
  type StatCard,
  type Trend,
} from "./panel-types";

void BARS_SHOWN;

async function section<T>(id: string, title: string, fn: () => Promise<T>): Promise<Section<T>> {
  try {
    return { ok: true, data: await fn() };
  } catch (err) {
    log.warn("painel: consulta indisponível", { section: id, error: (err as Error).message });
    return { ok: false, id, title };
  }
}

const card = (id: string, label: string, href: string | null, fn: () => Promise<number>, hint?: string) =>
  section<StatCard>(id, label, async () => ({ id, label, value: await fn(), href, hint }));

function membersPath(role: Role) {
  return role === "rh" ? "/dashboard/rh/members" : "/dashboard/admin/members";
}

function qs(path: string, params: Record<string, string | undefined>) {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) sp.set(k, v);
  const s = sp.toString();
  return s ? `${path}?${s}` : path;
}

const SERVICES = "/dashboard/atendimentos";
const COMPLAINTS = "/dashboard/denuncias";
const FINANCE = "/dashboard/financeiro/financial";

type Ctx = { role: Role; month: string; today: string; now: Date; scope: readonly string[] };

// ---------------------------------------------------------------- the building blocks

const cards = {
  activeMembers: (c: Ctx) =>
    card("filiados-ativos", "Filiados Ativos", qs(membersPath(c.role), { aba: "ativos" }), () => q.countMembers("active")),
  allMembers: (c: Ctx) => card("filiados-total", "Total de Filiados", membersPath(c.role), () => q.countMembers("all")),
  inactiveMembers: (c: Ctx) =>
    card("filiados-inativos", "Filiados Inativos", qs(membersPath(c.role), { aba: "inativos" }), () => q.countMembers("inactive")),
  newMembers: (c: Ctx) =>
    card("filiados-novos", "Novos Filiados (mês)", qs(membersPath(c.role), { mes: c.month }), () => q.countMembers({ month: c.month })),
  completedMonth: (c: Ctx) =>
    card("atendimentos-concluidos", "Atendimentos Concluídos (mês)", qs(SERVICES, { situacao: "concluidos", mes: c.month }), () =>
      q.countServices(c.scope, { state: "concluidos", month: c.month }),
    ),
  openMonth: (c: Ctx) =>
    card("chamados-abertos", "Chamados Abertos (mês)", qs(SERVICES, { situacao: "abertos", mes: c.month }), () =>
      q.countServices(c.scope, { state: "abertos", month: c.month }),
    ),
  inProgressMonth: (c: Ctx) =>
    card("chamados-andamento", "Chamados em Andamento (mês)", qs(SERVICES, { status: "in_progress", mes: c.month }), () =>
      q.countServices(c.scope, { status: "in_progress", month: c.month }),
    ),
  sectorComplaintsMonth: (c: Ctx) =>
    card("denuncias-setor-mes", "Denúncias (mês)", qs(SERVICES, { tipo: "denuncia", mes: c.month }), () =>
      q.countServices(c.scope, { complaintsOnly: true, month: c.month }),
    ),
  totalComplaints: () => card("denuncias-total", "Total de Denúncias", COMPLAINTS, () => q.countComplaints()),
  pendingComplaints: () =>
    card("denuncias-pendentes", "Denúncias Pendentes", qs(COMPLAINTS, { status: "pending" }), () =>
      q.countComplaints({ status: "pending" }),
    ),
  activeAgreements: (c: Ctx) =>
    card(
      "convencoes-ativas",
      "Convenções Ativas",
      qs(c.role === "juridico" ? "/dashboard/juridico/agreements" : "/dashboard/admin/agreements", { situacao: "vigentes" }),
      () => q.countActiveAgreementsOn(c.today),
    ),
  workplaces: (c: Ctx) =>
    // Campo has no workplace list (the map of postos is admin, presidência and RH): a figure without a link.
    card("postos-total", "Total de Postos", c.role === "campo" ? null : "/dashboard/admin/mapa-postos", () => q.countWorkplaces()),
  pendingVisits: () =>
    card("visitas-pendentes", "Visitas Pendentes", "/dashboard/campo/executar-rota?status=pendente", () => q.countRoutes("pendente")),
  pendingReports: () =>
    card(
      "relatorios-pendentes",
      "Relatórios Pendentes",
      "/dashboard/campo/executar-rota?status=em_andamento",
      () => q.countRoutes("em_andamento"),
      "Rotas iniciadas aguardando o relatório de finalização",
    ),
  pendingContacts: (c: Ctx) =>
    card("mensagens-pendentes", "Mensagens Pendentes", qs(contactsHref(c.role), { status: "pending" }), () =>
      q.countPendingContacts(c.role),
    ),
  openRecords: (c: Ctx) =>
    card("registros-abertos", "Registros Abertos", qs(SERVICES, { situacao: "abertos" }), () =>
      q.countServices(c.scope, { state: "abertos" }, c.now),
    ),
  dueToday: (c: Ctx) =>
    card("registros-hoje", "Vencem Hoje", qs(SERVICES, { prazo: "today" }), () => q.countServices(c.scope, { due: "today" }, c.now)),
  overdue: (c: Ctx) =>
    card("registros-atrasados", "Em Atraso", qs(SERVICES, { prazo: "overdue" }), () => q.countServices(c.scope, { due: "overdue" }, c.now)),
};

/**
 * The four dues figures: the finance module's own query (`financePanelFigures`, one source of
 * truth), each its own card. Each links to the finance list with the same WHERE: the month's
 * charges are `?mes=`, paid ones `?filtro=paid&mes=`, overdue ones `?filtro=overdue&mes=`.
 * The amounts say what they are ("cobrados", "recebidos", "em aberto"): what was received may
 * pass what was charged (a payment above the charge), and charges not yet due are in neither.
 */
async function duesCards(c: Ctx): Promise<Section<StatCard>[]> {
  const s = await section("mensalidades", "Mensalidades", () => financePanelFigures(db(), c.month, { today: c.today }));
  if (!s.ok) return [s];
  const d = s.data;
  const rate = Math.round(d.paidRate * 1000) / 10;
  return [
    {
      ok: true,
      data: {
        id: "mensalidades-cobradas",
        label: "Cobradas no Mês",
        value: d.chargedCount,
        href: qs(FINANCE, { mes: c.month }),
        hint: `${formatMoney(d.chargedCentavos)} cobrados`,
      },
    },
    {
      ok: true,
      data: {
        id: "mensalidades-pagas",
        label: "Pagas no Mês",
        value: d.paidCount,
        href: qs(FINANCE, { filtro: "paid", mes: c.month }),
        hint: `${formatMoney(d.paidCentavos)} recebidos`,
      },
    },
    {
      ok: true,
      data: {
        id: "mensalidades-atrasadas",
        label: "Em Atraso (mês)",
        value: d.overdueCount,
        href: qs(FINANCE, { filtro: "overdue", mes: c.month }),
        hint: `${formatMoney(d.overdueCentavos)} em aberto`,
      },
    },
    {
      ok: true,
      data: {
        id: "mensalidades-taxa",
        label: "Taxa de Pagamento (mês)",
        value: rate,
        display: `${rate.toLocaleString("pt-BR")}%`,
        href: qs(FINANCE, { mes: c.month }),
      },
    },
  ];
}

const bars = {
  workplacesByCity: () =>
    section<BarList>("postos-regiao", "Postos por Região", async () => {
      const { rows, cities } = await q.workplacesByCity(TOP_CITIES);
      return {
        id: "postos-regiao",
        title: "Postos por Região",
        bars: rows.map((r) => ({ label: r.city, value: r.n, href: qs("/dashboard/admin/mapa-postos", { cidade: r.city }) })),
        total: cities,
        noun: "regiões",
        empty: "Nenhum posto cadastrado",
      };
    }),
  openByLocation: (c: Ctx) =>
    section<BarList>("abertos-local", "Chamados Abertos por Local", async () => {
      const rows = await q.openServicesByPlace(c.scope);
      return {
        id: "abertos-local",
        title: "Chamados Abertos por Local",
        bars: rows.map((r) => ({
          label: r.place || "Local não informado",
          value: r.n,
          href: qs(SERVICES, { situacao: "abertos", local: r.place || "-" }),
        })),
        total: rows.length,
        noun: "locais",
        empty: "Nenhum chamado aberto",
      };
    }),
  monthSummary: (c: Ctx, withCompleted: boolean) =>
    section<BarList>("resumo-mes", "Resumo do Mês", async () => {
      const [completed, monthComplaints] = await Promise.all([
        q.countServices(c.scope, { state: "concluidos", month: c.month }),
        q.countComplaints({ month: c.month }),
      ]);
      const list = [
        { label: "Concluídos", value: completed, href: qs(SERVICES, { situacao: "concluidos", mes: c.month }) },
        { label: "Denúncias", value: monthComplaints, href: qs(COMPLAINTS, { mes: c.month }) },
      ];
      return {
        id: "resumo-mes",
        title: "Concluídos e Denúncias (mês)",
        bars: withCompleted ? list : list,
        total: 2,
        noun: "itens",
        empty: "",
      };
    }),
};

const recent = {
  calls: (c: Ctx, limit = RECENT_DEFAULT, title = "Chamados Recentes") =>
    section<RecentList>("chamados-recentes", title, async () => ({
      id: "chamados-recentes",
      title,
      empty: EMPTY.calls,
      moreHref: SERVICES,
      items: (await q.recentServices(c.scope, limit)).map((r) => ({
        id: r.id,
        title: `${r.serviceType === "Outros" && r.otherType ? r.otherType : r.serviceType} · ${r.protocol}`,
        date: formatDate(r.createdAt),
        status: callStatusLabel(r.status),
        href: `/dashboard/atendimento/${r.id}`,
      })),
    })),
  complaints: (c: Ctx) =>
    section<RecentList>("denuncias-recentes", "Denúncias Recentes", async () => ({
      id: "denuncias-recentes",
      title: "Denúncias Recentes",
      empty: EMPTY.complaints,
      moreHref: COMPLAINTS,
      moreLabel: "Ver todas",
      items: (await q.recentComplaints(RECENT_DEFAULT)).map((r) => ({
        id: r.id,
        title: r.title,
        date: formatDate(r.createdAt),
        status: complaintStatusLabel(r.status, c.role),
        href: qs(COMPLAINTS, { id: r.id }),
      })),
    })),
  members: (c: Ctx) =>
    section<RecentList>("filiados-recentes", "Filiados Recentes", async () => ({
      id: "filiados-recentes",
      title: "Filiados Recentes",
      empty: EMPTY.members,
      moreHref: membersPath(c.role),
      items: (await q.recentMembers(RECENT_DEFAULT)).map((m) => ({
        id: m.id,
        title: m.name,
        date: formatDate(m.joinedOn),
        status: memberStatusLabel(m.situation === 1 || (m.situation == null && m.status === "ativo")),
        href: `${membersPath(c.role)}/${m.id}`,
      })),
    })),
  contacts: (c: Ctx) =>
    section<RecentList>("mensagens-pendentes-lista", "Mensagens Pendentes", async () => ({
      id: "mensagens-pendentes-lista",
      title: "Mensagens de Contato Pendentes",
      empty: "Nenhuma mensagem pendente",
      moreHref: qs(contactsHref(c.role), { status: "pending" }),
      moreLabel: "Ver todas",
      items: (await q.pendingContacts(c.role, 5)).map((m) => ({
        id: m.id,
        title: `${m.subject} · ${m.name}`,
        date: formatDate(m.createdAt),
        status: "Pendente",
        href: qs(contactsHref(c.role), { status: "pending", id: m.id }),
      })),
    })),
};

const trends = {
  members: (c: Ctx) =>
    section<Trend>("tendencia-filiados", "Filiados: entradas e saídas", async () => ({
      id: "tendencia-filiados",
      title: "Filiados: entradas e saídas (12 meses)",
      series: ["Entradas", "Saídas"],
      points: await q.membersTrend(c.month),
    })),
  services: (c: Ctx) =>
    section<Trend>("tendencia-atendimentos", "Atendimentos: abertos e resolvidos", async () => ({
      id: "tendencia-atendimentos",
      title: "Atendimentos: abertos e resolvidos (12 meses)",
      series: ["Abertos", "Resolvidos"],
      points: await q.servicesTrend(c.scope, c.month),
    })),
  dues: (c: Ctx) =>
    section<Trend>("tendencia-mensalidades", "Mensalidades: taxa de pagamento", async () => ({
      id: "tendencia-mensalidades",
      title: "Mensalidades: taxa de pagamento (12 meses)",
      series: ["Pagas (%)"],
      unit: "%" as const,
      points: await q.duesTrend(c.month),
    })),
};

const ACTIONS = {
  newCall: { label: "Novo Chamado", href: "/dashboard/atendimento" },
  callsReport: { label: "Relatório de Chamados", href: SERVICES },
  complaintsReport: { label: "Relatório de Denúncias", href: qs(SERVICES, { tipo: "denuncia" }) },
  // A read-only member search for finance (issue 19 item 6, ADR 215), no longer the charges list.
  checkMembers: { label: "Consultar Filiados", href: "/dashboard/financeiro/filiados" },
  newService: { label: "Novo Atendimento", href: "/dashboard/atendimento" },
  reports: { label: "Relatórios", href: SERVICES },
} satisfies Record<string, QuickAction>;

function memberActions(role: Role): QuickAction[] {
  const path = membersPath(role);
  return [
    { label: "Novo Filiado", href: `${path}?novo=1` },
    { label: "Editar Filiado", href: `${path}?acao=editar` },
  ];
}

// ---------------------------------------------------------------- each role

async function build(c: Ctx): Promise<Omit<Panel, "role" | "month" | "today" | "generatedAt">> {
  const all = <T>(xs: Promise<Section<T>>[]) => Promise.all(xs);
  const none = { bars: [], recent: [], trends: [], map: null, actions: [] as QuickAction[] };
  /** The usual panel: its cards, recent lists and trends, loaded at once, and its quick actions. */
  const cardsRecentTrends = async (p: {
    cards: Promise<Section<StatCard>>[];
    recent: Promise<Section<RecentList>>[];
    trends: Promise<Section<Trend>>[];
    actions?: QuickAction[];
  }) => {
    const [cs, rs, ts] = await Promise.all([all(p.cards), all(p.recent), all(p.trends)]);
    return { ...none, cards: cs, recent: rs, trends: ts, actions: p.actions ?? none.actions };
  };
  switch (c.role) {
    case "admin":
    case "presidencia": {
      const admin = c.role === "admin";
      const [cs, bs, rs, ts] = await Promise.all([
        all([
          cards.activeMembers(c),
          cards.newMembers(c),
          ...(admin ? [cards.completedMonth(c)] : []),
          cards.totalComplaints(),
          cards.activeAgreements(c),
        ]),
        all([bars.workplacesByCity(), bars.openByLocation(c), bars.monthSummary(c, admin)]),
        all([recent.calls(c)]),
        all([trends.members(c), trends.services(c), ...(admin ? [trends.dues(c)] : [])]),
      ]);
      const dues = admin ? await duesCards(c) : [];
      return { ...none, cards: [...cs, ...dues], bars: bs, recent: rs, trends: ts };
    }
    case "campo": {
      const [cs, map] = await Promise.all([
        all([cards.workplaces(c), cards.pendingVisits(), cards.pendingReports()]),
        section<RouteMarker[]>("mapa-rotas", "Rotas de Hoje", () => q.todaysRouteMarkers(c.today)),
      ]);
      return {
        ...none,
        cards: cs,
        map,
        actions: [
          { label: "Executar Rota", href: "/dashboard/campo/executar-rota" },
          { label: "Criar Rota", href: "/dashboard/campo/criar-rota" },
        ],
      };
    }
    case "juridico":
      return cardsRecentTrends({
        cards: [cards.pendingComplaints(), cards.inProgressMonth(c), cards.completedMonth(c), cards.activeAgreements(c)],
        recent: [recent.complaints(c)],
        trends: [trends.services(c)],
      });
    case "financeiro": {
      const [cs, dues, rs, ts] = await Promise.all([
        all([cards.openMonth(c), cards.completedMonth(c), cards.sectorComplaintsMonth(c)]),
        duesCards(c),
        all([recent.calls(c)]),
        all([trends.dues(c), trends.services(c)]),
      ]);
      return {
        ...none,
        cards: [...cs, ...dues],
        recent: rs,
        trends: ts,
        actions: [ACTIONS.newCall, ACTIONS.callsReport, ACTIONS.complaintsReport, ACTIONS.checkMembers],
      };
    }
    case "rh":
      return cardsRecentTrends({
        cards: [cards.allMembers(c), cards.activeMembers(c), cards.inactiveMembers(c), cards.newMembers(c)],
        recent: [recent.members(c), recent.calls(c)],
        trends: [trends.members(c), trends.services(c)],
        actions: [...memberActions(c.role), ACTIONS.newService, ACTIONS.reports],
      });
    case "secretaria":
      return cardsRecentTrends({
        cards: [cards.activeMembers(c), cards.newMembers(c), cards.pendingContacts(c)],
        recent: [recent.members(c), recent.contacts(c)],
        trends: [trends.members(c)],
        actions: [...memberActions(c.role), { label: "Relatório de Filiados", href: "/dashboard/admin/members/exportar", download: true }],
      });
    case "homologacao":
      return cardsRecentTrends({
        cards: [cards.openRecords(c), cards.dueToday(c), cards.overdue(c)],
        recent: [recent.calls(c, RECENT_DEFAULT, "Registros Recentes do Setor")],
        trends: [trends.services(c)],
        actions: [ACTIONS.newService, { label: "Lista de Atendimentos", href: SERVICES }],
      });
  }
}

/** Computes the panel now (no cache). */
export async function computePanel(role: Role, now = new Date()): Promise<Panel> {
  const today = todayInBrasilia(now);
  const month = currentMonth(now);
  void monthRange;
  const c: Ctx = { role, month, today, now, scope: serviceScope(role) };
  const body = await build(c);
  return { role, month, today, generatedAt: now.toISOString(), ...body };
}

/** The panel, from the cache when fresh (≤ 60 s, no write since); `fresh` skips the cache. */
export async function loadPanel(role: Role, options: { fresh?: boolean } = {}): Promise<Panel> {
  const key = `${role}:${serviceScope(role).join(",")}`;
  return cachedPanel(key, () => computePanel(role), { ...options, cacheable: (p) => !hasFailure(p) });
}

/** Whether a panel has a failed section (a failed panel is never cached). */
export function hasFailure(p: Panel) {
  return [...p.cards, ...p.bars, ...p.recent, ...p.trends, ...(p.map ? [p.map] : [])].some((s) => !s.ok);
}

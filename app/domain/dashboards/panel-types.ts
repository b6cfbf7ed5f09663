/**
 * What a role's panel shows (issue 12): client-safe shapes, labels and the original's empty
 * states, verbatim (original-spec §2, §4, §9).
 */
import type { Role } from "~/auth/roles";

export type CardFailure = { unavailable: true };

/** One figure: a number that links to the list it counts, already filtered. */
export type StatCard = { id: string; label: string; value: number; display?: string; href: string | null; hint?: string };
export type Bar = { label: string; value: number; href: string | null };
export type BarList = { id: string; title: string; bars: Bar[]; total: number; noun: string; empty: string };
export type RecentItem = { id: string; title: string; date: string; status: string; href: string | null };
/** `moreLabel`: "Ver todos" unless the list's noun is feminine ("Ver todas" for denúncias, mensagens). */
export type RecentList = { id: string; title: string; items: RecentItem[]; empty: string; moreHref: string | null; moreLabel?: string };
export type TrendPoint = { month: string; values: number[] };
export type Trend = { id: string; title: string; series: string[]; unit?: "%"; points: TrendPoint[] };
/** A panel's quick action: a page, or (`download`) a file the browser saves, not a page to open. */
export type QuickAction = { label: string; href: string; download?: boolean };
export type RouteMarker = {
  id: string;
  name: string;
  address: string;
  lat: number;
  lon: number;
  status: string;
  approximate: boolean;
  lastVisitAt: string | null;
};

/** A section: its data or 'unavailable' (its query failed; the rest of the panel still renders). */
export type Section<T> = { ok: true; data: T } | { ok: false; id: string; title: string };

export type Panel = {
  role: Role;
  month: string;
  today: string;
  cards: Section<StatCard>[];
  bars: Section<BarList>[];
  recent: Section<RecentList>[];
  trends: Section<Trend>[];
  map: Section<RouteMarker[]> | null;
  actions: QuickAction[];
  generatedAt: string;
};

export const EMPTY = {
  calls: "Nenhum chamado recente encontrado",
  complaints: "Nenhuma denúncia recente encontrada",
  members: "Nenhum filiado recente encontrado",
} as const;

/** Dashboard constants (original-spec §9). */
export const RECENT_DEFAULT = 3;
/**
 * The original read the top 6 cities, yet its lists show 8 before "ver mais": the bars now carry
 * every city (the DF has 35 administrative regions) and the list folds after 8 (ADR 198).
 */
export const TOP_CITIES = 60;
export const BARS_SHOWN = 8;
export const LABEL_MAX = 15;

/** "Rodoviária do Pl…": cut at 15 characters with an ellipsis; the full text goes in a tooltip. */
export function truncateLabel(label: string, max = LABEL_MAX) {
  return label.length > max ? `${label.slice(0, max)}…` : label;
}

/** Status labels of the dashboards (original-spec §4). */
export function callStatusLabel(status: string) {
  if (status === "pending") return "Aberto";
  if (status === "in_progress") return "Em Andamento";
  return "Concluído";
}
export function complaintStatusLabel(status: string, role?: Role) {
  if (status === "pending") return "Pendente";
  if (status === "in_review") return "Em Andamento";
  return role === "rh" ? "Resolvido" : "Resolvida";
}
export function memberStatusLabel(active: boolean) {
  return active ? "Ativo" : "Inadimplente";
}

const MONTHS = ["jan", "fev", "mar", "abr", "mai", "jun", "jul", "ago", "set", "out", "nov", "dez"];
/** "2026-03" → "mar/26". */
export function monthLabel(month: string) {
  const [y, m] = month.split("-");
  return `${MONTHS[Number(m) - 1]}/${y.slice(2)}`;
}

import type { AgreementStatus } from "./agreement-messages";

/**
 * The public page's filters (year from validFrom, status), read from the query string so they
 * work without JavaScript and are shareable, and applied by one pure function on the server
 * render and in the browser alike.
 */
/** The original's statuses minus drafts, which are never public (a filter that can never match). */
export const STATUS_FILTERS = [
  { value: "todos", label: "Todos os status" },
  { value: "vigente", label: "Vigentes", status: "active" },
  { value: "expirada", label: "Expiradas", status: "expired" },
] as const satisfies ReadonlyArray<{ value: string; label: string; status?: AgreementStatus }>;

export type StatusFilter = (typeof STATUS_FILTERS)[number]["value"];
export type PublicFilters = { year: string; status: StatusFilter };

export const ALL = "todos";

export function parsePublicFilters(params: URLSearchParams): PublicFilters {
  const year = params.get("ano") ?? ALL;
  const status = params.get("status") ?? ALL;
  return {
    year: /^\d{4}$/.test(year) ? year : ALL,
    status: (STATUS_FILTERS.find((f) => f.value === status)?.value ?? ALL) as StatusFilter,
  };
}

/** The query string for a set of filters ("todos" is the default and left out). */
export function filtersToSearch(filters: PublicFilters) {
  const params = new URLSearchParams();
  if (filters.year !== ALL) params.set("ano", filters.year);
  if (filters.status !== ALL) params.set("status", filters.status);
  const s = params.toString();
  return s ? `?${s}` : "";
}

type Filterable = { validFrom: string; status: string };

export function yearOf(a: Pick<Filterable, "validFrom">) {
  return a.validFrom.slice(0, 4);
}

/** Distinct start years, newest first. */
export function availableYears(rows: readonly Pick<Filterable, "validFrom">[]) {
  return [...new Set(rows.map(yearOf))].sort((a, b) => b.localeCompare(a));
}

export function applyPublicFilters<T extends Filterable>(rows: readonly T[], filters: PublicFilters): T[] {
  const wanted = STATUS_FILTERS.find((f) => f.value === filters.status);
  const status = wanted && "status" in wanted ? wanted.status : undefined;
  return rows.filter((a) => (filters.year === ALL || yearOf(a) === filters.year) && (!status || a.status === status));
}

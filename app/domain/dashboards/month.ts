/**
 * Calendar months in Brasília (issue 12: "this month" is a Brasília month). Shared by the
 * panels and by the lists' `?mes=YYYY-MM` filter, so a card and its list count the same rows.
 */
import { fromBrasiliaLocalInput, todayInBrasilia } from "~/lib/dates";
import { readPage } from "~/lib/pagination";

export type MonthRange = { month: string; firstDay: string; nextFirstDay: string; start: Date; end: Date };

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isMonth(value: unknown): value is string {
  return typeof value === "string" && MONTH.test(value) && Number(value.slice(0, 4)) >= 2000 && Number(value.slice(0, 4)) <= 2100;
}

export function addMonths(month: string, n: number) {
  const [y, m] = month.split("-").map(Number);
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** The month as calendar dates [firstDay, nextFirstDay) and instants [start, end) in Brasília. */
export function monthRange(month: string): MonthRange {
  const next = addMonths(month, 1);
  return {
    month,
    firstDay: `${month}-01`,
    nextFirstDay: `${next}-01`,
    start: fromBrasiliaLocalInput(`${month}-01T00:00`)!,
    end: fromBrasiliaLocalInput(`${next}-01T00:00`)!,
  };
}

export function currentMonth(now = new Date()) {
  return todayInBrasilia(now).slice(0, 7);
}

/** `?mes=` read from a list's URL: a valid month or null (anything else is ignored). */
export function readMonthParam(params: URLSearchParams): string | null {
  const v = params.get("mes");
  return isMonth(v) ? v : null;
}

/** What a list's address carries besides its own filters: `?q=` (at most 120 characters), `?pagina=` and `?mes=`. */
export function readListParams(params: URLSearchParams) {
  return { q: (params.get("q") ?? "").slice(0, 120), page: readPage(params.get("pagina")), month: readMonthParam(params) };
}

/** A parameter that names one of a list's choices (a filter, a tab): its value, or `fallback` for anything else. */
export function readChoice<T extends string>(params: URLSearchParams, name: string, is: (value: unknown) => value is T, fallback: T): T {
  const value = params.get(name);
  return is(value) ? value : fallback;
}

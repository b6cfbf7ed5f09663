/**
 * Due dates in business days (ADR 134): Saturdays, Sundays and Brazil's national holidays
 * (Lei 662/1949, Lei 6.802/1980, Lei 14.759/2023 and Good Friday) are skipped. Dates are
 * Brasília calendar days; a record is due at the end (23:59:59.999) of its last business day.
 */
import { fromBrasiliaLocalInput, todayInBrasilia } from "~/lib/dates";

const FIXED = ["01-01", "04-21", "05-01", "09-07", "10-12", "11-02", "11-15", "12-25"];

/** Easter Sunday (Meeus/Jones/Butcher), as yyyy-mm-dd. */
function easter(year: number) {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, day));
}

const cache = new Map<number, Set<string>>();
/** The national holidays of a year, as yyyy-mm-dd. */
export function nationalHolidays(year: number): Set<string> {
  let set = cache.get(year);
  if (!set) {
    set = new Set(FIXED.map((md) => `${year}-${md}`));
    // Dia Nacional de Zumbi e da Consciência Negra: a national holiday since 2024.
    if (year >= 2024) set.add(`${year}-11-20`);
    const goodFriday = easter(year);
    goodFriday.setUTCDate(goodFriday.getUTCDate() - 2);
    set.add(goodFriday.toISOString().slice(0, 10));
    cache.set(year, set);
  }
  return set;
}

export function isBusinessDay(day: string) {
  const d = new Date(`${day}T12:00:00Z`);
  const weekday = d.getUTCDay();
  return weekday !== 0 && weekday !== 6 && !nationalHolidays(d.getUTCFullYear()).has(day);
}

/** The calendar day `n` business days after `day` (yyyy-mm-dd). */
export function addBusinessDays(day: string, n: number) {
  const d = new Date(`${day}T12:00:00Z`);
  let left = n;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    if (isBusinessDay(d.toISOString().slice(0, 10))) left -= 1;
  }
  return d.toISOString().slice(0, 10);
}

/** When a record opened at `at` with `n` business days is due: the end of that day in Brasília. */
export function dueAtFor(at: Date, n: number): Date {
  const day = addBusinessDays(todayInBrasilia(at), n);
  return new Date(fromBrasiliaLocalInput(`${day}T23:59:59`)!.getTime() + 999);
}

export type DueState = "overdue" | "today" | null;
/** Overdue / due today, for a record still open. */
export function dueState(dueAt: Date | string, status: string, now = new Date()): DueState {
  if (status !== "pending" && status !== "in_progress") return null;
  const due = new Date(dueAt);
  if (due.getTime() < now.getTime()) return "overdue";
  return todayInBrasilia(due) === todayInBrasilia(now) ? "today" : null;
}

/**
 * Due dates in business days (ADR 134, holidays ADR 249): Saturdays, Sundays and the Distrito
 * Federal's holidays are skipped — the national ones, the DF's own (Fundação de Brasília, Corpus
 * Christi under Lei distrital 72/1989, Dia do Evangélico on 30 November), as computed by
 * `@brazilian-utils/brazilian-utils` for the state code DF. Pontos facultativos (Carnaval) stay
 * business days. Dates are Brasília calendar days; a record is due at the end (23:59:59.999) of
 * its last business day.
 */
import { getHolidays, type HolidayType } from "@brazilian-utils/brazilian-utils/get-holidays";
import { fromBrasiliaLocalInput, todayInBrasilia } from "~/lib/dates";

/** Holiday kinds that stop the clock: statutory ones. "optional" is a ponto facultativo. */
const COUNTED: ReadonlySet<HolidayType> = new Set(["national", "state"]);

const pad = (n: number) => String(n).padStart(2, "0");

const cache = new Map<number, Set<string>>();
/** The DF's holidays of a year (national and district), as yyyy-mm-dd. */
export function holidays(year: number): Set<string> {
  let set = cache.get(year);
  if (!set) {
    set = new Set(
      getHolidays({ year, stateCode: "DF" })
        .filter((h) => COUNTED.has(h.type))
        // The library gives each date at local midnight: read its local calendar day.
        .map((h) => `${h.date.getFullYear()}-${pad(h.date.getMonth() + 1)}-${pad(h.date.getDate())}`),
    );
    cache.set(year, set);
  }
  return set;
}

export function isBusinessDay(day: string) {
  const d = new Date(`${day}T12:00:00Z`);
  const weekday = d.getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidays(d.getUTCFullYear()).has(day);
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

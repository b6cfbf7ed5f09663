/** The one date module: every date shown is a Brasília date, formatted pt-BR. */
import { TIME_ZONE } from "./long-date";

// formatLongDate lives in ./long-date so public pages (which show only long dates) don't load
// the rest of this module.
export { TIME_ZONE, formatLongDate } from "./long-date";

const dateFmt = new Intl.DateTimeFormat("pt-BR", { timeZone: TIME_ZONE, day: "2-digit", month: "2-digit", year: "numeric" });
const dateTimeFmt = new Intl.DateTimeFormat("pt-BR", {
  timeZone: TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

function toDate(value: Date | string | number) {
  return value instanceof Date ? value : new Date(value);
}

/** dd/mm/aaaa. A bare "YYYY-MM-DD" is a calendar date and is shown as is (no time-zone shift). */
export function formatDate(value: Date | string | number | null | undefined) {
  if (value == null || value === "") return "";
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split("-");
    return `${d}/${m}/${y}`;
  }
  return dateFmt.format(toDate(value));
}

export function formatDateTime(value: Date | string | number | null | undefined) {
  if (value == null || value === "") return "";
  return dateTimeFmt.format(toDate(value)).replace(",", "");
}

// Made once: constructing an Intl.DateTimeFormat costs ~0.3 ms, and a panel converts dozens of
// dates (twelve months' bounds each take three conversions).
const partsFmt = new Intl.DateTimeFormat("en-CA", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** Calendar parts of an instant in Brasília. */
export function brasiliaParts(value: Date = new Date()) {
  const parts = partsFmt.formatToParts(value);
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  return { year: get("year"), month: get("month"), day: get("day"), hour: get("hour"), minute: get("minute"), second: get("second") };
}

/** Today's date in Brasília as YYYY-MM-DD. */
export function todayInBrasilia(now: Date = new Date()) {
  const p = brasiliaParts(now);
  return `${p.year}-${p.month}-${p.day}`;
}

/** "YYYY-MM-DDTHH:mm" (a datetime-local value read as Brasília wall time) → the instant. */
export function fromBrasiliaLocalInput(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0));
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  // Offset of Brasília at that moment (no DST since 2019, but older dates had it).
  const guess = Date.UTC(y, mo - 1, d, h, mi, s);
  const offsetAt = (t: number) => {
    const p = brasiliaParts(new Date(t));
    return Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second) - t;
  };
  let instant = guess - offsetAt(guess);
  instant = guess - offsetAt(instant);
  const back = brasiliaParts(new Date(instant));
  if (+back.day !== d || +back.month !== mo) return null; // e.g. 31/02
  return new Date(instant);
}

/** The instant as a datetime-local value in Brasília wall time ("YYYY-MM-DDTHH:mm"). */
export function toBrasiliaLocalInput(value: Date | string | number | null | undefined) {
  if (value == null || value === "") return "";
  const p = brasiliaParts(toDate(value));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/** The next midnight in Brasília after `now` (when "today" changes for date-based statuses). */
export function nextBrasiliaMidnight(now: Date = new Date()): Date {
  const p = brasiliaParts(now);
  const tomorrow = new Date(Date.UTC(+p.year, +p.month - 1, +p.day + 1)).toISOString().slice(0, 10);
  return fromBrasiliaLocalInput(`${tomorrow}T00:00`)!;
}

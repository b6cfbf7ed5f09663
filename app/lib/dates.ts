/** The one date module: every date shown is a Brasília date, formatted pt-BR. */
export const TIME_ZONE = "America/Sao_Paulo";

const dateFmt = new Intl.DateTimeFormat("pt-BR", { timeZone: TIME_ZONE, day: "2-digit", month: "2-digit", year: "numeric" });
const dateTimeFmt = new Intl.DateTimeFormat("pt-BR", {
  timeZone: TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});
const longDateFmt = new Intl.DateTimeFormat("pt-BR", { timeZone: TIME_ZONE, day: "numeric", month: "long", year: "numeric" });

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

export function formatLongDate(value: Date | string | number) {
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) value = `${value}T12:00:00Z`;
  return longDateFmt.format(toDate(value));
}

/** Calendar parts of an instant in Brasília. */
export function brasiliaParts(value: Date = new Date()) {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(value);
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  return { year: get("year"), month: get("month"), day: get("day"), hour: get("hour"), minute: get("minute"), second: get("second") };
}

/** Today's date in Brasília as YYYY-MM-DD. */
export function todayInBrasilia(now: Date = new Date()) {
  const p = brasiliaParts(now);
  return `${p.year}-${p.month}-${p.day}`;
}

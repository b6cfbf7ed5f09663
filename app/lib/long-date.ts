/** Brasília long dates ("3 de março de 2025"): the part of ~/lib/dates that public pages use. */
export const TIME_ZONE = "America/Sao_Paulo";

const longDateFmt = new Intl.DateTimeFormat("pt-BR", { timeZone: TIME_ZONE, day: "numeric", month: "long", year: "numeric" });

export function formatLongDate(value: Date | string | number) {
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) value = `${value}T12:00:00Z`;
  return longDateFmt.format(value instanceof Date ? value : new Date(value));
}

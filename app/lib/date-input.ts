/**
 * Calendar dates typed by staff (ADR 193): dd/mm/aaaa in a masked text field, whatever the
 * browser's language (a native date input shows mm/dd/yyyy in an en-US browser). The server
 * also takes aaaa-mm-dd (what a native date input and the API send). Pure: the browser and the
 * server share it.
 */

/** The months' names in pt-BR, January first. */
export const MONTH_NAMES = [
  "janeiro",
  "fevereiro",
  "março",
  "abril",
  "maio",
  "junho",
  "julho",
  "agosto",
  "setembro",
  "outubro",
  "novembro",
  "dezembro",
];
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2200;

export const DATE_INPUT_MESSAGES = {
  /** Appended to the field's own "invalid" message. */
  format: "use o formato dd/mm/aaaa, como 25/03/2026.",
  month: (typed: string) => `Mês inválido em ${typed}: o mês vai de 01 a 12 (a data é dia/mês/ano).`,
  day: (typed: string, month: number, year: number, days: number) =>
    `${typed} não existe: ${MONTH_NAMES[month - 1]} de ${year} tem ${days} dias.`,
  year: `Ano fora do intervalo aceito (${MIN_YEAR} a ${MAX_YEAR}).`,
} as const;

export type DateParse = { ok: true; iso: string } | { ok: false; message: string };

function daysIn(year: number, month: number) {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * "25/03/2026" (or "25/3/2026", "25-03-2026", "25.03.2026") or "2026-03-25" → "2026-03-25".
 * `invalid` is the field's message for something that is not a date at all.
 */
export function parseDateInput(value: string, invalid = "Data inválida."): DateParse {
  const v = value.trim();
  let d: number, m: number, y: number;
  const br = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(v);
  const iso = br ? null : /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (br) [d, m, y] = [Number(br[1]), Number(br[2]), Number(br[3])];
  else if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else return { ok: false, message: `${invalid.replace(/\.$/, "")}: ${DATE_INPUT_MESSAGES.format}` };
  const typed = `${String(d).padStart(2, "0")}/${String(m).padStart(2, "0")}/${y}`;
  if (y < MIN_YEAR || y > MAX_YEAR) return { ok: false, message: DATE_INPUT_MESSAGES.year };
  if (m < 1 || m > 12) return { ok: false, message: DATE_INPUT_MESSAGES.month(typed) };
  const days = daysIn(y, m);
  if (d < 1 || d > days) return { ok: false, message: DATE_INPUT_MESSAGES.day(typed, m, y, days) };
  return { ok: true, iso: `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}` };
}

/** "2026-03-25" → "25/03/2026" (what the field shows); anything else unchanged. */
export function dateInputValue(value: string | null | undefined): string {
  if (!value) return "";
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : value;
}

/**
 * A finance report's period from its two typed dates (?de=&ate=; default: this Brasília month).
 * Pure: the reports page checks it before the download starts, and the download route applies it
 * (readPeriod, a 400 with the same message).
 */
import { todayInBrasilia } from "~/lib/dates";
import { isCalendarDate } from "~/utils/fields";
import { parseDateInput } from "~/lib/date-input";
import { FINANCE_MESSAGES } from "./finance-options";

export type Period = { from: string; to: string };

export type PeriodCheck = { ok: true; period: Period } | { ok: false; message: string };

/** The period, or why it is not one: a day that does not exist, start after end, more than 5 years. */
export function checkPeriod(from: string | null, to: string | null, today: string = todayInBrasilia()): PeriodCheck {
  const first = `${today.slice(0, 8)}01`;
  const [y, m] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  // Typed dd/mm/aaaa in the masked fields (ADR 193); aaaa-mm-dd still accepted.
  const day = (v: string | null | undefined, fallback: string) => {
    if (!v?.trim()) return fallback;
    const parsed = parseDateInput(v);
    return parsed.ok ? parsed.iso : v.trim();
  };
  const period = { from: day(from, first), to: day(to, last) };
  const years = (Date.parse(period.to) - Date.parse(period.from)) / (365.25 * 86_400_000);
  if (!isCalendarDate(period.from) || !isCalendarDate(period.to) || period.from > period.to || years > 5) {
    return { ok: false, message: FINANCE_MESSAGES.periodInvalid };
  }
  return { ok: true, period };
}

import { brasiliaParts } from "~/lib/dates";

/** SIND + YYYYMMDDHHmmss in Brasília time (the original's format, section 9). */
export function protocolAt(at: Date) {
  const p = brasiliaParts(at);
  return `SIND${p.year}${p.month}${p.day}${p.hour}${p.minute}${p.second}`;
}

/**
 * How far ahead of the save a protocol may be (ADR 188): the format counts one record a second,
 * so records saved faster than that take the following seconds. Past this window the save is
 * refused with 503 and 'tente novamente' instead of a protocol far from the real time.
 */
export const PROTOCOL_WINDOW_SECONDS = 300;

/**
 * The candidates tried for one save (ADRs 130 and 188): the current second first, then the
 * following seconds up to the window. Two records saved in the same second get consecutive
 * protocols; the unique index decides who got which, and the loser takes the next candidate.
 */
export function* protocolCandidates(at: Date, seconds = PROTOCOL_WINDOW_SECONDS) {
  for (let i = 0; i <= seconds; i++) yield protocolAt(new Date(at.getTime() + i * 1000));
}

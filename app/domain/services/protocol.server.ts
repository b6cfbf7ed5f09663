import { brasiliaParts } from "~/lib/dates";

/** SIND + YYYYMMDDHHmmss in Brasília time (the original's format, section 9). */
export function protocolAt(at: Date) {
  const p = brasiliaParts(at);
  return `SIND${p.year}${p.month}${p.day}${p.hour}${p.minute}${p.second}`;
}

/**
 * The candidates tried for one save (ADR 130): the current second first, then the following
 * seconds. Two records saved in the same second get consecutive protocols; the unique index
 * decides who got which, and the loser retries with the next candidate.
 */
export function* protocolCandidates(at: Date, tries = 120) {
  for (let i = 0; i < tries; i++) yield protocolAt(new Date(at.getTime() + i * 1000));
}

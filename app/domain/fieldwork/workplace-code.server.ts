import { randomInt } from "node:crypto";

/** The original's code: 'P' + 6 digits + 3 digits (a time part and a random part). */
export function generateWorkplaceCode(now = Date.now()): string {
  const time = String(Math.floor(now / 1000) % 1_000_000).padStart(6, "0");
  const random = String(randomInt(0, 1000)).padStart(3, "0");
  return `P${time}${random}`;
}

/** Attempts at a free code before giving up with the original's message. */
export const WORKPLACE_CODE_ATTEMPTS = 5;

import { randomBytes } from "node:crypto";
import type { Db, Tx } from "~/db/client.server";

/**
 * What every factory writes through: the app's Drizzle handle, a transaction, the in-process
 * test server's handle (`server.bundle.db()`) or a use-case test's PGlite. Factories never call
 * the module-level `db()`, so they work on whichever database they are handed.
 */
export type FactoryDb = Db | Tx;

/** A file as a person would upload it. */
export type FileInput = { fileName: string; bytes: Buffer };

/**
 * A file for an entity that carries one: `true` for a generated, realistic file, a `FileInput`
 * for your own bytes, `false`/`null` for none. Either way it is stored through the app's own
 * store function for that entity, so it is checked and cleaned exactly like an upload.
 */
export type FileOption = boolean | null | FileInput;

// A per-process tag keeps generated unique values (usernames, slugs) apart from rows an
// earlier run left in a persistent database.
const RUN = randomBytes(2).toString("hex");
const counters = new Map<string, number>();

/** The next number of an entity's own sequence in this process (1, 2, 3, …). */
export function nextSequence(entity: string) {
  const n = (counters.get(entity) ?? 0) + 1;
  counters.set(entity, n);
  return n;
}

/** A short text unique across calls and runs (with the entity's n), for unique columns. */
export function uniqueSuffix(n: number) {
  return `${n}${RUN}`;
}

/** The n-th item of a list, cycling. */
export function cycle<T>(list: readonly T[], n: number): T {
  return list[(n - 1) % list.length];
}

/** The n-th item of a list of names; from the second round on, with its round ("Nome 2"). */
export function numbered(list: readonly string[], n: number) {
  const round = Math.ceil(n / list.length);
  return round > 1 ? `${cycle(list, n)} ${round}` : cycle(list, n);
}

const FIRST_NAMES = [
  "Ana",
  "Bruno",
  "Camila",
  "Diego",
  "Eduarda",
  "Felipe",
  "Gabriela",
  "Henrique",
  "Isabela",
  "João",
  "Larissa",
  "Marcelo",
  "Natália",
  "Otávio",
  "Patrícia",
  "Rafael",
  "Sabrina",
  "Thiago",
  "Vanessa",
  "Wagner",
] as const;
const LAST_NAMES = [
  "Almeida",
  "Barbosa",
  "Cardoso",
  "Dias",
  "Ferreira",
  "Gomes",
  "Lima",
  "Martins",
  "Nascimento",
  "Oliveira",
  "Pereira",
  "Ribeiro",
  "Santos",
  "Souza",
  "Teixeira",
  "Vieira",
] as const;

/** A fictitious Brazilian person for the n-th row: "Camila Ferreira". */
export function personName(n: number) {
  return `${cycle(FIRST_NAMES, n)} ${cycle(LAST_NAMES, Math.ceil(n / FIRST_NAMES.length) + n)}`;
}

/** "Camila Ferreira" → "camila.ferreira" (accents folded). */
export function asLogin(name: string) {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ".")
    .replace(/^\.+|\.+$/g, "");
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A moment `days` days before now (negative: in the future). */
export function daysAgo(days: number, hours = 0) {
  return new Date(Date.now() - days * DAY_MS - hours * 60 * 60 * 1000);
}

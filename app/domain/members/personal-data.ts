/**
 * Finding and removing one person's identifiers in free text (LGPD anonymisation, ADR 170).
 * Pure: the anonymisation use case (anonymize-member.server.ts) applies it to the texts of the
 * member's service records, their history, payment notes, queued e-mails, contact messages and
 * the audit log's details.
 *
 * What is searched, in a text folded like the searches fold it (lower case, no accents):
 *   - each full name of the person (the member's, and each spelling a record of theirs used):
 *     its words in order, separated by anything that is not a letter or digit ("JOSÉ DA
 *     CONCEIÇÃO", "josé  da conceição", "Conceição-Falcão"); a name of a single word is not
 *     searched (it would remove every homonym's first name);
 *   - the CPF: its 11 digits, with or without dots, hyphen or spaces;
 *   - each e-mail address;
 *   - each phone: the national number (DDD + 8 or 9 digits) with or without punctuation, an
 *     optional +55 or trunk 0 before it, and the local number alone (without the DDD).
 * Each occurrence is replaced by REMOVED in the original text (the rest keeps its accents).
 */

export const REMOVED = "[dado pessoal removido]";

export type PersonalData = {
  names: readonly (string | null | undefined)[];
  cpfs: readonly (string | null | undefined)[];
  emails: readonly (string | null | undefined)[];
  phones: readonly (string | null | undefined)[];
};

/** One code point folded: accents dropped, lower case. */
const foldChar = (ch: string) => ch.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** Lower case, no accents (as members_fold() in SQL for Portuguese text). */
export function foldText(text: string): string {
  let out = "";
  for (const ch of text) out += foldChar(ch);
  return out;
}

/** The folded text and, for each of its code units, the span of the original it came from. */
function foldMapped(text: string) {
  let folded = "";
  const from: number[] = [];
  const to: number[] = [];
  let i = 0;
  for (const ch of text) {
    const f = foldChar(ch);
    for (let k = 0; k < f.length; k++) {
      from.push(i);
      to.push(i + ch.length);
    }
    folded += f;
    i += ch.length;
  }
  return { folded, from, to };
}

const escapeJs = (s: string) => s.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");
/** PostgreSQL ARE: the same specials (and '-' is harmless outside brackets). */
const escapeAre = (s: string) => s.replace(/[\\^$.*+?()[\]{}|]/g, "\\$&");

const digitsOf = (s: string) => s.replace(/\D/g, "");

function uniq(values: readonly (string | null | undefined)[], map: (s: string) => string) {
  return [
    ...new Set(
      values
        .filter((v): v is string => typeof v === "string" && v.trim() !== "")
        .map(map)
        .filter((v) => v !== ""),
    ),
  ];
}

/** The words of a name, folded; [] for a name of one word. */
function nameWords(name: string) {
  const words = foldText(name)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return words.length >= 2 ? words : [];
}

/** National phone digits (DDD + number) without +55 or the trunk 0; "" when not a phone. */
function nationalPhone(value: string) {
  let d = digitsOf(value);
  if ((d.length === 12 || d.length === 13) && d.startsWith("55")) d = d.slice(2);
  if (d.length === 11 && d.startsWith("0")) d = d.slice(1);
  return d.length === 10 || d.length === 11 ? d : "";
}

export type Redactor = {
  /** Whether there is anything to look for at all. */
  readonly empty: boolean;
  /** The text with every occurrence replaced by REMOVED. */
  text(value: string): string;
  /** Every string inside a JSON value redacted (object keys kept); `changed` when any was. */
  json<T>(value: T): { value: T; changed: boolean };
  /**
   * A PostgreSQL regular expression that matches `members_fold(<column>::text)` wherever `text`
   * would find something (it may match more: the rows it selects are then checked here).
   */
  readonly sqlPattern: string;
};

export function redactor(data: PersonalData): Redactor {
  const names = uniq(data.names, (n) => nameWords(n).join(" ")).map((n) => n.split(" "));
  const emails = uniq(data.emails, (e) => foldText(e.trim()));
  const cpfs = uniq(data.cpfs, digitsOf).filter((d) => d.length === 11);
  const phones = uniq(data.phones, nationalPhone);

  const js: string[] = [];
  const are: string[] = [];
  // Longest first, so a national phone wins over its own local number.
  for (const words of [...names].sort((a, b) => b.join(" ").length - a.join(" ").length)) {
    js.push(`(?<![\\p{L}\\p{N}])${words.map(escapeJs).join("[^\\p{L}\\p{N}]+")}(?![\\p{L}\\p{N}])`);
    // In the stored JSON a line break is written \n: a separator may hold escape letters too.
    are.push(words.map((w) => escapeAre(w.replace(/[^a-z0-9]/g, "."))).join("([^a-z0-9]|\\\\[nrtu])+"));
  }
  for (const e of emails) {
    js.push(`(?<![\\p{L}\\p{N}._%+-])${escapeJs(e)}(?![\\p{L}\\p{N}_-])`);
    are.push(escapeAre(e.replace(/[^\x20-\x7e]/g, ".")));
  }
  for (const d of cpfs) {
    js.push(`(?<!\\d)${[...d].join("[\\s.\\-/]{0,2}")}(?!\\d)`);
    are.push([...d].join("[^0-9]{0,2}"));
  }
  for (const d of phones) {
    js.push(`(?<!\\d)(?:(?:\\+?0?55|0)[\\s.\\-()]{0,3})?\\(?${[...d].join("[\\s.\\-()]{0,3}")}(?!\\d)`);
    are.push([...d].join("[^0-9]{0,3}"));
  }
  for (const d of phones) {
    const local = d.slice(2);
    js.push(`(?<!\\d)${[...local].join("[\\s.\\-]{0,2}")}(?!\\d)`);
    are.push([...local].join("[^0-9]{0,2}"));
  }
  const re = js.length ? new RegExp(js.map((p) => `(?:${p})`).join("|"), "gu") : null;

  function text(value: string): string {
    if (!re || !value) return value;
    const { folded, from, to } = foldMapped(value);
    let out = "";
    let last = 0;
    for (const m of folded.matchAll(re)) {
      if (!m[0].length || m.index === undefined) continue;
      const start = from[m.index];
      const end = to[m.index + m[0].length - 1];
      if (start < last) continue;
      out += value.slice(last, start) + REMOVED;
      last = end;
    }
    return last === 0 ? value : out + value.slice(last);
  }

  function json<T>(value: T): { value: T; changed: boolean } {
    let changed = false;
    const walk = (v: unknown): unknown => {
      if (typeof v === "string") {
        const r = text(v);
        if (r !== v) changed = true;
        return r;
      }
      if (Array.isArray(v)) return v.map(walk);
      if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
      return v;
    };
    const out = walk(value) as T;
    return { value: changed ? out : value, changed };
  }

  return {
    empty: re === null,
    text,
    json,
    // Never matches when there is nothing to look for.
    sqlPattern: are.length ? are.map((p) => `(${p})`).join("|") : "$^",
  };
}

import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { fingerprint, formClients, homeOf, prepareForms, type FormCase, type FormIds } from "./form-registry";
import type { Client } from "./http";
import { useTestServer } from "./suite";

/**
 * Hostile form bodies for the property-based fuzz (ADR 074), generated from each form's own Zod
 * schema: the schema is turned into JSON Schema (`z.toJSONSchema`, input side) and that into
 * fast-check arbitraries; the resulting values are flattened into form fields the way the pages
 * name them (`a.b` for nested objects, repeated names for lists), then mutated.
 */

type JsonSchema = {
  type?: string;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  const?: unknown;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
};

function fromJsonSchema(s: JsonSchema): fc.Arbitrary<unknown> {
  const options = s.oneOf ?? s.anyOf;
  if (options) return fc.oneof(...options.map(fromJsonSchema));
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  switch (s.type) {
    case "object": {
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, prop] of Object.entries(s.properties ?? {})) model[key] = fromJsonSchema(prop);
      return fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in model) });
    }
    case "array":
      return fc.array(fromJsonSchema(s.items ?? { type: "string" }), {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? 4, 6),
      });
    case "number":
    case "integer":
      return fc.integer({ min: -1000, max: 100_000 });
    case "boolean":
      return fc.boolean();
    case "string":
    default:
      if (s.format === "uuid") return fc.uuid();
      if (s.format === "email") return fc.emailAddress();
      if (s.pattern) return fc.stringMatching(new RegExp(s.pattern));
      return fc.string({
        minLength: s.minLength ?? 0,
        maxLength: Math.max(s.minLength ?? 0, Math.min(s.maxLength ?? 40, 60)),
        unit: "grapheme",
      });
  }
}

export function arbitraryForSchema(schema: z.ZodType): fc.Arbitrary<unknown> {
  return fromJsonSchema(z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema);
}

export type Entries = Array<[string, string]>;

/** A value as form fields: nested keys joined with dots, lists as repeated names. */
export function toEntries(value: unknown, prefix = ""): Entries {
  if (Array.isArray(value)) return value.flatMap((item) => toEntries(item, prefix));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => toEntries(v, prefix ? `${prefix}.${k}` : k));
  }
  if (value === undefined || !prefix) return [];
  return [[prefix, String(value)]];
}

const CONTROL = ["\u0000", "\u0001", "\u0007", "\u0008", "\u000b", "\u000c", "\u001b", "\u007f", "\r\n", "\t"];
const WRONG = [
  "",
  " ",
  "null",
  "undefined",
  "NaN",
  "-1",
  "0",
  "1e309",
  "99999999999999999999",
  "[object Object]",
  "{}",
  "[]",
  "true",
  "0x10",
  "../../etc/passwd",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "%00",
  "\\u0000",
  "2026-02-30",
  "9999-99-99",
  "00000000-0000-0000-0000-000000000000",
  "javascript:alert(1)",
  "https://",
  "ｆｕｌｌｗｉｄｔｈ",
];
const WEIRD = ["\ud800", "\udfff", "a\u0301\u0301\u0301", "\u202eevil", "\ufeff", "🚒🔥👩🏽‍🚒", "Z̴̡̛̛a̷l̸g̷o̶", "\u2028\u2029", "\uffff"];

const indexIn = (entries: Entries) => fc.nat({ max: Math.max(entries.length - 1, 0) });

type Mutation = (entries: Entries) => fc.Arbitrary<Entries>;

const replaceValue = (entries: Entries, value: fc.Arbitrary<string>) =>
  fc.tuple(indexIn(entries), value).map(([i, v]) => entries.map((e, j) => (j === i ? ([e[0], v] as [string, string]) : e)));

const MUTATIONS: Mutation[] = [
  // control characters somewhere in a value
  (entries) =>
    fc
      .tuple(indexIn(entries), fc.constantFrom(...CONTROL), fc.nat())
      .map(([i, c, at]) =>
        entries.map((e, j) =>
          j === i ? ([e[0], e[1].slice(0, at % (e[1].length + 1)) + c + e[1].slice(at % (e[1].length + 1))] as [string, string]) : e,
        ),
      ),
  // huge values (past each field's limit, and past the body limit)
  (entries) =>
    replaceValue(
      entries,
      fc.constantFrom(1_000, 10_000, 100_000, 1_100_000).map((n) => "x".repeat(n)),
    ),
  // unicode: any code point, lone surrogates, combining marks, bidi, emoji
  (entries) => replaceValue(entries, fc.oneof(fc.string({ unit: "binary", maxLength: 40 }), fc.constantFrom(...WEIRD))),
  // wrong types and classic injection strings
  (entries) => replaceValue(entries, fc.constantFrom(...WRONG)),
  // a field sent twice
  (entries) =>
    fc
      .tuple(indexIn(entries), fc.constantFrom(...WRONG))
      .map(([i, v]) => (entries[i] ? [...entries, [entries[i][0], v] as [string, string]] : entries)),
  // fields missing
  (entries) => fc.subarray(entries),
  // array-ish and nested-ish names (a[]=, a[0]=, a.b=)
  (entries) =>
    fc
      .tuple(indexIn(entries), fc.constantFrom("[]", "[0]", "[x]", ".x", ""))
      .map(([i, suffix]) => entries.map((e, j) => (j === i ? ([`${e[0]}${suffix}`, e[1]] as [string, string]) : e))),
  // an intent the form does not have
  (entries) =>
    fc
      .constantFrom("", "destroy", "__proto__", "constructor", "CREATE", "create ")
      .map((v) => [...entries.filter(([k]) => k !== "intent"), ["intent", v] as [string, string]]),
  // unknown fields
  (entries) =>
    fc.constantFrom("__proto__", "constructor", "prototype", "x".repeat(300)).map((k) => [...entries, [k, "1"] as [string, string]]),
];

function mutated(base: fc.Arbitrary<Entries>): fc.Arbitrary<Entries> {
  return base.chain((entries) =>
    fc.integer({ min: 1, max: 3 }).chain((n) => {
      let arb: fc.Arbitrary<Entries> = fc.constant(entries);
      for (let k = 0; k < n; k++) arb = arb.chain((e) => fc.oneof(...MUTATIONS.map((m) => m(e))));
      return arb;
    }),
  );
}

export type FuzzFile = { field: string; bytes: Uint8Array; name: string; type: string };

/** `document`: posted as a page without JavaScript (HTML answer); else as the router's fetch (`.data`). */
export type FuzzBody = { document: boolean } & (
  | { kind: "form"; encoding: "urlencoded" | "multipart"; entries: Entries; file?: FuzzFile; label: string }
  | { kind: "raw"; headers: Record<string, string>; body: Uint8Array | string; label: string }
);

const RAW_BODIES: Array<{ label: string; headers: Record<string, string>; body: (e: Entries) => Uint8Array | string }> = [
  { label: "json", headers: { "Content-Type": "application/json" }, body: (e) => JSON.stringify(Object.fromEntries(e)) },
  {
    label: "text/plain",
    headers: { "Content-Type": "text/plain;charset=UTF-8" },
    body: (e) => e.map(([k, v]) => `${k}=${v}`).join("\r\n"),
  },
  {
    label: "octet-stream",
    headers: { "Content-Type": "application/octet-stream" },
    body: (e) => new TextEncoder().encode(new URLSearchParams(e).toString()),
  },
  { label: "no content type", headers: {}, body: () => new Uint8Array(0) },
  { label: "xml", headers: { "Content-Type": "application/xml" }, body: () => "<x/>" },
  {
    label: "bad boundary",
    headers: { "Content-Type": "multipart/form-data; boundary=A" },
    body: (e) => e.map(([k, v]) => `--B\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join("") + "--B--\r\n",
  },
  {
    label: "truncated multipart",
    headers: { "Content-Type": "multipart/form-data; boundary=A" },
    body: (e) => `--A\r\nContent-Disposition: form-data; name="${e[0]?.[0] ?? "x"}"\r\n\r\n`,
  },
  {
    label: "bad percent-encoding",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: (e) => `${new URLSearchParams(e)}&%ZZ=%E0%A4%A&a=%`,
  },
  {
    label: "charset latin1",
    headers: { "Content-Type": "application/x-www-form-urlencoded; charset=iso-8859-1" },
    body: () => new Uint8Array([0x6e, 0x61, 0x6d, 0x65, 0x3d, 0xe9, 0xff]),
  },
];

/**
 * ≥ N hostile bodies for a form: its schema's values and its known-good body, each mutated one to
 * three times, sent url-encoded or multipart (with a random file on upload forms), plus bodies
 * that are not forms at all.
 */
export function hostileBodies(form: FormCase, ids: FormIds, runs: number, seed: number, uploadField?: string): FuzzBody[] {
  const valid = toEntries(form.valid(ids));
  const generated = arbitraryForSchema(form.schema).map((v) => toEntries(v));
  // Generated values over the good body: mostly plausible, with a few fields random.
  const blended = generated.map((g) => {
    const keys = new Set(g.map(([k]) => k));
    return [...valid.filter(([k]) => !keys.has(k)), ...g] as Entries;
  });
  const base = fc.oneof(generated, blended, fc.constant(valid));
  const file: fc.Arbitrary<FuzzFile | undefined> = uploadField
    ? fc
        .option(
          fc.record({
            field: fc.constantFrom(uploadField, "outro"),
            bytes: fc.uint8Array({ maxLength: 2048 }),
            name: fc.constantFrom("a.pdf", "../../etc/passwd", "foto.jpg", "\u0000.png", "x".repeat(300)),
            type: fc.constantFrom("application/pdf", "image/png", "text/html", "application/octet-stream"),
          }),
          { freq: 3 },
        )
        .map((f) => f ?? undefined)
    : fc.constant(undefined);
  const formBody: fc.Arbitrary<FuzzBody> = fc
    .tuple(
      fc.oneof({ weight: 1, arbitrary: base }, { weight: 4, arbitrary: mutated(base) }),
      fc.constantFrom("urlencoded", "multipart"),
      file,
    )
    .map(([entries, encoding, f]) => ({
      document: false,
      kind: "form" as const,
      encoding: (f ? "multipart" : encoding) as "urlencoded" | "multipart",
      entries,
      file: f,
      label: "form",
    }));
  const rawBody: fc.Arbitrary<FuzzBody> = fc
    .tuple(fc.constantFrom(...RAW_BODIES), base)
    .map(([raw, entries]) => ({ document: false, kind: "raw" as const, headers: raw.headers, body: raw.body(entries), label: raw.label }));
  const any = fc.tuple(fc.oneof({ weight: 9, arbitrary: formBody }, { weight: 1, arbitrary: rawBody }), fc.nat({ max: 7 }));
  // One in eight as a document post (the HTML page renders the refusal), the rest as `.data`.
  return fc.sample(
    any.map(([body, n]) => ({ ...body, document: n === 0 }) as FuzzBody),
    { numRuns: runs, seed },
  );
}

/** The request init for a fuzz body. */
export function requestInit(body: FuzzBody): RequestInit {
  if (body.kind === "raw") return { method: "POST", headers: body.headers, body: body.body as BodyInit };
  if (body.encoding === "urlencoded") return { method: "POST", body: new URLSearchParams(body.entries) };
  const fd = new FormData();
  for (const [k, v] of body.entries) fd.append(k, v);
  if (body.file) fd.append(body.file.field, new Blob([body.file.bytes as BlobPart], { type: body.file.type }), body.file.name);
  return { method: "POST", body: fd };
}

/** A short description of a body for failure messages. */
export function describeBody(body: FuzzBody) {
  return `${body.document ? "documento" : ".data"} ${describeContent(body)}`;
}

function describeContent(body: FuzzBody) {
  const show = (s: string) => JSON.stringify(s.length > 80 ? `${s.slice(0, 80)}…(${s.length})` : s);
  if (body.kind === "raw") return `${body.label} ${show(typeof body.body === "string" ? body.body : `[${body.body.length} bytes]`)}`;
  return `${body.encoding} ${body.entries.map(([k, v]) => `${show(k)}=${show(v)}`).join("&")}${body.file ? ` +file(${body.file.field}, ${body.file.bytes.length} B)` : ""}`;
}

/**
 * The fuzz of a group of registered forms, on one server of its own (ADR 074): FUZZ_RUNS
 * (default 300, with each database's own seed) hostile bodies per form. Properties:
 * - no answer is a server error (status ≥ 500);
 * - a refused body (any 4xx but 401, whose failed login is audited) changes none of the tables
 *   the form writes.
 * The seed is fixed (FUZZ_SEED to change it) so a failure reproduces; it is printed on failure.
 * The forms are split over two files only so that they run side by side.
 */
export function defineFormFuzz(forms: FormCase[]) {
  // The fuzz runs in one leg: on PostgreSQL when CI has it, else on PGlite (ADR 297); either way
  // 300 bodies per form, as the two legs sent between them before (ADR 074).
  const postgres = process.env.TEST_DB === "postgres";
  const runs = Number(process.env.FUZZ_RUNS ?? 300);
  const seed = Number(process.env.FUZZ_SEED ?? (postgres ? 20_261_114 : 20_261_113));
  let ids: FormIds;
  let clientFor: (form: FormCase) => Client;

  // Workplaces created here queue geocoding jobs: point them at a closed local port, never at
  // the real geocoder.
  const t = useTestServer({ env: { GEOCODER_URL: "http://127.0.0.1:9" } });
  beforeAll(async () => {
    ids = await prepareForms(t.server);
    clientFor = await formClients(t, forms, ids);
  }, 120_000);

  describe.each(forms)("fuzz: form $name", (form) => {
    it(`${runs} hostile bodies: no 5xx, and refused bodies write nothing`, { timeout: 180_000 }, async () => {
      const bodies = hostileBodies(form, ids, runs, seed, form.fileField);
      expect(bodies.length).toBeGreaterThanOrEqual(runs);
      const client = clientFor(form);
      const problems: string[] = [];
      const statuses: Record<number, number> = {};
      let before = await fingerprint(t.server, form.tables);
      for (const body of bodies) {
        // Each body is judged for what it is, not refused because a limiter ran out.
        if (form.limited) await t.query`delete from rate_limits`;
        if (form.setup) {
          await form.setup(t.server);
          before = await fingerprint(t.server, form.tables);
        }
        const res = await client.request(form.path(ids) + (body.document ? "" : ".data"), requestInit(body));
        await res.arrayBuffer();
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        const after = await fingerprint(t.server, form.tables);
        if (res.status >= 500) problems.push(`HTTP ${res.status} ← ${describeBody(body)}`);
        else if (res.status >= 400 && res.status !== 401 && after !== before)
          problems.push(`HTTP ${res.status} gravou ← ${describeBody(body)}`);
        before = after;
        if (problems.length >= 5) break;
      }
      // The session the staff forms post with is still there (no body signed it out).
      if (form.login) expect((await client.get(homeOf(form.login))).status, "sessão encerrada pelo fuzz").toBe(200);
      expect(problems, `seed ${seed}; respostas: ${JSON.stringify(statuses)}`).toEqual([]);
    });
  });
}

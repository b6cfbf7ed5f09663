import fc from "fast-check";

/**
 * Hostile query strings for the staff pages (issue 18 §5, ADR 189): the parameter names the
 * loaders read (and a few they do not), each given values a loader must survive — a NUL, numbers
 * past every integer type, negative and fractional numbers, impossible dates, any Unicode, very
 * long strings, broken percent-encoding — sometimes sent twice or with array-ish names.
 */

/** Every name a loader reads from the query string (grep `searchParams.get(` in app/), plus the audit screen's. */
export const QUERY_NAMES = [
  "q",
  "pagina",
  "status",
  "setor",
  "ordem",
  "id",
  "formato",
  "de",
  "ate",
  "aba",
  "situacao",
  "protocolo",
  "local",
  "cidade",
  "inline",
  "filtro",
  "editor",
  "cpf",
  "cnpj",
  "aviso",
  "tipo",
  "prioridade",
  "prazo",
  "novo",
  "mes",
  "enviado",
  "assunto",
  "ano",
  "acao",
  "atualizar",
  "redirectTo",
  "lat",
  "pessoa",
  "registro",
  "filiado",
  "antes",
  "depois",
  // Names no loader reads, and React Router's own.
  "page",
  "limit",
  "offset",
  "_routes",
  "index",
  "__proto__",
  "constructor",
] as const;

const NUMBERS = [
  "0",
  "-0",
  "1",
  "-1",
  "-9999999999",
  "2147483648",
  "9007199254740993",
  "9999999999999999999",
  "9999999999999999999.1",
  "99999999999999999999999999999999",
  "1e308",
  "1e309",
  "9e15",
  "-9e15",
  "8640000000000001",
  "1.5",
  "0.0000001",
  "NaN",
  "Infinity",
  "-Infinity",
  "0x10",
  "1_000",
  "１２",
  "٣",
];
const DATES = [
  "31/02/2026",
  "2026-02-31",
  "2026-02-30",
  "2026-13-01",
  "0000-00-00",
  "9999-12-31",
  "275760-09-13",
  "-000001-01-01",
  "2026-02",
  "2026-13",
  "2026-00",
  "0000-01",
  "99999-01",
  "13/2026",
  "02/2026",
  "2026/02/01",
  "1899-12-31",
  "2026-02-28T25:61:61Z",
  "1772323200000000.42",
  "253402300800000000.1",
  "1.1",
];
const WORDS = [
  "",
  " ",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  "todos",
  "todas",
  "pending",
  "concluida",
  "em_andamento",
  "admin",
  "secretaria",
  "../../etc/passwd",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "%",
  "\\",
  "00000000-0000-0000-0000-000000000000",
  "javascript:alert(1)",
  "//evil.example",
  "SIND20261127120000",
  "529.982.247-25",
  "11.222.333/0001-81",
  "csv",
  "xlsx",
  "pdf",
];
const WEIRD = ["\ud800", "\udfff", "\u202eevil", "\ufeff", "🚒🔥👩🏽‍🚒", "Z̴̡̛̛a̷l̸g̷o̶", "\u2028\u2029", "\uffff", "\u0001\u001b\u007f", "\r\n"];
/** Sent as they are, not encoded: percent-encodings that are not UTF-8, and a bare `%`. */
const RAW = ["%", "%ZZ", "%E0%A4%A", "%ED%A0%80", "%C0%AF", "%FF", "%00", "a%2", "%%32%30"];

type Param = { name: string; value: string; raw: boolean };

const plain: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NUMBERS) },
  { weight: 3, arbitrary: fc.constantFrom(...DATES) },
  { weight: 3, arbitrary: fc.constantFrom(...WORDS) },
  { weight: 2, arbitrary: fc.constantFrom(...WEIRD) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 30 }) },
  { weight: 1, arbitrary: fc.constantFrom(200, 2_000, 7_000).map((n) => "x".repeat(n)) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
);
/** One value in eight with a NUL somewhere in it (the report's 500 on nine lists). */
const value: fc.Arbitrary<{ value: string; raw: boolean }> = fc
  .tuple(plain, fc.nat({ max: 7 }), fc.nat())
  .map(([v, n, at]) => ({ value: n === 0 ? v.slice(0, at % (v.length + 1)) + "\u0000" + v.slice(at % (v.length + 1)) : v, raw: false }));

function query(names: readonly string[]): fc.Arbitrary<Param[]> {
  // Mostly the names this page reads; now and then any loader's name.
  const name = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...(names.length ? names : QUERY_NAMES)) },
    { weight: 1, arbitrary: fc.constantFrom(...QUERY_NAMES) },
  );
  const param: fc.Arbitrary<Param> = fc.oneof(
    {
      weight: 20,
      arbitrary: fc
        .tuple(name, fc.constantFrom("", "", "", "", "", "[]", "[0]", ".x"))
        .chain(([n, suffix]) => value.map((v) => ({ name: n + suffix, ...v }))),
    },
    { weight: 1, arbitrary: fc.tuple(name, fc.constantFrom(...RAW)).map(([n, v]) => ({ name: n, value: v, raw: true })) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW).map((v) => ({ name: v, value: "1", raw: true })) },
  );
  // 1–4 parameters; one query in four has its first parameter repeated (`?q=a&q=b`).
  return fc
    .tuple(fc.array(param, { minLength: 1, maxLength: 4 }), fc.nat({ max: 3 }), value)
    .map(([params, n, second]) => (n === 0 ? [...params, { name: params[0].name, ...second }] : params));
}

export function queryString(params: Param[]) {
  const enc = (s: string) => {
    try {
      return encodeURIComponent(s);
    } catch {
      // A lone surrogate cannot be encoded as UTF-8: send what a broken client would.
      return s.replace(/[\ud800-\udfff]/g, "%ED%A0%80").replace(/[^A-Za-z0-9%._~-]/g, (c) => encodeURIComponent(c));
    }
  };
  // A raw parameter is written as it is (its name too when that is the broken part).
  const name = (p: Param) => (p.raw && RAW.includes(p.name) ? p.name : enc(p.name));
  return params.map((p) => `${name(p)}=${p.raw ? p.value : enc(p.value)}`).join("&");
}

/** `runs` query strings over a page's parameter names, the same for a seed. */
export function hostileQueries(names: readonly string[], runs: number, seed: number): string[] {
  return fc.sample(query(names), { numRuns: runs, seed }).map(queryString);
}

/**
 * The query parameter names a route reads: `….get("name")` / `getAll` / `has` in its module and
 * in the app modules it imports directly.
 */
export function namesReadBy(source: string, readModule: (specifier: string) => string | undefined): string[] {
  const names = new Set<string>();
  const scan = (text: string) => {
    for (const m of text.matchAll(/\.(?:get|getAll|has)\("([A-Za-z_]+)"\)/g)) names.add(m[1]);
    if (/readMonthParam/.test(text)) names.add("mes");
  };
  scan(source);
  for (const m of source.matchAll(/from "(~\/[^"]+)"/g)) {
    const text = readModule(m[1]);
    if (text) scan(text);
  }
  return [...names];
}

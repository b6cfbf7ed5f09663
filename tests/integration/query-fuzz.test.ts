import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ROLES, type Role } from "~/auth/roles";
import { screenFor } from "~/auth/screens";
import { signedIn, useTestServer } from "../support/suite";
import { ACTION_CASES, SAMPLE_PARAMS, createActionTargets, type TargetIds } from "../support/form-registry";
import { hostileQueries, namesReadBy } from "../support/query-fuzz";
import { CURSOR_PARAMS, FILTER_PARAMS } from "~/domain/audit/audit-filters";
import { flattenRoutes } from "../unit/routes-table";

/**
 * Issue 18 §5: the property-based fuzz of every staff page's query string (ADR 189). Every
 * dashboard route with a loader is requested by the roles allowed to open it (in turn) with
 * hostile query strings, half as a page and half as the router's `.data` fetch; every route with
 * an action gets its first registered body posted by an allowed role with a hostile query
 * string. Property: no answer is a server error (status ≥ 500). The seed is fixed (QUERY_FUZZ_SEED
 * to change it) and printed on failure; QUERY_FUZZ_RUNS sets the query strings per route.
 */
const runs = Number(process.env.QUERY_FUZZ_RUNS ?? 32);
const seed = Number(process.env.QUERY_FUZZ_SEED ?? 20_261_127);

// Every refused post is judged for itself: no per-minute cap on refusal entries.
const t = useTestServer({
  env: { AUDIT_REFUSALS_PER_MINUTE: "10000", GEOCODER_URL: "http://127.0.0.1:9", CEP_API_URL: "http://127.0.0.1:9" },
});
const as = signedIn(t, ROLES);
let ids: TargetIds;

beforeAll(async () => {
  ids = await createActionTargets(t.db);
}, 120_000);

const dashboardRoutes = flattenRoutes().filter((r) => r.pattern.startsWith("/dashboard"));
const source = (file: string) => fs.readFileSync(path.resolve("app", file), "utf8");
const withLoader = dashboardRoutes.filter((r) => /export (async )?function loader/.test(source(r.file)));

/** An app module's text by its `~/…` specifier, if it is a file. */
function readModule(specifier: string) {
  const base = path.resolve("app", specifier.slice(2));
  for (const ext of [".ts", ".tsx", ".server.ts", "/index.ts"]) {
    if (fs.existsSync(base + ext)) return fs.readFileSync(base + ext, "utf8");
  }
  return undefined;
}

/** The names a route's loader reads; the audit screen's come from its parameter tables. */
function pageNames(file: string) {
  const src = source(file);
  const names = namesReadBy(src, readModule);
  if (/parseAuditFilters/.test(src)) names.push(...Object.values(FILTER_PARAMS), ...Object.values(CURSOR_PARAMS));
  return names;
}

function concrete(pattern: string, role: Role) {
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    name === "role" ? role : (SAMPLE_PARAMS[name] ?? (ids as Record<string, string>)[name] ?? "x"),
  );
}

/** The roles that may open a path (the screen table). */
function allowedRoles(path: string) {
  const screen = screenFor(path)!;
  return ROLES.filter((r) => screen.roles.includes(r));
}

describe("hostile query strings on every staff page", () => {
  it(`${runs} query strings per page (as a page and as .data): no 5xx`, { timeout: 240_000 }, async () => {
    const problems: string[] = [];
    const statuses: Record<number, number> = {};
    let sent = 0;
    for (const r of withLoader) {
      const roles = allowedRoles(concrete(r.pattern, "admin"));
      for (const [i, q] of hostileQueries(pageNames(r.file), runs, seed).entries()) {
        const role = roles[i % roles.length];
        const url = concrete(r.pattern, role);
        const target = i % 2 === 0 ? `${url}?${q}` : `${url}.data?${q}`;
        const res = await as(role).get(target);
        await res.arrayBuffer();
        sent++;
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        if (res.status >= 500) problems.push(`${role} GET ${target.slice(0, 300)} → ${res.status}`);
      }
      if (problems.length >= 20) break;
    }
    // Most query strings reach the loaders (a NUL or a broken encoding stops at the front door,
    // ADR 189): about half are answered 200.
    expect((statuses[200] ?? 0) / sent, JSON.stringify(statuses)).toBeGreaterThan(0.4);
    expect(problems, `seed ${seed}; ${sent} pedidos; respostas: ${JSON.stringify(statuses)}`).toEqual([]);
  });

  it("every route with an action: its body posted with hostile query strings, no 5xx", { timeout: 180_000 }, async () => {
    const problems: string[] = [];
    for (const testCase of ACTION_CASES) {
      const route = dashboardRoutes.find((r) => r.pattern === `/${testCase.pattern}`);
      const queries = hostileQueries(route ? pageNames(route.file) : [], 6, seed + 1);
      const roles = allowedRoles(testCase.path);
      for (const [i, q] of queries.entries()) {
        const role = roles[i % roles.length];
        const c = as(role);
        const fields = testCase.bodies[0](ids);
        const target = `${testCase.path}${i % 2 === 0 ? "" : ".data"}?${q}`;
        let res: Response;
        if (testCase.multipart) {
          const fd = new FormData();
          for (const [k, v] of Object.entries(fields)) fd.set(k, v);
          res = await c.post(target, fd);
        } else {
          res = await c.post(target, fields);
        }
        await res.arrayBuffer();
        if (res.status >= 500) problems.push(`${role} POST ${target.slice(0, 300)} ${fields.intent ?? ""} → ${res.status}`);
      }
    }
    expect(problems, `seed ${seed + 1}`).toEqual([]);
  });
});

import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ROLES, type Role } from "~/auth/roles";
import { canAccessPath, screenFor } from "~/auth/screens";
import { signedIn, useTestServer } from "../support/suite";
import { ACTION_CASES, SAMPLE_PARAMS, createActionTargets, postCase, type TargetIds } from "../support/form-registry";
import { flattenRoutes } from "../unit/routes-table";

// Every refused post is written to the audit log (ADR 182): no per-minute cap in this file.
const t = useTestServer({ env: { AUDIT_REFUSALS_PER_MINUTE: "10000" } });
const as = signedIn(t, ROLES);
let ids: TargetIds;

beforeAll(async () => {
  ids = await createActionTargets(t.db);
});

const dashboardRoutes = flattenRoutes().filter((r) => r.pattern.startsWith("/dashboard"));

function concrete(pattern: string, role: Role) {
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => (name === "role" ? role : (SAMPLE_PARAMS[name] ?? ids[name] ?? "x")));
}

/**
 * A fingerprint of a table's rows (sessions by id only: last_seen_at moves on its own; the audit
 * log without the refusals, which a refused post is meant to write).
 */
async function fingerprint(table: string) {
  const expr = table === "sessions" ? "t.id" : "t::text";
  const where = table === "audit_log" ? "where t.action <> 'access.refused'" : "";
  const [row] = await t.query<{ n: number; h: string }>([
    `select count(*)::int as n, md5(coalesce(string_agg(${expr}, '|' order by ${expr}), '')) as h from ${table} t ${where}`,
  ] as unknown as TemplateStringsArray);
  return `${row.n}:${row.h}`;
}

/** The refused-action entries of a role's user (ADR 182). */
async function refusals(role: Role) {
  const { id } = await t.user(role);
  return t.query<{ entity_id: string | null; data: { method: string; path: string; screen: string | null } }>`
    select entity_id, data from audit_log where action = 'access.refused' and actor_id = ${id} order by id`;
}

describe("every dashboard page, as every role", () => {
  it("renders where the role table allows, and otherwise redirects or shows the original's message", async () => {
    const problems: string[] = [];
    for (const role of ROLES) {
      const c = as(role);
      for (const r of dashboardRoutes) {
        const src = fs.readFileSync(path.resolve("app", r.file), "utf8");
        if (!/export (async )?function loader/.test(src)) continue;
        const url = concrete(r.pattern, role);
        const screen = screenFor(url)!;
        const res = await c.get(url);
        const allowed = screen.roles.includes(role);
        if (allowed) {
          const location = res.headers.get("location");
          // A scoped screen may send a role to its own part of the same screen (e.g. another
          // sector's /dashboard/contatos/:setor leads to the role's own sector).
          const ok =
            res.status === 200 ||
            (res.status === 302 && location === `/dashboard/${role}` && (r.pattern === "/dashboard" || r.pattern === "/dashboard/:role")) ||
            (res.status === 302 && location !== null && location.startsWith("/dashboard") && screenFor(location) === screen) ||
            // A record outside the role's sector scope sends it back to its list with a notice
            // (the service detail, ADR 133), to a screen the role may open.
            (res.status === 302 && location !== null && /[?&]aviso=/.test(location) && canAccessPath(role, location.split("?")[0]));
          if (!ok) problems.push(`${role} ${url}: esperado 200, veio ${res.status} ${res.headers.get("location") ?? ""}`);
        } else if (screen.denial.kind === "redirect") {
          if (res.status !== 302 || res.headers.get("location") !== `/dashboard/${role}`)
            problems.push(`${role} ${url}: esperado redirecionar ao painel, veio ${res.status}`);
        } else {
          const body = await res.text();
          if (res.status !== 403 || !body.includes(screen.denial.title.replace(/&/g, "&amp;")))
            problems.push(`${role} ${url}: esperado 403 com '${screen.denial.title}', veio ${res.status}`);
        }
      }
    }
    expect(problems).toEqual([]);
  }, 180_000); // every page as every role: some 150 × 8 requests, slow on a loaded machine

  it("sends a signed-out visitor of every dashboard page to /login?redirectTo=…", async () => {
    const anon = t.anonymous();
    for (const r of dashboardRoutes) {
      const url = concrete(r.pattern, "admin");
      const res = await anon.get(url);
      expect(res.status, url).toBe(302);
      expect(res.headers.get("location"), url).toBe(`/login?redirectTo=${encodeURIComponent(url)}`);
    }
  });
});

describe("every dashboard action, as every refused role", () => {
  it("has an entry in the action registry", () => {
    const withAction = dashboardRoutes.filter((r) =>
      /export (async )?function action/.test(fs.readFileSync(path.resolve("app", r.file), "utf8")),
    );
    const registered = new Set(ACTION_CASES.map((c) => c.pattern.replace(/^\/?/, "/")));
    const missing = withAction.map((r) => r.pattern).filter((p) => !registered.has(p) && p !== "/dashboard/alterar-senha");
    expect(missing, `ações sem caso em tests/support/form-registry.ts: ${missing.join(", ")}`).toEqual([]);
  });

  for (const testCase of ACTION_CASES) {
    it(`POST ${testCase.path} answers 403 and changes nothing`, async () => {
      const screen = screenFor(testCase.path)!;
      const refused = ROLES.filter((r) => !screen.roles.includes(r));
      for (const role of refused) {
        const c = as(role);
        for (const body of testCase.bodies) {
          const before = await Promise.all(testCase.tables.map(fingerprint));
          const refusedBefore = (await refusals(role)).length;
          const fields = body(ids);
          const res = await postCase(c, testCase, fields);
          expect(res.status, `${role} ${testCase.path} ${fields.intent ?? ""}`).toBe(403);
          const after = await Promise.all(testCase.tables.map(fingerprint));
          expect(after, `${role} ${testCase.path} ${fields.intent ?? ""} alterou dados`).toEqual(before);
          // …and the refusal is in the audit log: who (the user), which screen, which record.
          const written = await refusals(role);
          expect(written.length, `${role} ${testCase.path}: recusa não registrada`).toBe(refusedBefore + 1);
          expect(written.at(-1)!.data, `${role} ${testCase.path}`).toMatchObject({
            method: "POST",
            path: testCase.path,
            screen: screen.id,
          });
        }
      }
    });
  }

  it("a signed-out post is sent to login and changes nothing", async () => {
    for (const testCase of ACTION_CASES) {
      const before = await Promise.all(testCase.tables.map(fingerprint));
      const res = await t.anonymous().post(testCase.path, testCase.bodies[0](ids));
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
      expect(await Promise.all(testCase.tables.map(fingerprint))).toEqual(before);
    }
  });
});

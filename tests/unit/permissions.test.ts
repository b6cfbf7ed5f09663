import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROLES, type Role } from "~/auth/roles";
import {
  ACTION_ROLES,
  ACTION_SCREENS,
  can,
  canAccessPath,
  FORBIDDEN_MESSAGE,
  SCREENS,
  screenById,
  screenFor,
  type Action,
} from "~/auth/screens";
import { navItemsFor } from "~/auth/sidebar";
import { authorize } from "~/auth/authorize";
import { AppError } from "~/utils/app-error";
import { flattenRoutes } from "./routes-table";

const allPaths = new Set(SCREENS.flatMap((s) => s.paths));
const dashboardRoutes = flattenRoutes().filter((r) => r.pattern.startsWith("/dashboard"));

describe("the role table", () => {
  it("holds every dashboard route of routes.ts, by its exact pattern", () => {
    expect(dashboardRoutes.length).toBeGreaterThan(3);
    const missing = dashboardRoutes.filter((r) => !allPaths.has(r.pattern)).map((r) => r.pattern);
    expect(missing, `rotas sem entrada na tabela de papéis: ${missing.join(", ")}`).toEqual([]);
  });

  it("resolves each of those routes to the screen that lists it (static segments beat :role)", () => {
    for (const r of dashboardRoutes) {
      const sample = r.pattern.replace(/:[a-z]+/gi, "x1");
      const screen = screenFor(sample);
      expect(screen, r.pattern).toBeDefined();
      if (!r.pattern.includes(":")) expect(screen!.paths).toContain(r.pattern);
    }
  });

  it("holds every route of the brief's section 3 with its roles", () => {
    const expectations: Array<[string, Role[]]> = [
      ["/dashboard/admin/mapa-postos", ["admin", "presidencia", "rh"]],
      ["/dashboard/admin/agreements", ["admin", "juridico", "presidencia"]],
      ["/dashboard/juridico/agreements", ["admin", "juridico", "presidencia"]],
      ["/dashboard/admin/members", ["admin", "rh", "presidencia", "secretaria"]],
      ["/dashboard/rh/members", ["admin", "rh", "presidencia", "secretaria"]],
      ["/dashboard/admin/users", ["admin"]],
      ["/dashboard/users", ["admin"]],
      ["/dashboard/campo/criar-rota", ["campo", "admin", "rh", "presidencia"]],
      ["/dashboard/campo/executar-rota", ["campo", "admin"]],
      ["/dashboard/visitas-finalizadas", ["admin", "presidencia", "rh"]],
      ["/dashboard/financeiro/financial", ["financeiro", "admin"]],
      ["/dashboard/atendimento", ["admin", "juridico", "financeiro", "rh", "secretaria", "presidencia", "homologacao"]],
      ["/dashboard/unified-service", ["admin", "juridico", "financeiro", "rh", "secretaria", "presidencia", "homologacao"]],
      ["/dashboard/atendimentos", ["admin", "juridico", "financeiro", "rh", "secretaria", "presidencia", "homologacao"]],
      ["/dashboard/services", ["admin", "juridico", "financeiro", "rh", "secretaria", "presidencia", "homologacao"]],
      ["/dashboard/atendimento/abc", ["admin", "juridico", "financeiro", "rh", "secretaria", "presidencia", "homologacao"]],
      ["/dashboard/services/abc", ["admin", "juridico", "financeiro", "rh", "secretaria", "presidencia", "homologacao"]],
      ["/dashboard/denuncias", ["admin", "presidencia", "juridico"]],
      ["/dashboard/contatos", [...ROLES]],
      ["/dashboard/contatos/rh", [...ROLES]],
      ["/dashboard/secretaria/casos", ["admin", "secretaria", "homologacao"]],
      ["/dashboard/alterar-senha", [...ROLES]],
      ["/dashboard/campo", [...ROLES]],
      // The original's /test-supabase diagnostics, admin only (alias /dashboard/diagnostico).
      ["/test-supabase", ["admin"]],
      ["/dashboard/diagnostico", ["admin"]],
    ];
    for (const [p, allowed] of expectations) {
      const got = ROLES.filter((r) => canAccessPath(r, p));
      expect(new Set(got), p).toEqual(new Set(allowed));
    }
  });

  it("fails closed for dashboard URLs it does not know", () => {
    for (const role of ROLES) expect(canAccessPath(role, "/dashboard/nao/existe/aqui")).toBe(false);
  });

  it("treats single-fetch .data URLs like the page they load", () => {
    expect(canAccessPath("campo", "/dashboard/admin/users.data")).toBe(false);
    expect(canAccessPath("admin", "/dashboard/admin/users.data")).toBe(true);
  });

  it("builds the sidebar exactly from the screens a role may open", () => {
    for (const role of ROLES) {
      const items = navItemsFor(role);
      for (const item of items) expect(canAccessPath(role, item.href), `${role} ${item.href}`).toBe(true);
      const navScreens = SCREENS.filter((s) => s.nav && s.roles.includes(role)).map((s) => s.id);
      expect(items.map((i) => i.id)).toEqual(navScreens);
    }
    expect(navItemsFor("admin").some((i) => i.href === "/dashboard/admin/users")).toBe(true);
    expect(navItemsFor("campo").some((i) => i.id === "users")).toBe(false);
    expect(navItemsFor("rh").find((i) => i.id === "panel")?.href).toBe("/dashboard/rh");
    expect(navItemsFor("admin").find((i) => i.id === "diagnostics")?.href).toBe("/test-supabase");
    for (const role of ROLES.filter((r) => r !== "admin")) expect(navItemsFor(role).some((i) => i.id === "diagnostics")).toBe(false);
  });

  it("every sidebar screen has a route module in routes.ts", () => {
    const patterns = new Set(flattenRoutes().map((r) => r.pattern));
    for (const s of SCREENS.filter((x) => x.nav)) {
      expect(
        s.paths.some((p) => patterns.has(p)),
        s.id,
      ).toBe(true);
    }
  });

  it("every dashboard route module (and /test-supabase) guards its loader and action itself", () => {
    const guarded = flattenRoutes().filter((r) => r.pattern.startsWith("/dashboard") || allPaths.has(r.pattern));
    expect(guarded.some((r) => r.pattern === "/test-supabase")).toBe(true);
    // staffAction counts as a guard because it runs requireAccess before the action's pipeline.
    const staffAction = fs.readFileSync(path.resolve("app/utils/staff-action.server.ts"), "utf8");
    const guardAt = staffAction.indexOf("await requireAccess(request)");
    expect(guardAt).toBeGreaterThan(-1);
    expect(guardAt).toBeLessThan(staffAction.indexOf("await check?.(actor)"));
    expect(staffAction.indexOf("await check?.(actor)")).toBeLessThan(staffAction.indexOf("handleAction(request"));
    // serviceRecordAction (a record's pages) is staffAction with the record's scope as its check.
    const recordAction = fs.readFileSync(path.resolve("app/domain/service-records/service-access.server.ts"), "utf8");
    expect(recordAction).toMatch(/return staffAction\(request, intents, spec, \(actor\) => requireRecordInScope\(actor, request, id\)\)/);
    for (const r of guarded) {
      const src = fs.readFileSync(path.resolve("app", r.file), "utf8");
      const exportsLoader = /export (async )?function loader/.test(src);
      const exportsAction = /export (async )?function action/.test(src);
      // requireResourceActor (app/utils/resource.server.ts) is requireAccess for resource routes,
      // serveResource (same file) for the file downloads, apiLoader (app/utils/api.server.ts)
      // for the JSON endpoints, and staffAction (app/utils/staff-action.server.ts, ADR 294) and
      // serviceRecordAction (a record's pages, through staffAction) for the form actions; each calls it first.
      const guards = (src.match(/\b(requireAccess|requireResourceActor|serveResource|apiLoader|staffAction|serviceRecordAction)\(/g) ?? [])
        .length;
      expect(guards, `${r.file} deve chamar requireAccess em cada loader/action`).toBeGreaterThanOrEqual(
        Number(exportsLoader) + Number(exportsAction),
      );
    }
  });
});

describe("authorisation keyed by action", () => {
  it("lets a role do an action only where the role table lets it into the action's screen", () => {
    for (const [action, roles] of Object.entries(ACTION_ROLES) as Array<[Action, readonly Role[]]>) {
      const screen = screenById(ACTION_SCREENS[action]);
      const outside = roles.filter((r) => !screen.roles.includes(r));
      expect(outside, `${action} permite papéis fora da tela ${screen.id}`).toEqual([]);
      for (const role of ROLES) expect(can(role, action), `${role} ${action}`).toBe(roles.includes(role));
    }
  });

  it("authorize() refuses with AppError 403 and the one message, and fails closed", () => {
    expect(() => authorize({ role: "admin" }, "users.manage")).not.toThrow();
    const refused = (() => {
      try {
        authorize({ role: "rh" }, "users.manage");
      } catch (e) {
        return e;
      }
    })();
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(403);
    expect((refused as AppError).message).toBe(FORBIDDEN_MESSAGE);
    expect(can("admin", "nao.existe" as Action)).toBe(false);
  });
});

import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The direction of imports (architecture.md, ADR 072): domain code never imports routes or
 * components; components never import server modules (type imports included: the types a
 * component renders live in a plain module); the role table imports no domain code.
 */
const APP = path.resolve("app");

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return filesUnder(full);
    return /\.(ts|tsx)$/.test(e.name) ? [full] : [];
  });
}

/** Every module a file imports (static, dynamic and re-exports), resolved to a path under app/. */
function importsOf(file: string): string[] {
  const src = fs.readFileSync(file, "utf8");
  const specs = [...src.matchAll(/(?:import|export)\s[^'"]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|import\s+["']([^"']+)["']/g)].map(
    (m) => m[1] ?? m[2] ?? m[3],
  );
  return specs.map((s) => {
    if (s.startsWith("~/")) return path.join(APP, s.slice(2));
    if (s.startsWith(".")) return path.resolve(path.dirname(file), s);
    return s; // a package
  });
}

const rel = (p: string) => path.relative(APP, p);

function violations(dir: string, bad: (target: string) => boolean) {
  return filesUnder(path.join(APP, dir)).flatMap((file) =>
    importsOf(file)
      .filter(bad)
      .map((target) => `${rel(file)} → ${path.isAbsolute(target) ? rel(target) : target}`),
  );
}

const inside = (target: string, dir: string) => path.isAbsolute(target) && rel(target).split(path.sep)[0] === dir;

describe("import boundaries", () => {
  it("domain/ imports neither routes/ nor components/", () => {
    expect(violations("domain", (t) => inside(t, "routes") || inside(t, "components"))).toEqual([]);
  });

  it("components/ imports no *.server module", () => {
    expect(violations("components", (t) => /\.server(\.tsx?)?$/.test(t))).toEqual([]);
  });

  it("auth/permissions.ts imports nothing from domain/", () => {
    const bad = importsOf(path.join(APP, "auth/permissions.ts")).filter((t) => inside(t, "domain"));
    expect(bad.map(rel)).toEqual([]);
  });

  it("the checks see real imports (a sanity check on the parser)", () => {
    const deps = importsOf(path.join(APP, "auth/permissions.ts"));
    expect(deps).toContain("react-router");
    expect(deps.map((d) => (path.isAbsolute(d) ? rel(d) : d))).toContain(path.join("auth", "contact-scope"));
  });
});

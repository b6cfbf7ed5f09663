import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { RELEASE_COMMANDS } from "../../scripts/release.js";
import { haproxyConfig } from "../../scripts/lib/cluster.js";

/**
 * No container runtime runs here (issue 21 §5), so the image is never built in CI. What is
 * checked instead: the Dockerfile runs the commands the release test runs
 * (tests/integration/release.test.ts, RELEASE_COMMANDS in scripts/release.js), and compose.yaml's
 * HAProxy uses the configuration the two-instance test runs.
 */
type Instruction = { stage: string; op: string; args: string };

function instructions(text: string): Instruction[] {
  const joined = text.replace(/\\\n\s*/g, " ");
  const out: Instruction[] = [];
  let stage = "";
  for (const line of joined.split("\n")) {
    const m = /^([A-Z]+)\s+(.*)$/.exec(line.trim());
    if (!m || line.trim().startsWith("#")) continue;
    if (m[1] === "FROM") stage = /\bAS\s+(\S+)/i.exec(m[2])?.[1] ?? m[2];
    out.push({ stage, op: m[1], args: m[2].trim() });
  }
  return out;
}

/** A shell RUN line as its commands (`a && b` → [a, b]). */
const commands = (run: string) => run.split("&&").map((c) => c.trim());

describe("Dockerfile", () => {
  const all = instructions(fs.readFileSync("Dockerfile", "utf8"));
  const stage = (name: string) => all.filter((i) => i.stage === name);
  const runs = (name: string) =>
    stage(name)
      .filter((i) => i.op === "RUN")
      .flatMap((i) => commands(i.args));

  it("has a build stage and a runtime stage on node:22-slim", () => {
    const froms = all.filter((i) => i.op === "FROM").map((i) => i.args);
    expect(froms).toEqual(["node:22-slim AS build", "node:22-slim AS runtime"]);
  });

  it("the build stage installs everything and runs the release script", () => {
    const build = runs("build");
    expect(build).toContain("npm ci");
    expect(build.some((c) => c.startsWith(`${RELEASE_COMMANDS.build} -- `) || c === RELEASE_COMMANDS.build)).toBe(true);
    const pkg = JSON.parse(fs.readFileSync("package.json", "utf8"));
    expect(pkg.scripts.release).toBe("node ./scripts/release.js");
  });

  it("the runtime stage copies only the release and installs it as the release test does", () => {
    const runtime = stage("runtime");
    const copies = runtime.filter((i) => i.op === "COPY").map((i) => i.args);
    expect(copies).toEqual(["--from=build --chown=node:node /release/app ./"]);
    expect(runs("runtime")).toContain(RELEASE_COMMANDS.install);
    expect(runs("runtime").filter((c) => c.startsWith("npm ") && !c.startsWith("npm cache"))).toEqual([RELEASE_COMMANDS.install]);
    const cmd = runtime.filter((i) => i.op === "CMD").map((i) => JSON.parse(i.args) as string[]);
    expect(cmd).toEqual([RELEASE_COMMANDS.start.split(" ")]);
  });

  it("runs as a user without privileges, in production, with a health check on /readyz", () => {
    const runtime = stage("runtime");
    expect(runtime.filter((i) => i.op === "USER").map((i) => i.args)).toEqual(["node"]);
    const cmdAt = runtime.findIndex((i) => i.op === "CMD");
    expect(runtime.findIndex((i) => i.op === "USER")).toBeLessThan(cmdAt);
    expect(runtime.find((i) => i.op === "ENV")?.args).toMatch(/NODE_ENV=production/);
    const health = runtime.find((i) => i.op === "HEALTHCHECK")?.args ?? "";
    expect(health).toMatch(/\/readyz/);
    expect(health).toMatch(/CMD node -e/);
  });
});

describe("compose.yaml", () => {
  const compose = fs.readFileSync("compose.yaml", "utf8");

  it("PostgreSQL 16, one migrate job, two app instances and HAProxy", () => {
    expect(compose).toMatch(/^\s+image: postgres:16$/m);
    expect(compose).toMatch(/^ {2}migrate:\n(?: {4}.*\n)*? {4}command: \["npm", "run", "db:migrate"\]/m);
    expect(compose).toMatch(/^ {2}app1:$/m);
    expect(compose).toMatch(/^ {2}app2:$/m);
    expect(compose.match(/condition: service_completed_successfully/g)).toHaveLength(2);
    expect(compose).toMatch(/\.\/deploy\/haproxy\.cfg:\/usr\/local\/etc\/haproxy\/haproxy\.cfg:ro/);
  });

  it("deploy/haproxy.cfg is the configuration of docs/operations.md and the two-instance test", () => {
    const deployed = fs.readFileSync("deploy/haproxy.cfg", "utf8");
    const tested = haproxyConfig({ port: 8080, backends: [{ port: 3000 }, { port: 3000 }] });
    const normalise = (cfg: string) =>
      cfg
        .replace(/^ {4}bind .*$/m, "    bind <endereço>")
        .replace(/^ {4}server (app\d) \S+ check$/gm, "    server $1 <instância> check")
        .trimEnd();
    expect(normalise(deployed)).toBe(normalise(tested));
    expect(deployed).toMatch(/server app1 app1:3000 check\n\s+server app2 app2:3000 check/);
  });
});

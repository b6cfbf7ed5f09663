import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { RELEASE_COMMANDS } from "../../scripts/release.js";
import { createThrowawayDatabase, testDriver } from "../support/database";
import { freePort } from "../support/server-process";
import { Client } from "../support/http";

/**
 * Issue 21 §1 (ADR 244): the release an operator installs. `npm run release` into a temporary
 * folder, then exactly the commands of the README and the Dockerfile there (RELEASE_COMMANDS):
 * `npm ci --omit=dev` (from the npm cache when it can) and `npm run start:prod` on a fresh
 * PostgreSQL database, with the secrets in files. The first administrator is created with the
 * release's own `npm run user:create-admin`, and signs in through HTTP.
 */

/** The environment of a command run by an operator: none of Vitest's or of a parent npm's variables. */
function operatorEnv(extra: Record<string, string>) {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v === undefined || k.startsWith("VITEST") || k === "TEST" || /^npm_/i.test(k)) continue;
    env[k] = v;
  }
  for (const k of ["NODE_ENV", "DATABASE_URL", "SESSION_SECRET", "SMTP_URL", "APP_URL", "PGLITE_DATA_DIR", "BUILD_DIR", "EMAIL_DISABLED"])
    delete env[k];
  return { ...env, ...extra };
}

function sh(command: string, cwd: string, env: Record<string, string>, timeout = 180_000) {
  const r = spawnSync("sh", ["-c", command], { cwd, env, encoding: "utf8", timeout, maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`${command} (${r.status ?? r.signal}):\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

describe.skipIf(testDriver() !== "postgres")("npm run release", () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "sind-release-"));
  let server: ChildProcess | undefined;
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    if (server?.pid && server.exitCode === null) {
      const exited = new Promise((r) => server!.once("exit", r));
      process.kill(-server.pid, "SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      if (server.exitCode === null) process.kill(-server.pid, "SIGKILL");
    }
    await drop?.();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("installs with --omit=dev, starts with start:prod on PostgreSQL and signs the first administrator in", async () => {
    // 1. The release (the suite's build, already made; `npm run release` alone builds afresh).
    const made = spawnSync(process.execPath, ["scripts/release.js", "--out", tmp, "--reuse-build"], { encoding: "utf8", timeout: 300_000 });
    expect(made.status, made.stderr).toBe(0);
    const pkg = JSON.parse(fs.readFileSync("package.json", "utf8"));
    const dir = path.join(tmp, `sindicato-${pkg.version}`);
    expect(fs.existsSync(path.join(tmp, `sindicato-${pkg.version}.tar.gz`))).toBe(true);

    const released = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));
    expect(Object.keys(released.scripts)).toContain("start:prod");
    expect(Object.keys(released.scripts)).toContain("user:create-admin");
    expect(Object.keys(released.scripts)).not.toContain("build");
    expect(Object.keys(released.scripts)).not.toContain("test");
    expect(released.dependencies).toEqual(pkg.dependencies);
    // The build and the migrations, no sources and nothing of the tests.
    expect(fs.existsSync(path.join(dir, "build/server/index.js"))).toBe(true);
    expect(fs.existsSync(path.join(dir, "build/server/test-hooks.js"))).toBe(false);
    expect(fs.existsSync(path.join(dir, "app/db/migrations/meta/_journal.json"))).toBe(true);
    expect(fs.readdirSync(path.join(dir, "app"))).toEqual(["db"]);
    expect(fs.existsSync(path.join(dir, "tests"))).toBe(false);
    expect(fs.existsSync(path.join(dir, "vite.config.ts"))).toBe(false);
    // The SBOM: production packages only.
    const sbom = JSON.parse(fs.readFileSync(path.join(dir, "sbom.cdx.json"), "utf8"));
    expect(sbom.bomFormat).toBe("CycloneDX");
    const components = (sbom.components as { name: string }[]).map((c) => c.name);
    expect(components).toContain("react-router");
    expect(components).not.toContain("vitest");
    expect(components).not.toContain("vite");

    // 2. Installed as the operator does, production dependencies only.
    sh(`${RELEASE_COMMANDS.install} --prefer-offline --no-audit --no-fund`, dir, operatorEnv({}), 300_000);
    // (typescript and a few @types/* do come: @react-router/node names typescript as an optional
    // peer, and npm installs a package marked "devOptional" even with --omit=dev.)
    for (const dev of ["vitest", "vite", "@react-router/dev", "lighthouse", "eslint", "drizzle-kit", "vnu-jar"]) {
      expect(fs.existsSync(path.join(dir, "node_modules", dev)), dev).toBe(false);
    }
    // Every package installed is in the SBOM (npm's own `--omit dev` would leave out react and zod).
    const installed = JSON.parse(fs.readFileSync(path.join(dir, "node_modules/.package-lock.json"), "utf8")).packages as Record<
      string,
      unknown
    >;
    const names = Object.keys(installed).map((p) => p.slice(p.lastIndexOf("node_modules/") + "node_modules/".length));
    expect(names.length).toBeGreaterThan(100);
    // Less npm's "devOptional" packages (typescript, @types/*: see above), which it installs but are
    // no production dependency.
    const lock = JSON.parse(fs.readFileSync(path.join(dir, "package-lock.json"), "utf8")).packages as Record<
      string,
      { devOptional?: boolean }
    >;
    const devOptional = Object.entries(lock).flatMap(([p, v]) => (v.devOptional ? [p.slice(p.lastIndexOf("node_modules/") + 13)] : []));
    expect(names.filter((n) => !components.includes(n) && !devOptional.includes(n))).toEqual([]);

    // 3. Started on an empty PostgreSQL database, the secrets in files.
    const db = await createThrowawayDatabase();
    drop = db.drop;
    const secrets = path.join(tmp, "secrets");
    fs.mkdirSync(secrets, { mode: 0o700 });
    fs.writeFileSync(path.join(secrets, "database_url"), `${db.url}\n`);
    fs.writeFileSync(path.join(secrets, "session_secret"), `${"segredo-da-versao-".padEnd(48, "z")}\n`);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = operatorEnv({
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: base,
      DATABASE_URL_FILE: path.join(secrets, "database_url"),
      SESSION_SECRET_FILE: path.join(secrets, "session_secret"),
      EMAIL_DISABLED: "true",
      DATA_DIR: path.join(tmp, "data"),
      LOG_LEVEL: "warn",
    });
    let out = "";
    server = spawn("sh", ["-c", RELEASE_COMMANDS.start], { cwd: dir, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    server.stdout!.on("data", (d) => (out += d));
    server.stderr!.on("data", (d) => (out += d));
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`a versão parou ao iniciar (${server.exitCode}):\n${out}`);
      const ready = await fetch(`${base}/readyz`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ready) break;
      if (Date.now() > deadline) throw new Error(`a versão não ficou pronta em 120 s:\n${out}`);
      await new Promise((r) => setTimeout(r, 250));
    }

    // 4. The first administrator, with the release's own command.
    const created = sh("npm run --silent user:create-admin", dir, {
      ...env,
      ADMIN_USERNAME: "voluntario",
      ADMIN_NAME: "Voluntário da TI",
      ADMIN_EMAIL: "ti@sindicato.example",
      ADMIN_PASSWORD: "Versao@2026",
    });
    expect(created).toContain('Administrador "voluntario" criado.');

    // 5. Pages and assets served from the release, and the administrator signs in.
    const home = await fetch(`${base}/`);
    expect(home.status).toBe(200);
    const asset = /\/assets\/[\w.-]+\.js/.exec(await home.text())?.[0];
    expect(asset).toBeDefined();
    expect((await fetch(base + asset)).status).toBe(200);
    const client = new Client(base);
    const signedIn = await client.login("voluntario", "Versao@2026");
    expect(signedIn.headers.get("location")).toBe("/dashboard/admin");
    const panel = await client.get("/dashboard/admin");
    expect(panel.status).toBe(200);
    expect(await panel.text()).toContain("Voluntário da TI");
  }, 420_000);
});

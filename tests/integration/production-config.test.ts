import path from "node:path";
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

/**
 * Issue 21 §4 (ADR 244): a production server on PostgreSQL missing a setting does not start. The
 * real start (`npm run start:prod`, and server/index.js as the tests' instances run it) with a bad
 * environment: exit code 1 and a pt-BR message naming the variable, before the database is
 * opened (the DATABASE_URL here points at a closed port).
 */
const COMPLETE = {
  DATABASE_URL: "postgres://sindicato@127.0.0.1:1/sindicato",
  APP_URL: "https://www.sindicato.exemplo.org",
  SMTP_URL: "smtp://127.0.0.1:1",
  SESSION_SECRET: "s".repeat(48),
};

function start(script: string, env: Record<string, string | undefined>) {
  const base: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v !== undefined && !k.startsWith("VITEST") && k !== "TEST") base[k] = v;
  }
  for (const k of ["DATABASE_URL", "APP_URL", "SMTP_URL", "SESSION_SECRET", "EMAIL_DISABLED", "PGLITE_DATA_DIR"]) delete base[k];
  const full = { ...base, NODE_ENV: "production", HOST: "127.0.0.1", PORT: "39123", LOG_LEVEL: "warn" } as Record<string, string>;
  for (const [k, v] of Object.entries(env)) if (v !== undefined) full[k] = v;
  return spawnSync(process.execPath, [path.resolve(script)], { env: full, encoding: "utf8", timeout: 60_000 });
}

describe("a production start with a missing setting", () => {
  it.each(["APP_URL", "SMTP_URL", "SESSION_SECRET"])("npm run start:prod without %s: exit 1, the variable named", (name) => {
    const r = start("scripts/start-prod.js", { ...COMPLETE, [name]: undefined });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("Configuração incompleta para produção (NODE_ENV=production com DATABASE_URL):");
    expect(r.stderr).toMatch(new RegExp(`^  ${name}: obrigatória em produção com DATABASE_URL`, "m"));
    // The message alone, no stack trace; and nothing tried the database.
    expect(r.stderr).not.toMatch(/^\s+at /m);
    expect(r.stderr).not.toContain("ECONNREFUSED");
  });

  it("server/index.js (as the tests' and the bench's instances start) refuses too", () => {
    const r = start("server/index.js", { ...COMPLETE, SESSION_SECRET: "" });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^ {2}SESSION_SECRET: obrigatória em produção/m);
  });

  it("with WEB_CONCURRENCY=2 too: the first server process stops the start, exit 1, the variable named", () => {
    const r = start("server/index.js", { ...COMPLETE, SESSION_SECRET: "", WEB_CONCURRENCY: "2" });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^ {2}SESSION_SECRET: obrigatória em produção/m);
  });

  it("an unreadable secret file stops it too, with its name", () => {
    const r = start("scripts/start-prod.js", { ...COMPLETE, SESSION_SECRET: undefined, SESSION_SECRET_FILE: "/nao/existe/segredo" });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("SESSION_SECRET_FILE: não foi possível ler o arquivo /nao/existe/segredo (ENOENT).");
  });

  it("EMAIL_DISABLED=true lets it past the settings check (it then stops at the unreachable database)", () => {
    const r = start("scripts/start-prod.js", { ...COMPLETE, SMTP_URL: undefined, EMAIL_DISABLED: "true" });
    expect(r.stderr).not.toContain("Configuração");
    expect(r.status).not.toBe(0);
  });
});

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { startTestServer } from "../support/server";
import { Client } from "../support/http";
import { createThrowawayDatabase, testDriver } from "../support/database";

/** Runs the script against `target` (its database variables) for one administrator. */
function createAdmin(target: Record<string, string>, admin: { username: string; name: string; email: string; password: string }) {
  const env = { ADMIN_USERNAME: admin.username, ADMIN_NAME: admin.name, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password };
  return spawnSync(process.execPath, ["scripts/create-admin.js"], {
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "error", SKIP_BUILD: "1", ...target, ...env },
    encoding: "utf8",
  });
}

describe("npm run user:create-admin", () => {
  it("creates the first administrator on an empty database without any demo data", async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "sind-admin-"));
    const pg = testDriver() === "postgres" ? await createThrowawayDatabase() : undefined;
    const target: Record<string, string> = pg ? { DATABASE_URL: pg.url } : { PGLITE_DATA_DIR: path.join(tmp, "db"), DATABASE_URL: "" };
    try {
      const weak = createAdmin(target, { username: "chefe", name: "Chefe", email: "chefe@exemplo.com", password: "fraca" });
      expect(weak.status).toBe(1);
      expect(weak.stderr).toContain("Senha muito fraca. Atenda aos critérios de segurança.");

      const ok = createAdmin(target, { username: "Chefe", name: "Chefe da TI", email: "chefe@exemplo.com", password: "Chefe@2026" });
      expect(ok.status, ok.stderr).toBe(0);
      expect(ok.stdout).toContain('Administrador "chefe" criado.');

      const again = createAdmin(target, { username: "chefe", name: "Outro", email: "o@exemplo.com", password: "Chefe@2026" });
      expect(again.status).toBe(1);
      expect(again.stderr).toContain("Este nome de usuário já está em uso.");

      const server = await startTestServer(pg ? { databaseUrl: pg.url } : { dataDir: path.join(tmp, "db") });
      try {
        const users = await server.query<{ username: string; role: string }>`select username, role from users`;
        expect(users).toEqual([{ username: "chefe", role: "admin" }]);
        const res = await new Client(server.url).login("chefe", "Chefe@2026");
        expect(res.headers.get("location")).toBe("/dashboard/admin");
      } finally {
        await server.close();
      }
    } finally {
      await pg?.drop();
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  }, 180_000);
});

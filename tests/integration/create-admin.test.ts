import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { startTestServer } from "../support/server";
import { Client } from "../support/http";
import { createThrowawayDatabase, testDriver } from "../support/database";

function createAdmin(env: Record<string, string>) {
  return spawnSync(process.execPath, ["scripts/create-admin.js"], {
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "error", SKIP_BUILD: "1", ...env },
    encoding: "utf8",
  });
}

describe("npm run user:create-admin", () => {
  it("creates the first administrator on an empty database without any demo data", async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "sind-admin-"));
    const pg = testDriver() === "postgres" ? await createThrowawayDatabase() : undefined;
    const target: Record<string, string> = pg ? { DATABASE_URL: pg.url } : { PGLITE_DATA_DIR: path.join(tmp, "db"), DATABASE_URL: "" };
    try {
      const weak = createAdmin({
        ...target,
        ADMIN_USERNAME: "chefe",
        ADMIN_NAME: "Chefe",
        ADMIN_EMAIL: "chefe@exemplo.com",
        ADMIN_PASSWORD: "fraca",
      });
      expect(weak.status).toBe(1);
      expect(weak.stderr).toContain("Senha muito fraca. Atenda aos critérios de segurança.");

      const ok = createAdmin({
        ...target,
        ADMIN_USERNAME: "Chefe",
        ADMIN_NAME: "Chefe da TI",
        ADMIN_EMAIL: "chefe@exemplo.com",
        ADMIN_PASSWORD: "Chefe@2026",
      });
      expect(ok.status, ok.stderr).toBe(0);
      expect(ok.stdout).toContain('Administrador "chefe" criado.');

      const again = createAdmin({
        ...target,
        ADMIN_USERNAME: "chefe",
        ADMIN_NAME: "Outro",
        ADMIN_EMAIL: "o@exemplo.com",
        ADMIN_PASSWORD: "Chefe@2026",
      });
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

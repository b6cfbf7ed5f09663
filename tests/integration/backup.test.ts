import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { createUser } from "~/db/factories/users";
import { agreementPdf, createAgreement, type AgreementRow } from "~/db/factories/agreements";
import { startTestServer, type TestServer } from "../support/server";
import { Client } from "../support/http";
import { createThrowawayDatabase, testDriver } from "../support/database";

function script(name: string, args: string[], env: Record<string, string | undefined>) {
  const r = spawnSync(process.execPath, [`scripts/${name}.js`, ...args], { env: { ...process.env, ...env }, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`${name} falhou: ${r.stdout}${r.stderr}`);
  return r.stdout;
}

/** Rows written before the backup: a user to sign in as, and an agreement whose PDF lives in the database. */
async function createMarkers(server: TestServer) {
  await createUser(server.hooks.db(), {
    username: "backup.teste",
    name: "Backup Teste",
    email: "backup@exemplo.com",
    role: "rh",
    password: "Backup@2026",
  });
  return createAgreement(server.hooks.db(), { title: "Convenção do teste de backup" });
}

/** The restored server has the user and the file, byte for byte. */
async function expectRestored(server: TestServer, agreement: AgreementRow) {
  const c = new Client(server.url);
  expect((await c.login("backup.teste", "Backup@2026")).headers.get("location")).toBe("/dashboard/rh");
  const pdf = await fetch(`${server.url}/convencoes/${agreement.id}/pdf`);
  expect(pdf.status).toBe(200);
  expect(Buffer.from(await pdf.arrayBuffer()).equals(agreementPdf(agreement))).toBe(true);
}

describe("backup and restore round trip", () => {
  it.runIf(testDriver() === "pglite")(
    "embedded database: backup file → restore into an empty directory → same data",
    async () => {
      const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "sind-backup-"));
      const original = path.join(tmp, "original");
      const restored = path.join(tmp, "restaurado");
      const file = path.join(tmp, "backup.tar.gz");
      const a = await startTestServer({ dataDir: original });
      const agreement = await createMarkers(a);
      await a.close(); // PGlite is single-process: back up with the server stopped
      expect(script("db-backup", [file], { PGLITE_DATA_DIR: original, DATABASE_URL: "" })).toContain("Backup gravado");
      expect(fs.statSync(file).size).toBeGreaterThan(1000);
      script("db-restore", [file], { PGLITE_DATA_DIR: restored, DATABASE_URL: "" });
      // Refuses to overwrite a database unless told to.
      const again = spawnSync(process.execPath, ["scripts/db-restore.js", file], {
        env: { ...process.env, PGLITE_DATA_DIR: restored, DATABASE_URL: "" },
        encoding: "utf8",
      });
      expect(again.status).toBe(1);
      expect(again.stderr).toContain("--force");

      const b = await startTestServer({ dataDir: restored });
      try {
        await expectRestored(b, agreement);
      } finally {
        await b.close();
        fs.rmSync(tmp, { recursive: true, force: true });
      }
      // Two embedded databases migrated from nothing and two scripts: slow on a busy machine.
    },
    120_000,
  );

  it.runIf(testDriver() === "postgres")("PostgreSQL: pg_dump file → pg_restore into another database → same data", async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "sind-backup-"));
    const file = path.join(tmp, "backup.dump");
    const source = await createThrowawayDatabase();
    const target = await createThrowawayDatabase();
    try {
      const a = await startTestServer({ databaseUrl: source.url });
      const agreement = await createMarkers(a);
      await a.close();
      script("db-backup", [file], { DATABASE_URL: source.url });
      script("db-restore", [file], { DATABASE_URL: target.url });
      const b = await startTestServer({ databaseUrl: target.url });
      try {
        await expectRestored(b, agreement);
      } finally {
        await b.close();
      }
    } finally {
      await source.drop();
      await target.drop();
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});

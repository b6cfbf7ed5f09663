import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createEmbeddedDatabase } from "./client.server";

/**
 * A first start's embedded database is made by a child process in a sibling folder and renamed
 * into place (ADR 298): on success the folder is a database; on failure nothing is left behind
 * and nothing beside it is touched.
 */
describe("createEmbeddedDatabase", () => {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), "sind-embedded-"));
  const migrationsDir = process.env.MIGRATIONS_DIR;
  afterAll(() => fs.rmSync(parent, { recursive: true, force: true }));
  afterEach(() => {
    if (migrationsDir === undefined) delete process.env.MIGRATIONS_DIR;
    else process.env.MIGRATIONS_DIR = migrationsDir;
  });

  it("creates and migrates a new folder, leaving no building folder beside it", async () => {
    const dataDir = path.join(parent, "ok", "pglite");
    await createEmbeddedDatabase(dataDir);
    expect(fs.existsSync(path.join(dataDir, "PG_VERSION"))).toBe(true);
    expect(fs.readdirSync(path.dirname(dataDir))).toEqual(["pglite"]);
  }, 60_000);

  it("a failing migration: a clear error, no folder made, and what stands beside it untouched", async () => {
    const bad = path.join(parent, "bad-migrations");
    fs.mkdirSync(path.join(bad, "meta"), { recursive: true });
    fs.writeFileSync(
      path.join(bad, "meta", "_journal.json"),
      JSON.stringify({
        version: "7",
        dialect: "postgresql",
        entries: [{ idx: 0, version: "7", when: 1, tag: "0000_bad", breakpoints: true }],
      }),
    );
    fs.writeFileSync(path.join(bad, "0000_bad.sql"), "select * from no_such_table;");
    process.env.MIGRATIONS_DIR = bad;
    const home = path.join(parent, "home");
    fs.mkdirSync(home);
    fs.writeFileSync(path.join(home, "backup.tar.gz"), "kept");
    const dataDir = path.join(home, "pglite");
    await expect(createEmbeddedDatabase(dataDir)).rejects.toThrow(/^não foi possível criar o banco embutido em .*pglite: .*no_such_table/);
    expect(fs.readdirSync(home)).toEqual(["backup.tar.gz"]);
    expect(fs.readFileSync(path.join(home, "backup.tar.gz"), "utf8")).toBe("kept");
  }, 60_000);
});

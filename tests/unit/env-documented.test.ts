import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { environmentVariables } from "~/utils/env.server";

/**
 * Every variable app/utils/env.server.ts reads (issue 21 §4) is in .env.example, with a pt-BR
 * comment above it, and in one of the README's configuration tables.
 */
/**
 * The operator's variables read outside the schema, each by the one file that uses it: the
 * server processes (server/index.js) and their shutdown (server/http-server.js), both before the
 * app loads, the backup job, the restore drill, where the migrations are, and the scripts' build step.
 */
const READ_ELSEWHERE: Record<string, string> = {
  WEB_CONCURRENCY: "server/index.js",
  SHUTDOWN_DRAIN_MS: "server/http-server.js",
  SHUTDOWN_TIMEOUT_MS: "server/http-server.js",
  BACKUP_TIME: "app/jobs/database-backup.server.ts",
  BACKUP_KEEP: "app/jobs/database-backup.server.ts",
  BACKUP_DIR: "app/jobs/database-backup.server.ts",
  DRILL_DATABASE_URL: "scripts/db-restore-drill.js",
  MIGRATIONS_DIR: "app/db/client.server.ts",
  SKIP_BUILD: "scripts/db-migrate.js",
};

describe("configuration variables are documented", () => {
  const names = [...environmentVariables(), ...Object.keys(READ_ELSEWHERE)];
  const example = fs.readFileSync(".env.example", "utf8").split("\n");
  const readme = fs.readFileSync("README.md", "utf8");

  it("reads the schema's variables (and the _FILE secrets)", () => {
    expect(names).toContain("APP_URL");
    expect(names).toContain("EMAIL_DISABLED");
    expect(names).toContain("SESSION_SECRET_FILE");
    expect(names.length).toBeGreaterThan(40);
  });

  it.each(Object.entries(READ_ELSEWHERE))("%s is read by %s", (name, file) => {
    expect(fs.readFileSync(file, "utf8")).toContain(name);
  });

  it.each(names)("%s is in .env.example, with a comment", (name) => {
    const at = example.findIndex((line) => new RegExp(`^#? ?${name}=`).test(line));
    expect(at, `${name}= em .env.example`).toBeGreaterThan(0);
    expect(example[at - 1], `comentário acima de ${name}`).toMatch(/^# (?![A-Z][A-Z0-9_]*=)(?!-)\S/);
  });

  it.each(names)("%s is in a README configuration table", (name) => {
    expect(readme).toMatch(new RegExp(`^\\| \`${name}\` \\|`, "m"));
  });

  it(".env.example names nothing the app does not read", () => {
    const listed = example.flatMap((line) => /^#? ?([A-Z][A-Z0-9_]+)=/.exec(line)?.[1] ?? []);
    expect(listed.filter((n) => !names.includes(n))).toEqual([]);
  });
});

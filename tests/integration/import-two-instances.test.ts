import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { createUser, type CreatedUser } from "~/db/factories/users";
import { fictitiousCpf } from "~/db/factories/members";
import { MEMBER_IMPORT_MESSAGES } from "~/domain/members/import-members.server";
import { IMPORT_RUN_MESSAGES } from "~/domain/imports/import-runs.server";
import { startInstance, type Instance } from "../../scripts/lib/cluster.js";
import { openClusterDatabase, shareThisDatabase, signInBound, sleep, withInstancesSecret } from "../support/cluster-login";
import { decodeHtml } from "../support/html";
import { importForm } from "../support/import-runs";
import { testDriver } from "../support/database";

/**
 * Issue 21 §7 (ADR 253): an import survives a killed instance. Instance A (`node server/index.js`
 * on PostgreSQL) takes a 20,000-row members file; once its progress says it is writing, A is
 * killed with SIGKILL — its transaction dies with its connection. Instance B, started then,
 * takes the job over when A's lease runs out and runs it again: the file's rows are in the
 * database exactly once, and the page on B shows the result.
 */
const skipReason = testDriver() !== "postgres" ? "TEST_DB não é postgres: o teste roda só na etapa PostgreSQL" : null;
if (skipReason) console.warn(`import-two-instances.test.ts PULADO: ${skipReason}`);

const PATH = "/dashboard/admin/members/importar";
const ROWS = 20_000;
const LEASE_SECONDS = 3;

let pool: pg.Pool;
let closeCluster: (() => Promise<void>) | undefined;
let a: Instance | undefined;
let b: Instance | undefined;
let admin: CreatedUser;
let env: Record<string, string>;

async function q<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
  return (await pool.query<T>(text, values)).rows;
}

const signIn = (base: string, user: CreatedUser) => signInBound(base, user);

function membersCsv() {
  const lines = ["matricula;nome_associado;cpf;data_cadastro;situacao;cidade"];
  for (let i = 0; i < ROWS; i++)
    lines.push(`${i % 2 ? 100_000 + i : ""};Filiado Em Massa ${i};${fictitiousCpf(200_000 + i)};01/02/2020;1;Ceilândia`);
  return Buffer.from(lines.join("\r\n") + "\r\n", "utf8");
}

describe.skipIf(skipReason !== null)(`an import survives a killed instance${skipReason ? ` (PULADO: ${skipReason})` : ""}`, () => {
  beforeAll(async () => {
    const created = await openClusterDatabase();
    closeCluster = created.close;
    pool = created.pool;
    env = {
      DATABASE_URL: created.url,
      SESSION_SECRET: randomBytes(36).toString("base64url"),
      JOBS_POLL_MS: "150",
      JOBS_LEASE_SECONDS: String(LEASE_SECONDS),
    };
    admin = await withInstancesSecret(env.SESSION_SECRET, () => createUser(db(), { role: "admin" }));
    a = await startInstance({ databaseUrl: created.url, env, seed: "false" });
    shareThisDatabase(a.base);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await closeCluster?.();
  });

  it(
    "A is killed mid-import; B resumes it; the file's rows are written exactly once, and B's page shows the result",
    { timeout: 240_000 },
    async () => {
      const session = await signIn(a!.base, admin);
      const started = performance.now();
      const res = await session.post(PATH, importForm("import-commit", membersCsv(), "associado.csv"));
      // The request returns at once: the file is stored and the job queued.
      expect(res.status).toBe(200);
      expect(decodeHtml(res.text)).toContain(IMPORT_RUN_MESSAGES.started);
      expect(performance.now() - started).toBeLessThan(5000);
      const [run] = await q<{ id: string; job_id: string }>("select id, job_id from import_runs");
      // Progress is reported (outside the import's transaction) while A writes.
      let seen: { status: string; processed: number } | undefined;
      const deadline = Date.now() + 120_000;
      for (;;) {
        [seen] = await q<{ status: string; processed: number }>("select status, processed from import_runs where id = $1", [run.id]);
        if (seen.status === "writing" && seen.processed > 0) break;
        if (Date.now() > deadline || !["queued", "checking", "writing"].includes(seen.status))
          throw new Error(`A não chegou a gravar: ${JSON.stringify(seen)}\n${a!.stderr()}`);
        await sleep(50);
      }
      // The page on A shows the progress bar and its count while it runs.
      const page = decodeHtml((await session.get(PATH)).text);
      expect(page).toMatch(/<progress[^>]*aria-labelledby="member-import-progress-label"/);
      expect(page).toMatch(/Gravando: [\d.]+ de 20\.000 linhas/);
      await a!.kill("SIGKILL");
      const [{ n: afterKill }] = await q<{ n: number }>("select count(*)::int as n from members");
      expect(afterKill, "nada gravado pela transação de A").toBe(0);

      b = await startInstance({ databaseUrl: env.DATABASE_URL, env, seed: "false" });
      const until = Date.now() + 150_000;
      let final: { status: string; processed: number; total: number; message: string } | undefined;
      for (;;) {
        [final] = await q("select status, processed, total, message from import_runs where id = $1", [run.id]);
        if (!["queued", "checking", "writing"].includes(final!.status)) break;
        if (Date.now() > until) throw new Error(`B não terminou a importação: ${JSON.stringify(final)}\n${b.stderr()}`);
        await sleep(200);
      }
      expect(final).toMatchObject({ status: "done", processed: ROWS, total: ROWS });
      expect(final!.message).toBe(
        MEMBER_IMPORT_MESSAGES.committed({ total: ROWS, created: ROWS, updated: 0, rejected: [], applied: true }),
      );
      const [counts] = await q<{ n: number; cpfs: number; numbers: number }>(
        "select count(*)::int as n, count(distinct cpf)::int as cpfs, count(distinct registration_number)::int as numbers from members",
      );
      expect(counts).toEqual({ n: ROWS, cpfs: ROWS, numbers: ROWS });
      const [job] = await q<{ state: string; attempts: number }>("select state, attempts from jobs where id = $1", [run.job_id]);
      expect(job).toEqual({ state: "done", attempts: 2 });
      const [{ n: audits }] = await q<{ n: number }>("select count(*)::int as n from audit_log where action = 'member.imported'");
      expect(audits).toBe(1);
      // The same session, on the other instance: the finished import is shown.
      const onB = decodeHtml((await session.to(b.base).get(PATH)).text);
      expect(onB).toContain(final!.message);
      expect(onB).not.toContain("<progress");
    },
  );
});

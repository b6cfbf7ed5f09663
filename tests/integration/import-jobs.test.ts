import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createUser } from "~/db/factories/users";
import { createMember, fictitiousCpf } from "~/db/factories/members";
import type { Actor } from "~/auth/authorize";
import { db, type Tx } from "~/db/client.server";
import { importJob, latestImportRun, startImportRun, IMPORT_RUN_MESSAGES } from "~/domain/imports/import-runs.server";
import { MEMBER_IMPORT_MESSAGES } from "~/domain/members/import-members.server";
import { SPREADSHEET_MESSAGES } from "~/domain/imports/spreadsheet.server";
import { useUseCaseDatabase } from "../support/use-case-db";

/**
 * Issue 21 §7 (ADR 253): the members import's commit as a job, on the use cases directly. The
 * job's handler is run with a context like the worker's; an attempt that loses its lease (the
 * worker aborts its signal, as when another instance took the job over) rolls back, and the
 * next attempt applies the whole file exactly once. The two-instance test with a killed process
 * is tests/integration/import-two-instances.test.ts.
 */
const t = useUseCaseDatabase();
let admin: Actor;

const HEADERS = "matricula;nome_associado;cpf;data_cadastro;situacao";
/** `n` members, CPFs from `from`, every one new; every third without a registration number. */
function membersCsv(n: number, from: number, firstNumber: number) {
  const lines = [HEADERS];
  for (let i = 0; i < n; i++)
    lines.push(`${i % 3 === 0 ? "" : firstNumber + i};Filiado Importado ${from + i};${fictitiousCpf(from + i)};01/02/2020;1`);
  return { fileName: "associado.csv", bytes: Buffer.from(lines.join("\r\n") + "\r\n", "utf8") };
}

type Snapshot = { status: string; processed: number; total: number | null };

/** Every state the run's row goes through, as a trigger records it (deterministic, no polling). */
async function recordRunStates() {
  await t.db.execute(sql`create table if not exists run_states (n serial, status text, processed int, total int)`);
  await t.db.execute(sql`truncate run_states`);
  await t.db.execute(sql`create or replace function run_states_log() returns trigger language plpgsql as $$
    begin insert into run_states (status, processed, total) values (new.status, new.processed, new.total); return new; end $$`);
  await t.db.execute(sql`drop trigger if exists run_states_log on import_runs`);
  await t.db.execute(sql`create trigger run_states_log after update on import_runs for each row execute function run_states_log()`);
  return async () =>
    (await t.db.execute(sql`select status, processed, total from run_states order by n`)).rows.map((r) => ({
      status: String(r.status),
      processed: Number(r.processed),
      total: r.total === null ? null : Number(r.total),
    })) as Snapshot[];
}

/** A context like the worker's; `onTx` may wrap the transaction the job works in. */
function context(runId: string, abort = new AbortController(), onTx: (tx: Tx) => Tx = (tx) => tx) {
  return {
    payload: { runId },
    job: { id: 1, name: importJob.name, attempts: 1, maxAttempts: 3 },
    signal: abort.signal,
    complete: <T>(fn: (tx: Tx) => Promise<T>) => db().transaction((tx) => fn(onTx(tx))),
  };
}

async function memberCount() {
  const r = await t.db.execute(sql`select count(*)::int as n, count(distinct cpf)::int as cpfs from members`);
  return { n: Number(r.rows[0].n), cpfs: Number(r.rows[0].cpfs) };
}

beforeAll(async () => {
  const u = await createUser(t.db, { role: "admin" });
  admin = { id: u.id, username: u.username, role: "admin" };
});

describe("the members import as a job", () => {
  it("returns at once with a queued run and its job; the run reports its progress batch by batch, then the result", async () => {
    const states = await recordRunStates();
    const before = await memberCount();
    const started = await startImportRun("members", admin, membersCsv(1200, 10_000, 300_000));
    expect(started).toMatchObject({ status: "queued", processed: 0, total: null, fileName: "associado.csv" });
    const [job] = (await t.db.execute(sql`select name, payload from jobs where name = 'spreadsheet-import'`)).rows;
    expect(job.payload).toEqual({ runId: started.id });
    // One import of a kind at a time.
    await expect(startImportRun("members", admin, membersCsv(1, 20_000, 400_000))).rejects.toMatchObject({
      status: 409,
      message: IMPORT_RUN_MESSAGES.busy,
    });
    await importJob.handler(context(started.id));
    const seen = await states();
    // Checked in batches of 500 (total unknown until the end), then written in batches of 500 of 1,200.
    expect(seen.filter((s) => s.status === "checking").map((s) => s.processed)).toEqual([0, 500, 1000, 1200]);
    expect(seen.filter((s) => s.status === "writing").map((s) => [s.processed, s.total])).toEqual([
      [500, 1200],
      [1000, 1200],
      [1200, 1200],
    ]);
    expect(seen.at(-1)).toEqual({ status: "done", processed: 1200, total: 1200 });
    const run = await latestImportRun("members", admin);
    expect(run).toMatchObject({
      status: "done",
      message: MEMBER_IMPORT_MESSAGES.committed({ total: 1200, created: 1200, updated: 0, rejected: [], applied: true }),
    });
    expect(run?.report).toMatchObject({ total: 1200, created: 1200, updated: 0, rejected: [], applied: true });
    expect(await memberCount()).toEqual({ n: before.n + 1200, cpfs: before.cpfs + 1200 });
    // The uploaded file is removed once the run has ended.
    const files = await t.db.execute(sql`select count(*)::int as n from files where purpose = 'import-members'`);
    expect(Number(files.rows[0].n)).toBe(0);
    // Run again (a duplicate delivery): a finished run is left as it is.
    await importJob.handler(context(started.id));
    expect(await memberCount()).toEqual({ n: before.n + 1200, cpfs: before.cpfs + 1200 });
  });

  it("an attempt that loses its lease mid-write rolls back; the next attempt writes the whole file exactly once", async () => {
    const before = await memberCount();
    const run = await startImportRun("members", admin, membersCsv(1500, 30_000, 500_000));
    const abort = new AbortController();
    let inserts = 0;
    // The second batch's insert: the worker loses the lease (another instance took the job over).
    const losing = (tx: Tx) =>
      new Proxy(tx, {
        get(target, prop, receiver) {
          if (prop === "insert" && ++inserts === 2) abort.abort(new Error("lease perdida"));
          const v = Reflect.get(target, prop, receiver);
          return typeof v === "function" ? v.bind(target) : v;
        },
      });
    await expect(importJob.handler(context(run.id, abort, losing))).rejects.toThrow("lease perdida");
    expect(inserts).toBeGreaterThanOrEqual(2);
    expect(await memberCount()).toEqual(before);
    // Left running for the next worker: not failed, not done.
    expect((await latestImportRun("members", admin))?.status).toMatch(/^(checking|writing)$/);
    await importJob.handler({ ...context(run.id), job: { id: 1, name: importJob.name, attempts: 2, maxAttempts: 3 } });
    expect(await latestImportRun("members", admin)).toMatchObject({ status: "done", processed: 1500, total: 1500 });
    expect(await memberCount()).toEqual({ n: before.n + 1500, cpfs: before.cpfs + 1500 });
    const numbers = await t.db.execute(
      sql`select count(*)::int as n, count(distinct registration_number)::int as d from members where name like 'Filiado Importado 3%'`,
    );
    expect(Number(numbers.rows[0].n)).toBe(Number(numbers.rows[0].d));
  });

  it("a row with a problem found by the job writes nothing and ends refused with the whole report", async () => {
    const m = await createMember(t.db, { registrationNumber: 90_001, name: "Já Existe" });
    const before = await memberCount();
    const csv = [HEADERS, `;Linha Boa;${fictitiousCpf(60_000)};;`, `777777;Conflito;${m.cpf};;`].join("\n");
    const run = await startImportRun("members", admin, { fileName: "associado.csv", bytes: Buffer.from(csv) });
    await importJob.handler(context(run.id));
    const done = await latestImportRun("members", admin);
    expect(done).toMatchObject({ status: "refused", message: MEMBER_IMPORT_MESSAGES.refused(1) });
    expect(done?.report?.rejected).toEqual([{ row: 3, key: "777777 · Conflito", reason: MEMBER_IMPORT_MESSAGES.cpfOfOther(90_001) }]);
    expect(done?.reportCsv).toContain(MEMBER_IMPORT_MESSAGES.cpfOfOther(90_001));
    expect(await memberCount()).toEqual(before);
  });

  it("what the start of a file shows is refused in the request; no run is recorded", async () => {
    const last = await latestImportRun("members", admin);
    await expect(
      startImportRun("members", admin, { fileName: "x.csv", bytes: Buffer.from("qualquer;coisa\n1;2\n") }),
    ).rejects.toMatchObject({ status: 422, message: SPREADSHEET_MESSAGES.noHeaders("nome_associado, cpf") });
    await expect(startImportRun("members", admin, undefined)).rejects.toMatchObject({ status: 400 });
    expect((await latestImportRun("members", admin))?.id).toBe(last?.id);
    await expect(startImportRun("members", { ...admin, role: "rh" }, membersCsv(1, 70_000, 600_000))).rejects.toMatchObject({
      status: 403,
    });
  });
});

import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { createUser, type CreatedUser } from "~/db/factories/users";
import { startHaproxy, startInstance, type Haproxy, type Instance } from "../../scripts/lib/cluster.js";
import { BoundClient, type BoundResponse } from "../support/bound-client";
import { openClusterDatabase, shareThisDatabase, signInBound, sleep, withInstancesSecret } from "../support/cluster-login";
import { clusterSkipReason } from "../support/cluster-skip";
import { newPartnerBody } from "../support/multipart";

/**
 * Issue 21 §3, ADR 247: a rolling restart under load behind HAProxy loses no request and no
 * acknowledged write. Two instances (`node server/index.js`) on one PostgreSQL database, HAProxy
 * with the guide's configuration checking /readyz every CHECK_MS, on loopback. Writers and readers
 * run through the balancer for the whole time while each instance in turn gets SIGTERM, exits,
 * starts again on its port and is seen UP again. On SIGTERM an instance answers /readyz with 503
 * at once and keeps serving for SHUTDOWN_DRAIN_MS, more than HAProxy needs to mark it DOWN
 * (fall 2 × CHECK_MS), then finishes what is in flight and exits.
 */
const skipReason = clusterSkipReason("rolling-restart.test.ts", "o reinício escalonado");

const CHECK_MS = 300;
const DRAIN_MS = 1500;
const STAFF_PAGE = "/dashboard/parceiros";
/** Bounds on the load: a pause between each client's requests, and a cap on the writes. */
const PAUSE_MS = 15;
const MAX_WRITES = 3000;

const partnerForm = (name: string) => newPartnerBody(name, "Parceiro criado durante o reinício escalonado.");

let pool: pg.Pool;
let closeCluster: (() => Promise<void>) | undefined;
let instances: Instance[] = [];
let lb: Haproxy;
let staff: CreatedUser;
let env: Record<string, string>;
let databaseUrl: string;

async function q<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
  return (await pool.query<T>(text, values)).rows;
}

const signIn = (from: string, user: CreatedUser) => signInBound(lb.base, user, from);

async function waitStates(expected: Record<string, string>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const states = await lb.serverStates();
    if (Object.entries(expected).every(([k, v]) => states[k] === v)) return Date.now();
    if (Date.now() > deadline) throw new Error(`HAProxy: esperava ${JSON.stringify(expected)}, viu ${JSON.stringify(states)}`);
    await sleep(50);
  }
}

describe.skipIf(skipReason !== null)(
  `rolling restart of two instances behind HAProxy under load${skipReason ? ` (PULADO: ${skipReason})` : ""}`,
  () => {
    beforeAll(async () => {
      const created = await openClusterDatabase();
      closeCluster = created.close;
      databaseUrl = created.url;
      pool = created.pool;
      env = {
        SESSION_SECRET: randomBytes(36).toString("base64url"),
        TRUST_PROXY: "1",
        JOBS_POLL_MS: "150",
        SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      };
      staff = await withInstancesSecret(env.SESSION_SECRET, () => createUser(db(), { role: "secretaria" }));
      instances = await Promise.all([
        startInstance({ databaseUrl: created.url, env, seed: "false" }),
        startInstance({ databaseUrl: created.url, env, seed: "false" }),
      ]);
      lb = await startHaproxy({ backends: instances, checkIntervalMs: CHECK_MS });
      shareThisDatabase(lb.base);
      await waitStates({ app1: "UP", app2: "UP" }, 10_000);
    }, 120_000);

    afterAll(async () => {
      await lb?.stop();
      await Promise.all(instances.map((i) => i?.stop()));
      await closeCluster?.();
    });

    it("each instance restarted in turn (SIGTERM, exit, start, UP): 0 failed requests, 0 lost acknowledged writes", async () => {
      const writers = await Promise.all([1, 2, 3].map((i) => signIn(`127.0.2.${i}`, staff)));
      const readers = [new BoundClient(lb.base, "127.0.2.10"), writers[0]];
      const acknowledged: string[] = [];
      const failed: { what: string; status: number | string }[] = [];
      let requests = 0;
      let writes = 0;
      let stop = false;

      async function attempt(what: string, send: () => Promise<BoundResponse>, ok: (r: BoundResponse) => boolean) {
        requests++;
        try {
          const res = await send();
          if (!ok(res)) failed.push({ what, status: res.status });
          return ok(res);
        } catch (err) {
          failed.push({ what, status: (err as Error).message });
          return false;
        }
      }
      const load = [
        ...writers.map(async (w, wi) => {
          while (!stop && writes < MAX_WRITES) {
            const name = `Parceiro Reinício ${wi + 1}-${++writes}`;
            if (
              await attempt(
                `POST ${name}`,
                () => w.post(STAFF_PAGE, partnerForm(name)),
                (r) => r.status === 200,
              )
            )
              acknowledged.push(name);
            await sleep(PAUSE_MS);
          }
        }),
        ...readers.map(async (r, ri) => {
          const page = ri === 0 ? "/parceiros" : STAFF_PAGE;
          while (!stop) {
            await attempt(
              `GET ${page}`,
              () => r.get(page),
              (res) => res.status === 200,
            );
            await sleep(PAUSE_MS);
          }
        }),
      ];

      const figures: Record<string, number>[] = [];
      const started = Date.now();
      await sleep(1000);
      for (let i = 0; i < instances.length; i++) {
        const name = `app${i + 1}`;
        const other = `app${2 - i}`;
        const old = instances[i];
        // A scheduled job due now, so the instance may hold one when it gets SIGTERM.
        await q("update job_schedules set next_run_at = now() where name = 'housekeeping'");
        const servedBefore = (await lb.serverTotals())[name];
        const t0 = Date.now();
        old.child.kill("SIGTERM");
        // /readyz answers 503 at once, while pages are still served directly during the drain.
        let readyzMs = -1;
        for (let k = 0; k < 50 && readyzMs < 0; k++) {
          if ((await fetch(`${old.base}/readyz`)).status === 503) readyzMs = Date.now() - t0;
          else await sleep(10);
        }
        expect(readyzMs, "/readyz passou a 503").toBeGreaterThanOrEqual(0);
        expect((await fetch(`${old.base}/parceiros`)).status).toBe(200);
        const downAt = await waitStates({ [name]: "DOWN", [other]: "UP" }, 5000);
        await new Promise((r) => (old.child.exitCode !== null || old.child.signalCode !== null ? r(null) : old.child.once("exit", r)));
        const exitedAt = Date.now();
        expect(old.child.exitCode, old.stderr()).toBe(0);
        expect(old.stderr()).not.toMatch(/"level":"error"/);
        // Start again on the same port; HAProxy brings it back after two good checks.
        instances[i] = await startInstance({ databaseUrl, env, seed: "false", port: old.port });
        const upAt = await waitStates({ app1: "UP", app2: "UP" }, 15_000);
        await sleep(1000);
        // The new process takes its share again.
        expect((await lb.serverTotals())[name]).toBeGreaterThan(servedBefore);
        figures.push({ readyzMs, downMs: downAt - t0, exitMs: exitedAt - t0, backUpMs: upAt - t0 });
      }
      stop = true;
      await Promise.all(load);
      const seconds = (Date.now() - started) / 1000;

      const rows = await q<{ name: string }>("select name from partners where name like 'Parceiro Reinício %'");
      const stored = new Set(rows.map((r) => r.name));
      const lost = acknowledged.filter((n) => !stored.has(n));
      console.log(
        `reinício escalonado: ${requests} requisições em ${seconds.toFixed(1)} s (${acknowledged.length} gravações confirmadas), ` +
          `${failed.length} falhas, ${lost.length} gravações perdidas; por instância: ${JSON.stringify(figures)}`,
      );
      expect(failed).toEqual([]);
      expect(lost).toEqual([]);
      // The load really ran through both restarts. How much it sends depends on the machine (about
      // 240 requests alone here, 161 beside the browser leg), so the floor is only that it ran.
      expect(requests).toBeGreaterThan(50);
      expect(acknowledged.length).toBeGreaterThan(20);
      // Nothing left running by a stopped instance: its jobs were finished or handed back.
      await expect
        .poll(async () => q<{ state: string }>("select state from jobs where state in ('running', 'failed')"), { timeout: 10_000 })
        .toEqual([]);
    }, 120_000);
  },
);

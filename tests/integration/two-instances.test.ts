import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { createUser, type CreatedUser } from "~/db/factories/users";
import { RATE_LIMITS } from "~/utils/rate-limit.server";
import { startHaproxy, startInstance, type Haproxy, type Instance } from "../../scripts/lib/cluster.js";
import { BoundClient, type BoundResponse } from "../support/bound-client";
import { openClusterDatabase, shareThisDatabase, signInBound, sleep, withInstancesSecret } from "../support/cluster-login";
import { clusterSkipReason } from "../support/cluster-skip";
import { newPartnerBody } from "../support/multipart";
import { complaintBody } from "../support/complaint-body";
import { addressInAnotherBucket } from "../support/anonymous-buckets";
import { decodeHtml as decode } from "../support/html";
import { createMember } from "~/db/factories/members";

/**
 * Issue 13 §3: the production shape. HAProxy from Debian in front of two app instances (each
 * `node server/index.js`, as `npm start` runs it) on one PostgreSQL database, on loopback, with
 * the configuration docs/operations.md shows (`haproxyConfig` in scripts/lib/cluster.js). One cluster
 * for the whole file; the tests run in order and the last one kills an instance. ADR 102.
 *
 * Client addresses are real: each test connects from its own loopback address (127.0.0.x), the
 * balancer appends that address to X-Forwarded-For, and the app trusts exactly that one hop
 * (TRUST_PROXY=1), so the per-address limits are keyed by what the balancer saw, as in
 * production. A direct request to an instance from the same address counts the same.
 */

const skipReason = clusterSkipReason("two-instances.test.ts", "o teste de duas instâncias");

/** HAProxy's health check interval here (fall 2: a dead instance is out in well under 2 s). */
const CHECK_MS = 300;
/** A staff page a secretaria user may open (200) and a visitor may not (302 to /login). */
const STAFF_PAGE = "/dashboard/parceiros";

let pool: pg.Pool;
let closeCluster: (() => Promise<void>) | undefined;
let a: Instance;
let b: Instance;
let lb: Haproxy;
let staff: CreatedUser;
let target: CreatedUser;
let sessionSecret: string;

async function q<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
  return (await pool.query<T>(text, values)).rows;
}

const partnerForm = (name: string) => newPartnerBody(name, "Parceiro criado pelo teste de duas instâncias.");

const complaintForm = (title: string) => complaintBody(title, "Relato enviado pelo teste de duas instâncias.");

/** The balancer and each instance directly, all with the same cookie jar and source address. */
function ways(c: BoundClient) {
  return [c.to(lb.base), c.to(a.base), c.to(b.base)];
}

const signIn = (from: string, user: CreatedUser) => signInBound(lb.base, user, from);

describe.skipIf(skipReason !== null)(
  `two instances behind HAProxy on one PostgreSQL database${skipReason ? ` (PULADO: ${skipReason})` : ""}`,
  () => {
    beforeAll(async () => {
      const created = await openClusterDatabase();
      closeCluster = created.close;
      pool = created.pool;
      // The staff users are made from this process, before the instances start.
      // The production recipe: one SESSION_SECRET for every instance, the balancer as the one trusted hop.
      const env = { SESSION_SECRET: randomBytes(36).toString("base64url"), TRUST_PROXY: "1", JOBS_POLL_MS: "150" };
      sessionSecret = env.SESSION_SECRET;
      [staff, target] = await withInstancesSecret(env.SESSION_SECRET, async () => [
        await createUser(db(), { role: "secretaria" }),
        await createUser(db(), { role: "secretaria" }),
      ]);
      [a, b] = await Promise.all([
        startInstance({ databaseUrl: created.url, env, seed: "false" }),
        startInstance({ databaseUrl: created.url, env, seed: "false" }),
      ]);
      lb = await startHaproxy({ backends: [a, b], checkIntervalMs: CHECK_MS });
      shareThisDatabase(lb.base);
      // Both checked healthy before the first test (a hook can't use expect.poll).
      const deadline = Date.now() + 10_000;
      while (JSON.stringify(await lb.serverStates()) !== JSON.stringify({ app1: "UP", app2: "UP" })) {
        if (Date.now() > deadline)
          throw new Error(`o HAProxy não viu as duas instâncias no ar: ${JSON.stringify(await lb.serverStates())}`);
        await sleep(100);
      }
    }, 120_000);

    afterAll(async () => {
      await lb?.stop();
      await Promise.all([a?.stop(), b?.stop()]);
      await closeCluster?.();
    });

    it("both instances pass the balancer's health check (/readyz) and answer through it", async () => {
      expect(await lb.serverStates()).toEqual({ app1: "UP", app2: "UP" });
      const before = await lb.serverTotals();
      const c = new BoundClient(lb.base, "127.0.0.2");
      for (let i = 0; i < 4; i++) expect((await c.get("/readyz")).status).toBe(200);
      // Round robin: two each.
      const after = await lb.serverTotals();
      expect({ app1: after.app1 - before.app1, app2: after.app2 - before.app2 }).toEqual({ app1: 2, app2: 2 });
    });

    it("a session made through the balancer works on both instances, and a logout through one ends it on both", async () => {
      const c = await signIn("127.0.0.3", staff);
      expect(c.cookies.size).toBeGreaterThan(0);
      // Through the balancer (round robin: both instances) and on each instance directly.
      for (const via of [...ways(c), ...ways(c)]) {
        const res = await via.get(STAFF_PAGE);
        expect(res.status, `painel em ${via.base}`).toBe(200);
        expect(decode(res.text)).toContain(staff.name);
      }
      const anonymous = new BoundClient(a.base, "127.0.0.3");
      expect((await anonymous.get(STAFF_PAGE)).status).toBe(302);

      // Logging out on A ends the session for a copy of the cookie presented to B.
      const held = new Map(c.cookies);
      const out = await c.to(a.base).post("/logout", {});
      expect(out.status).toBe(302);
      for (const base of [b.base, lb.base])
        expect((await new BoundClient(base, "127.0.0.3", new Map(held)).get(STAFF_PAGE)).status, base).toBe(302);
    });

    it("the per-account login limit holds across both: failures spread over both instances are refused at the same count as on one", async () => {
      const max = RATE_LIMITS.loginAccount.max;
      const c = new BoundClient(lb.base, "127.0.0.4");
      const statuses: number[] = [];
      for (let i = 0; i < max; i++) {
        const via = ways(c)[i % 3];
        statuses.push((await via.post("/login", { username: target.username, password: "errada-" + i })).status);
      }
      expect(statuses).toEqual(Array(max).fill(401));
      // The next attempt is refused on each instance, the right password included.
      for (const via of ways(c)) {
        expect((await via.post("/login", { username: target.username, password: target.password })).status, via.base).toBe(429);
      }
    });

    it("the per-address login limit holds across both, keyed by the address the balancer saw", async () => {
      const max = RATE_LIMITS.loginIp.max;
      const from = "127.0.0.5";
      const c = new BoundClient(lb.base, from);
      const statuses: number[] = [];
      // A different (unknown) account each time: only the per-address counter can stop it.
      for (let i = 0; i < max; i++)
        statuses.push((await ways(c)[i % 3].post("/login", { username: `ninguem.${i}`, password: "x" })).status);
      expect(statuses).toEqual(Array(max).fill(401));
      for (const via of ways(c)) expect((await via.post("/login", { username: "mais.um", password: "x" })).status, via.base).toBe(429);
      // A real user behind another address still gets in, through the balancer.
      await signIn("127.0.0.6", staff);
      // A client-written X-Forwarded-For changes nothing: the balancer drops it and appends the
      // address it saw, the one entry the app reads.
      const spoof = await new BoundClient(lb.base, from).request(
        "POST",
        "/login",
        { username: "spoof", password: "x" },
        { "X-Forwarded-For": "203.0.113.99, 198.51.100.7" },
      );
      expect(spoof.status).toBe(429);
    }, 60_000);

    it("the complaint throttle holds across both instances", async () => {
      const max = RATE_LIMITS.complaintForm.max;
      const c = new BoundClient(lb.base, "127.0.0.7");
      const statuses: number[] = [];
      for (let i = 0; i < max; i++)
        statuses.push((await ways(c)[i % 3].post("/denuncia", complaintForm(`Relato ${i + 1} de ${max}`))).status);
      expect(statuses).toEqual(Array(max).fill(200));
      for (const via of ways(c)) expect((await via.post("/denuncia", complaintForm("Uma a mais"))).status, via.base).toBe(429);
      const [{ n }] = await q<{ n: number }>("select count(*)::int as n from complaints");
      expect(n).toBe(max);
      // Another address (in another of the throttle's buckets) is not affected.
      const other = addressInAnotherBucket(sessionSecret, "complaintForm", "127.0.0.7", ["127.0.0.8", "127.0.0.11", "127.0.0.12"]);
      expect((await new BoundClient(lb.base, other).post("/denuncia", complaintForm("Outro endereço"))).status).toBe(200);
    });

    it("a due schedule runs once, not once per instance", async () => {
      const housekeeping = () =>
        q<{ id: number; state: string; attempts: number }>(
          "select id::int, state, attempts from jobs where name = 'housekeeping' order by id",
        );
      // On a fresh database the hourly schedule was due at start: one run between the two.
      await expect.poll(async () => (await housekeeping()).map((j) => j.state), { timeout: 10_000, interval: 100 }).toEqual(["done"]);
      for (let round = 2; round <= 4; round++) {
        // Due a moment from now, while both instances poll every 150 ms.
        await q("update job_schedules set next_run_at = now() + interval '300 milliseconds' where name = 'housekeeping'");
        await expect
          .poll(async () => (await housekeeping()).filter((j) => j.state === "done").length, { timeout: 10_000, interval: 100 })
          .toBe(round);
        await sleep(600);
        const jobs = await housekeeping();
        expect(jobs, `rodada ${round}`).toHaveLength(round);
        expect(jobs.every((j) => j.state === "done" && j.attempts === 1)).toBe(true);
        const [s] = await q<{ ahead: number }>(
          "select extract(epoch from next_run_at - now())::int as ahead from job_schedules where name = 'housekeeping'",
        );
        expect(s.ahead).toBeGreaterThan(3500);
      }
    });

    it("a content write on one instance is seen at once on the other, through its render cache too", async () => {
      const reader = new BoundClient(b.base, "127.0.0.9");
      const viaLb = new BoundClient(lb.base, "127.0.0.9");
      // Warm B's cache (direct) and both instances' (through the balancer: round robin).
      await reader.get("/parceiros");
      const warm = await reader.get("/parceiros");
      expect(warm.status).toBe(200);
      expect(warm.headers["x-render-cache"]).toBe("hit");
      for (let i = 0; i < 4; i++) await viaLb.get("/parceiros");
      expect((await viaLb.get("/parceiros")).headers["x-render-cache"]).toBe("hit");

      const writer = await signIn("127.0.0.10", staff);
      for (let round = 1; round <= 3; round++) {
        const name = `Parceiro Visto de Imediato ${round}`;
        // Written on A…
        const res = await writer.to(a.base).post("/dashboard/parceiros", partnerForm(name));
        expect(res.status).toBe(200);
        // …read right away on B, and through the balancer on both.
        const onB = await reader.get("/parceiros");
        expect(onB.headers["x-render-cache"]).toBe("miss");
        expect(decode(onB.text), `rodada ${round}, B direto`).toContain(name);
        for (let i = 0; i < 2; i++) expect(decode((await viaLb.get("/parceiros")).text), `rodada ${round}, balanceador`).toContain(name);
      }
      // Once rendered, B serves it from the cache again.
      expect((await reader.get("/parceiros")).headers["x-render-cache"]).toBe("hit");
    });

    it("the member sign-in's code step has one lockout across both: wrong codes spread over both are refused at the same count, and then the right one too", async () => {
      const cpf = "39053344705";
      const email = "socia.duas.instancias@example.org";
      const member = await createMember(db(), { cpf, email, name: "Sócia Duas Instâncias" });
      const c = new BoundClient(lb.base, "127.0.0.41");
      const asked = await c.post("/filiado/entrar", { intent: "request-code", cpf });
      expect(asked.status).toBe(200);
      // The code, from the outbox of whichever instance sent it.
      await expect.poll(() => codeInOutbox([a, b], email), { timeout: 10_000 }).toMatch(/^\d{6}$/);
      const right = codeInOutbox([a, b], email)!;
      const wrong = right === "000000" ? "111111" : "000000";
      // Five wrong codes, alternating between the instances: 401 four times, then the lockout.
      const statuses: number[] = [];
      for (let i = 0; i < RATE_LIMITS.memberCodeCheckCpf.max; i++) {
        const via = c.to(i % 2 ? b.base : a.base);
        statuses.push((await via.post("/filiado/entrar", { intent: "verify-code", cpf, code: wrong })).status);
      }
      expect(statuses).toEqual([...Array(RATE_LIMITS.memberCodeCheckCpf.max - 1).fill(401), 429]);
      // Locked on both, for the right code too, from another address: no member session is made.
      for (const base of [a.base, b.base]) {
        const res = await new BoundClient(base, "127.0.0.42").post("/filiado/entrar", { intent: "verify-code", cpf, code: right });
        expect(res.status, base).toBe(429);
        expect(decode(res.text)).toContain("Muitas tentativas de código");
      }
      expect(await q("select 1 from member_sessions where member_id = $1", [member.id])).toEqual([]);
    });

    it("the member sign-in's code requests are limited per CPF across both instances", async () => {
      const cpf = "71428793860";
      await createMember(db(), { cpf, email: "socio.pedidos@example.org", name: "Sócio Pedidos" });
      const statuses: number[] = [];
      // From a new address each time, alternating instances: only the CPF's counter can refuse.
      for (let i = 0; i <= RATE_LIMITS.memberCodeRequestCpf.max; i++) {
        const via = new BoundClient(i % 2 ? b.base : a.base, `127.0.2.${i + 1}`);
        statuses.push((await via.post("/filiado/entrar", { intent: "request-code", cpf })).status);
      }
      expect(statuses).toEqual([...Array(RATE_LIMITS.memberCodeRequestCpf.max).fill(200), 429]);
    });

    it("killing one instance mid-load loses no acknowledged write, and the health check takes it out", async () => {
      const writers = await Promise.all([1, 2, 3].map((i) => signIn(`127.0.1.${i}`, staff)));
      const acknowledged: string[] = [];
      const refused: { name: string; status: number | string }[] = [];
      let stop = false;
      let n = 0;
      const load = writers.map(async (w, wi) => {
        while (!stop) {
          const name = `Parceiro Sob Carga ${wi + 1}-${++n}`;
          let res: BoundResponse | undefined;
          try {
            res = await w.post("/dashboard/parceiros", partnerForm(name));
          } catch (err) {
            refused.push({ name, status: (err as Error).message });
            continue;
          }
          if (res.status >= 200 && res.status < 400) acknowledged.push(name);
          else refused.push({ name, status: res.status });
        }
      });
      const servedBefore = await lb.serverTotals();
      await sleep(700);
      const beforeKill = acknowledged.length;
      // A was taking its share of the writes when it died.
      expect((await lb.serverTotals()).app1).toBeGreaterThan(servedBefore.app1);
      await a.kill("SIGKILL");
      await sleep(1500);
      stop = true;
      await Promise.all(load);

      expect(beforeKill).toBeGreaterThan(0);
      expect(acknowledged.length).toBeGreaterThan(beforeKill);
      // Every write the client was told succeeded is in the database.
      const rows = await q<{ name: string }>("select name from partners where name like 'Parceiro Sob Carga %'");
      const stored = new Set(rows.map((r) => r.name));
      expect(acknowledged.filter((name) => !stored.has(name))).toEqual([]);
      // Refused ones (a request in flight on the killed instance) are the balancer's 5xx, never a 4xx.
      expect(refused.filter((r) => typeof r.status === "number" && r.status < 500)).toEqual([]);

      // The health check marks it down, and from then on everything goes to B.
      await expect.poll(() => lb.serverStates(), { timeout: 5000, interval: 100 }).toMatchObject({ app1: "DOWN", app2: "UP" });
      const after = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          i % 2 ? writers[0].get(STAFF_PAGE) : new BoundClient(lb.base, "127.0.1.9").get("/parceiros"),
        ),
      );
      expect(after.map((r) => r.status)).toEqual(Array(20).fill(200));
      const last = await writers[1].post("/dashboard/parceiros", partnerForm("Parceiro Depois da Queda"));
      expect(last.status).toBe(200);
      expect(await q("select 1 from partners where name = 'Parceiro Depois da Queda'")).toHaveLength(1);
    }, 30_000);
  },
);

/** The 6-digit code of the newest sign-in e-mail to `email` in the instances' outboxes, or null. */
function codeInOutbox(instances: Instance[], email: string): string | null {
  const mails = instances.flatMap((i) => {
    const dir = path.join(i.dataDir, "outbox");
    return fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => path.join(dir, f)) : [];
  });
  const newest = mails
    .map((f) => ({ f, at: fs.statSync(f).mtimeMs, text: fs.readFileSync(f, "utf8") }))
    .filter((m) => m.text.includes(email))
    .sort((x, y) => y.at - x.at)[0];
  return newest ? (/^ {4}(\d{6})\s*$/m.exec(newest.text)?.[1] ?? null) : null;
}

import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createUser, KNOWN_TOTP_SECRET } from "~/db/factories/users";
import { totpCode } from "~/auth/totp.server";
import { randomToken, sha256Hex } from "~/utils/crypto.server";
import { useTestServer } from "../support/suite";
import { Client } from "../support/http";
import { freshCode, secretFromEnrolmentPage } from "../support/two-factor";
import { ACTION_CASES, SAMPLE_PARAMS, createActionTargets, postCase, type TargetIds } from "../support/form-registry";
import { flattenRoutes } from "../unit/routes-table";

/** Issue 18 §7 (ADR 185): two-factor sign-in for staff, over HTTP. */
const t = useTestServer();

const CODE_STEP = "/login/verificacao";
const ENROL = "/login/ativar-verificacao";

let ids: TargetIds;
beforeAll(async () => {
  ids = await createActionTargets(t.db);
});

async function passwordStep(c: Client, username: string, password: string) {
  const res = await c.post("/login", { username, password });
  expect(res.status).toBe(302);
  return res.headers.get("location")!;
}

function recoveryCodesOf(html: string) {
  return [...html.matchAll(/<li[^>]*>([0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4})<\/li>/g)].map((m) => m[1]);
}

async function fingerprint(table: string) {
  const expr = table === "sessions" ? "t.id" : "t::text";
  const [row] = await t.query<{ n: number; h: string }>([
    `select count(*)::int as n, md5(coalesce(string_agg(${expr}, '|' order by ${expr}), '')) as h from ${table} t`,
  ] as unknown as TemplateStringsArray);
  return `${row.n}:${row.h}`;
}

async function auditCount(action: string, entityId: string) {
  const [row] = await t.query<{ n: number }>`select count(*)::int as n from audit_log where action = ${action} and entity_id = ${entityId}`;
  return row.n;
}

describe("the code step", () => {
  it("after the right password a user with the second factor reaches no dashboard page, action or API until the code", async () => {
    const admin = await createUser(t.db, { role: "admin" });
    const c = t.anonymous();
    expect(await passwordStep(c, admin.username, admin.password)).toBe(CODE_STEP);
    expect(c.cookies.has("__Host-sid")).toBe(true);

    const problems: string[] = [];
    for (const r of flattenRoutes().filter((x) => x.pattern.startsWith("/dashboard") || x.pattern === "/test-supabase")) {
      const src = fs.readFileSync(path.resolve("app", r.file), "utf8");
      if (!/export (async )?function loader/.test(src)) continue;
      const url = r.pattern.replace(/:([A-Za-z]+)/g, (_, name: string) =>
        name === "role" ? "admin" : (SAMPLE_PARAMS[name] ?? ids[name] ?? "x"),
      );
      const res = await c.get(url);
      const location = res.headers.get("location") ?? "";
      if (res.status !== 302 || !location.startsWith(`${CODE_STEP}?redirectTo=`)) problems.push(`${url}: ${res.status} ${location}`);
      // The client-side navigation's data request: a redirect to the code step, never the data.
      const data = await c.get(`${url}.data`);
      const body = await data.text();
      if (data.status === 200 || !body.includes(`${CODE_STEP}?redirectTo=`))
        problems.push(`${url}.data: ${data.status} ${body.slice(0, 120)}`);
    }
    expect(problems).toEqual([]);

    for (const testCase of ACTION_CASES) {
      const before = await Promise.all(testCase.tables.map(fingerprint));
      for (const body of testCase.bodies) {
        const fields = body(ids);
        const res = await postCase(c, testCase, fields);
        expect(res.status, `${testCase.path} ${fields.intent ?? ""}`).toBe(302);
        expect(res.headers.get("location"), testCase.path).toMatch(/^\/login\/verificacao\?redirectTo=/);
      }
      expect(await Promise.all(testCase.tables.map(fingerprint)), `${testCase.path} alterou dados`).toEqual(before);
    }

    expect((await c.get("/api/filiados/consulta?cpf=52998224725")).status).toBe(401);
    expect((await c.get("/api/cep/70040010")).status).toBe(401);
    // The enrolment page is not a way around the code either.
    expect((await c.get(ENROL)).headers.get("location")).toBe(CODE_STEP);
    // Nothing counts as a sign-in yet.
    expect(await auditCount("login", admin.id)).toBe(0);
  });

  it("refuses a wrong code, audits it, and lets the right one in on a new session", async () => {
    const rh = await createUser(t.db, { role: "rh" });
    const c = t.anonymous();
    await passwordStep(c, rh.username, rh.password);
    const halfCookie = c.cookies.get("__Host-sid")!;
    const page = await c.get(CODE_STEP);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Verificação em duas etapas");

    const wrong = await c.post(CODE_STEP, { code: "000000" });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain("Código inválido");
    expect(await auditCount("login.second_factor_failed", rh.id)).toBe(1);
    expect((await c.get("/dashboard/rh")).status).toBe(302);

    const ok = await c.post(CODE_STEP, { code: await freshCode(t.url, rh.username), redirectTo: "/dashboard/rh/members" });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe("/dashboard/rh/members");
    // Rotated: the half session is gone, a new one took its place.
    expect(c.cookies.get("__Host-sid")).not.toBe(halfCookie);
    expect(await t.query`select 1 from sessions where id = ${sha256Hex(halfCookie)}`).toHaveLength(0);
    expect((await c.get("/dashboard/rh/members")).status).toBe(200);
    expect(await auditCount("login", rh.id)).toBe(1);
  });

  it("refuses a code already used (a replay inside its window)", async () => {
    const secretaria = await createUser(t.db, { role: "secretaria" });
    const code = await freshCode(t.url, secretaria.username);
    const first = t.anonymous();
    await passwordStep(first, secretaria.username, secretaria.password);
    expect((await first.post(CODE_STEP, { code })).status).toBe(302);

    const second = t.anonymous();
    await passwordStep(second, secretaria.username, secretaria.password);
    const replay = await second.post(CODE_STEP, { code });
    expect(replay.status).toBe(401);
    expect(await replay.text()).toContain("Este código já foi usado");
    expect((await second.get("/dashboard/secretaria")).status).toBe(302);
    expect(await auditCount("login", secretaria.id)).toBe(1);
  });

  it("locks the code step after 10 wrong codes, in the database (across instances), and leaves other accounts alone", async () => {
    const admin = await createUser(t.db, { role: "admin" });
    const c = t.anonymous();
    await passwordStep(c, admin.username, admin.password);
    for (let i = 1; i <= 10; i++) {
      expect((await c.post(CODE_STEP, { code: String(100000 + i) })).status, `tentativa ${i}`).toBe(401);
    }
    const locked = await c.post(CODE_STEP, { code: await freshCode(t.url, admin.username) });
    expect(locked.status).toBe(429);
    expect(await locked.text()).toMatch(/Muitas tentativas de verificação\. Tente novamente em \d+ minutos?\./);
    // A new password step does not reopen it: the counter is the account's.
    const again = t.anonymous();
    await passwordStep(again, admin.username, admin.password);
    expect((await again.post(CODE_STEP, { code: await freshCode(t.url, admin.username) })).status).toBe(429);
    // Held in the shared table (what every instance reads), not in this process.
    const [{ n }] = await t.query<{
      n: number;
    }>`select count(*)::int as n from rate_limits where key like 'twoFactorAccount:%' and count >= 10`;
    expect(n).toBeGreaterThanOrEqual(1);
    // Another account is not affected.
    expect((await t.anonymous().login((await createUser(t.db, { role: "admin" })).username, "Teste@2026")).status).toBe(302);
  });

  it("takes a recovery code once, and says how many are left", async () => {
    const admin = await t.login("admin");
    const me = await t.user("admin");
    const renewed = await admin.post("/dashboard/duas-etapas", { intent: "recovery-codes", code: await freshCode(t.url, me.username) });
    expect(renewed.status).toBe(200);
    const codes = recoveryCodesOf(await renewed.text());
    expect(codes).toHaveLength(10);

    const c = t.anonymous();
    await passwordStep(c, me.username, me.password);
    const used = await c.post(CODE_STEP, { code: codes[3] });
    expect(used.status).toBe(302);
    expect(await (await c.get(used.headers.get("location")!)).text()).toContain("restam 9");
    expect(await auditCount("login.recovery_code_used", me.id)).toBe(1);

    const d = t.anonymous();
    await passwordStep(d, me.username, me.password);
    const reused = await d.post(CODE_STEP, { code: codes[3] });
    expect(reused.status).toBe(401);
    expect((await d.get("/dashboard/admin")).status).toBe(302);
  });

  it("ends a half session left for more than 10 minutes", async () => {
    const rh = await createUser(t.db, { role: "rh" });
    const c = t.anonymous();
    await passwordStep(c, rh.username, rh.password);
    await t.query`update sessions set created_at = now() - interval '11 minutes' where user_id = ${rh.id}`;
    const res = await c.post(CODE_STEP, { code: await freshCode(t.url, rh.username) });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login");
    expect(await t.query`select 1 from sessions where user_id = ${rh.id}`).toHaveLength(0);
  });
});

describe("enrolment", () => {
  it("takes a user of a required role without a second factor to enrolment first, then lets them in", async () => {
    const rh = await createUser(t.db, { role: "rh", totpSecret: null });
    const c = t.anonymous();
    const first = await c.post("/login", { username: rh.username, password: rh.password, redirectTo: "/dashboard/rh/members" });
    expect(first.headers.get("location")).toBe(`${ENROL}?redirectTo=${encodeURIComponent("/dashboard/rh/members")}`);
    // Nothing else before it: pages, actions, look-ups.
    const page = await c.get("/dashboard/rh/members");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toMatch(/^\/login\/ativar-verificacao\?redirectTo=/);
    const before = await fingerprint("members");
    const post = await c.post("/dashboard/rh/members", { intent: "delete", id: ids.memberId });
    expect(post.status).toBe(302);
    expect(await fingerprint("members")).toBe(before);
    expect((await c.get("/api/filiados/consulta?cpf=52998224725")).status).toBe(401);

    const offer = await c.get(first.headers.get("location")!);
    expect(offer.status).toBe(200);
    const html = await offer.text();
    expect(html).toContain("data:image/svg+xml");
    expect(html).toMatch(/([A-Z2-7]{4} ){7}[A-Z2-7]{4}/);
    const secret = secretFromEnrolmentPage(html);
    // The same offer on reload (a phone that dropped the tab).
    expect(secretFromEnrolmentPage(await (await c.get(ENROL)).text())).toBe(secret);

    const wrong = await c.post(ENROL, { code: "123456" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Código inválido");
    const [{ enabled }] = await t.query<{ enabled: boolean }>`select totp_secret is not null as enabled from users where id = ${rh.id}`;
    expect(enabled).toBe(false);

    const enrolledAt = Date.now();
    const done = await c.post(ENROL, { code: totpCode(secret, enrolledAt) });
    expect(done.status).toBe(200);
    const codes = recoveryCodesOf(await done.text());
    expect(codes).toHaveLength(10);
    expect((await c.get("/dashboard/rh/members")).status).toBe(200);
    expect(await auditCount("user.two_factor_enabled", rh.id)).toBe(1);
    expect(await auditCount("login", rh.id)).toBe(1);
    const [stored] = await t.query<{ s: string }>`select totp_secret as s from users where id = ${rh.id}`;
    expect(stored.s).not.toContain(secret);

    // From now on the code step: the enrolment's own code is spent, the next one works.
    const later = t.anonymous();
    expect(await passwordStep(later, rh.username, rh.password)).toBe(CODE_STEP);
    expect((await later.post(CODE_STEP, { code: totpCode(secret, enrolledAt) })).status).toBe(401);
    expect((await later.post(CODE_STEP, { code: totpCode(secret, enrolledAt + 30_000) })).status).toBe(302);
  });

  it("sends a session opened before the second factor was required to enrolment too", async () => {
    const secretaria = await createUser(t.db, { role: "secretaria", totpSecret: null });
    // A session as it was before this shipped: no pending mark.
    const token = randomToken(32);
    await t.query`insert into sessions (id, user_id, expires_at) values (${sha256Hex(token)}, ${secretaria.id}, now() + interval '1 hour')`;
    const c = t.anonymous();
    c.cookies.set("__Host-sid", token);
    const res = await c.get("/dashboard/secretaria");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/login\/ativar-verificacao\?redirectTo=/);
  });

  it("leaves it optional for the other roles: on in the own area, then asked at sign-in, and off again", async () => {
    const financeiro = await createUser(t.db, { role: "financeiro" });
    const c = t.anonymous();
    expect(await passwordStep(c, financeiro.username, financeiro.password)).toBe("/dashboard/financeiro");
    const elsewhere = await t.login({ username: financeiro.username, password: financeiro.password });

    const page = await c.get("/dashboard/duas-etapas");
    expect(page.status).toBe(200);
    const secret = secretFromEnrolmentPage(await page.text());
    const enabled = await c.post("/dashboard/duas-etapas", { intent: "enable", code: totpCode(secret) });
    expect(enabled.status).toBe(200);
    expect(recoveryCodesOf(await enabled.text())).toHaveLength(10);
    // This browser stays; the other session, opened without the second factor, ends.
    expect((await c.get("/dashboard/financeiro")).status).toBe(200);
    expect((await elsewhere.get("/dashboard/financeiro")).status).toBe(302);

    const next = t.anonymous();
    expect(await passwordStep(next, financeiro.username, financeiro.password)).toBe(CODE_STEP);
    expect((await next.post(CODE_STEP, { code: totpCode(secret, Date.now() + 30_000) })).status).toBe(302);

    const wrongOff = await c.post("/dashboard/duas-etapas", { intent: "disable", code: "000000" });
    expect(wrongOff.status).toBe(401);
    await t.query`update users set totp_last_step = null where id = ${financeiro.id}`;
    const off = await c.post("/dashboard/duas-etapas", { intent: "disable", code: totpCode(secret) });
    expect(off.status).toBe(200);
    expect(await passwordStep(t.anonymous(), financeiro.username, financeiro.password)).toBe("/dashboard/financeiro");
    expect(await auditCount("user.two_factor_disabled", financeiro.id)).toBe(1);
  });

  it("cannot be turned off by a role that requires it", async () => {
    const c = await t.login("secretaria");
    const me = await t.user("secretaria");
    const res = await c.post("/dashboard/duas-etapas", { intent: "disable", code: await freshCode(t.url, me.username) });
    expect(res.status).toBe(403);
    const [{ on }] = await t.query<{ on: boolean }>`select totp_secret is not null as on from users where id = ${me.id}`;
    expect(on).toBe(true);
  });
});

describe("admin reset", () => {
  it("clears another user's second factor, is audited, signs them out, and they enrol again at the next sign-in", async () => {
    const victim = await createUser(t.db, { role: "secretaria" });
    const signedIn = await t.login({ username: victim.username, password: victim.password });
    expect((await signedIn.get("/dashboard/secretaria")).status).toBe(200);
    const half = t.anonymous();
    await passwordStep(half, victim.username, victim.password);

    const admin = await t.login("admin");
    const me = await t.user("admin");
    const res = await admin.post("/dashboard/admin/users", { intent: "reset-2fa", id: victim.id });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Verificação em duas etapas redefinida");

    const [row] = await t.query<{
      secret: string | null;
      step: number | null;
    }>`select totp_secret as secret, totp_last_step as step from users where id = ${victim.id}`;
    expect(row).toEqual({ secret: null, step: null });
    expect(await t.query`select 1 from sessions where user_id = ${victim.id}`).toHaveLength(0);
    expect(await t.query`select 1 from user_recovery_codes where user_id = ${victim.id}`).toHaveLength(0);
    const [entry] = await t.query<{ actor_id: string; data: { username: string } }>`
      select actor_id, data from audit_log where action = 'user.two_factor_reset' and entity_id = ${victim.id}`;
    expect(entry).toMatchObject({ actor_id: me.id, data: { username: victim.username } });

    expect((await signedIn.get("/dashboard/secretaria")).status).toBe(302);
    expect((await half.post(CODE_STEP, { code: await freshCode(t.url, victim.username) })).headers.get("location")).toBe("/login");
    expect(await passwordStep(t.anonymous(), victim.username, victim.password)).toBe(ENROL);
  });

  it("is offered and done only for a user with a second factor: with none, a 409 that says so, and nothing changes", async () => {
    await createUser(t.db, { role: "secretaria", name: "Aaa Com Duas Etapas" });
    const without = await createUser(t.db, { role: "campo", name: "Aaa Sem Duas Etapas" });
    const signedIn = await t.login({ username: without.username, password: without.password });
    const admin = await t.login("admin");
    const html = await (await admin.get("/dashboard/admin/users")).text();
    expect(html).toContain("Aaa Sem Duas Etapas");
    expect(html).toContain("2 etapas: redefinir a verificação de Aaa Com Duas Etapas");
    expect(html).not.toContain("2 etapas: redefinir a verificação de Aaa Sem Duas Etapas");

    const audits = async () =>
      (await t.query`select 1 from audit_log where action = 'user.two_factor_reset' and entity_id = ${without.id}`).length;
    const res = await admin.post("/dashboard/admin/users", { intent: "reset-2fa", id: without.id });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("Este usuário não tem verificação em duas etapas ativa: não há o que redefinir.");
    expect(await audits()).toBe(0);
    expect((await signedIn.get("/dashboard/campo")).status).toBe(200);
  });

  it("is refused for one's own account and for every other role", async () => {
    const admin = await t.login("admin");
    const me = await t.user("admin");
    const own = await admin.post("/dashboard/admin/users", { intent: "reset-2fa", id: me.id });
    expect(own.status).toBe(400);
    const target = await createUser(t.db, { role: "rh" });
    const rh = await t.login("rh");
    const refused = await rh.post("/dashboard/admin/users", { intent: "reset-2fa", id: target.id });
    expect(refused.status).toBe(403);
    const [{ on }] = await t.query<{ on: boolean }>`select totp_secret is not null as on from users where id = ${target.id}`;
    expect(on).toBe(true);
  });
});

describe("the demo (ADR 186)", () => {
  it("shows the current code on the code step of a demo account with the published secret, and of no other", async () => {
    const demo = await createUser(t.db, { role: "admin", isDemo: true });
    const c = t.anonymous();
    await passwordStep(c, demo.username, demo.password);
    const html = await (await c.get(CODE_STEP)).text();
    expect(html).toContain("Conta de demonstração");
    expect(html).toMatch(/o código agora é <strong[^>]*>\d{6}<\/strong>/);
    expect(totpCode(KNOWN_TOTP_SECRET)).toHaveLength(6);

    const real = await createUser(t.db, { role: "admin" });
    const d = t.anonymous();
    await passwordStep(d, real.username, real.password);
    expect(await (await d.get(CODE_STEP)).text()).not.toContain("Conta de demonstração");
  });
});

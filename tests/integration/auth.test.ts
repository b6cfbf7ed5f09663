import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLES, type Role } from "~/auth/roles";
import { useTestServer } from "../support/suite";
import { Client } from "../support/http";
import { startSmtpSink } from "../fakes/smtp-sink";

let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  smtp = await startSmtpSink();
});
const t = useTestServer({ env: () => ({ SMTP_URL: smtp.url }) });
afterAll(async () => {
  await smtp?.close();
});

/** The username of this file's staff user of a role. */
const username = async (role: Role) => (await t.user(role)).username;
const password = async (role: Role) => (await t.user(role)).password;

async function sessionCount(role: Role) {
  const [row] = await t.query<{
    n: number;
  }>`select count(*)::int as n from sessions s join users u on u.id = s.user_id where u.username = ${await username(role)}`;
  return row.n;
}

async function followFlash(c: Client, location: string) {
  return (await c.get(location)).text();
}

describe("login", () => {
  it("signs each staff user in and sends them to /dashboard/{role}", async () => {
    for (const role of ROLES) {
      const c = t.anonymous();
      const res = await c.login(await username(role), await password(role));
      expect(res.headers.get("location")).toBe(`/dashboard/${role}`);
      const page = await c.get(`/dashboard/${role}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Login realizado com sucesso!");
    }
  });

  it("sets the session cookie HttpOnly, SameSite=Lax, Secure (production) and host-only", async () => {
    const c = t.anonymous();
    const res = await c.login(await username("rh"), await password("rh"));
    const cookie = res.headers.getSetCookie().find((s) => s.startsWith("__Host-sid="))!;
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Domain=/i);
    // The cookie holds a random token; the database only its hash.
    const token = cookie.split(";")[0].split("=")[1];
    expect(token.length).toBeGreaterThanOrEqual(40);
    const rows = await t.query<{ id: string }>`select id from sessions where id = ${token}`;
    expect(rows).toHaveLength(0);
  });

  it("answers wrong credentials with the original's message and 401", async () => {
    const c = t.anonymous();
    const res = await c.post("/login", { username: await username("admin"), password: "errada" });
    expect(res.status).toBe(401);
    expect(await res.text()).toContain("Usuário ou senha incorretos!");
    const unknown = await c.post("/login", { username: "ninguem", password: "errada" });
    expect(unknown.status).toBe(401);
    expect(await unknown.text()).toContain("Usuário ou senha incorretos!");
    expect(c.cookies.has("__Host-sid")).toBe(false);
  });

  it("refuses an empty form with 400", async () => {
    const res = await t.anonymous().post("/login", { username: "", password: "" });
    expect(res.status).toBe(400);
  });

  it("rotates the session at login and drops the previous one", async () => {
    const c = await t.login("secretaria");
    const first = c.cookies.get("__Host-sid");
    const before = await sessionCount("secretaria");
    await c.login(await username("secretaria"), await password("secretaria"));
    expect(c.cookies.get("__Host-sid")).not.toBe(first);
    expect(await sessionCount("secretaria")).toBe(before);
  });

  it("sends an authenticated visitor of /login to their panel", async () => {
    const c = await t.login("juridico");
    const res = await c.get("/login");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/dashboard/juridico");
  });

  it("remembers where a signed-out visitor was going, and only follows local paths", async () => {
    const c = t.anonymous();
    const res = await c.get("/dashboard/admin/users?x=1");
    expect(res.status).toBe(302);
    const location = res.headers.get("location")!;
    expect(location).toBe(`/login?redirectTo=${encodeURIComponent("/dashboard/admin/users?x=1")}`);
    const admin = await t.user("admin");
    // Through the second factor's code step (the helper types the code), the target is kept.
    const login = await c.login(admin.username, admin.password, { redirectTo: "/dashboard/admin/users?x=1" });
    expect(login.headers.get("location")).toBe("/dashboard/admin/users?x=1");
    const evil = await t.anonymous().login(admin.username, admin.password, { redirectTo: "//evil.example/x" });
    expect(evil.headers.get("location")).toBe("/dashboard/admin");
  });

  it("refuses the 11th failed login for one account within 15 minutes, even with the right password", async () => {
    const c = t.anonymous();
    const homologacao = await t.user("homologacao");
    for (let i = 1; i <= 10; i++) {
      const res = await c.post("/login", { username: homologacao.username, password: `errada-${i}` });
      expect(res.status, `tentativa ${i}`).toBe(401);
    }
    const eleventh = await c.post("/login", { username: homologacao.username, password: homologacao.password });
    expect(eleventh.status).toBe(429);
    expect(await eleventh.text()).toMatch(/Muitas tentativas de login\. Tente novamente em \d+ minutos?\./);
    // Another account is not affected.
    expect((await t.anonymous().login(await username("financeiro"), await password("financeiro"))).status).toBe(302);
  });
});

describe("logout", () => {
  it("revokes the session, clears the cookie and says 'Logout realizado com sucesso!'", async () => {
    const c = await t.login("campo");
    const before = await sessionCount("campo");
    const res = await c.post("/logout", {});
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login");
    expect(c.cookies.has("__Host-sid")).toBe(false);
    expect(await sessionCount("campo")).toBe(before - 1);
    expect(await followFlash(c, "/login")).toContain("Logout realizado com sucesso!");
  });

  it("does not sign out on GET (no GET changes data)", async () => {
    const c = await t.login("campo");
    const before = await sessionCount("campo");
    await c.get("/logout");
    expect(await sessionCount("campo")).toBe(before);
    expect((await c.get("/dashboard/campo")).status).toBe(200);
  });
});

describe("cross-site requests", () => {
  it("refuses a form post with a foreign Origin and changes nothing", async () => {
    const c = await t.login("admin");
    const [{ n: before }] = await t.query<{ n: number }>`select count(*)::int as n from users`;
    const res = await c.post(
      "/dashboard/admin/users",
      { intent: "create", username: "csrf", name: "CSRF", email: "csrf@exemplo.com", role: "admin", password: "Senha@Forte1" },
      { headers: { Origin: "https://evil.example" } },
    );
    expect(res.status).toBe(403);
    const [{ n: after }] = await t.query<{ n: number }>`select count(*)::int as n from users`;
    expect(after).toBe(before);
  });

  it("refuses a cross-site login post and one flagged by Sec-Fetch-Site", async () => {
    const admin = await t.user("admin");
    const a = await new Client(t.url, "").request("/login", {
      method: "POST",
      body: new URLSearchParams({ username: admin.username, password: admin.password }),
      headers: { Origin: "https://evil.example" },
    });
    expect(a.status).toBe(403);
    const b = await new Client(t.url, "").request("/login", {
      method: "POST",
      body: new URLSearchParams({ username: admin.username, password: admin.password }),
      headers: { "Sec-Fetch-Site": "cross-site" },
    });
    expect(b.status).toBe(403);
  });
});

describe("session lifetime", () => {
  it("ends a session idle for more than 30 minutes", async () => {
    const c = await t.login("presidencia");
    expect((await c.get("/dashboard/presidencia")).status).toBe(200);
    await t.query`update sessions set last_seen_at = now() - interval '31 minutes' where user_id = ${(await t.user("presidencia")).id}`;
    const res = await c.get("/dashboard/presidencia");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
  });

  it("keeps a session used within 30 minutes, but never past 12 hours", async () => {
    const c = await t.login("presidencia");
    await t.query`update sessions set last_seen_at = now() - interval '29 minutes' where user_id = ${(await t.user("presidencia")).id}`;
    expect((await c.get("/dashboard/presidencia")).status).toBe(200);
    await t.query`update sessions set expires_at = now() - interval '1 second' where user_id = ${(await t.user("presidencia")).id}`;
    expect((await c.get("/dashboard/presidencia")).status).toBe(302);
  });
});

describe("revocation by an admin", () => {
  async function targetUser() {
    const admin = await t.login("admin");
    const username = `alvo${Date.now() % 100000}`;
    const created = await admin.post("/dashboard/admin/users", {
      intent: "create",
      username,
      name: "Alvo",
      email: `${username}@exemplo.com`,
      role: "secretaria",
      password: "Alvo@2026x",
    });
    expect(created.status).toBe(200);
    const [{ id }] = await t.query<{ id: string }>`select id from users where username = ${username}`;
    const victim = await t.login({ username, password: "Alvo@2026x" });
    expect((await victim.get("/dashboard/secretaria")).status).toBe(200);
    return { admin, victim, id, username };
  }

  it("signs a user out when an admin sets their password", async () => {
    const { admin, victim, id } = await targetUser();
    const res = await admin.post("/dashboard/admin/users", {
      intent: "set-password",
      id,
      password: "Nova@Senha1",
      confirmPassword: "Nova@Senha1",
    });
    expect(res.status).toBe(200);
    expect((await victim.get("/dashboard/secretaria")).status).toBe(302);
  });

  it("signs a user out when an admin changes their role", async () => {
    const { admin, victim, id } = await targetUser();
    await admin.post("/dashboard/admin/users", { intent: "update", id, name: "Alvo", email: "alvo@exemplo.com", role: "rh" });
    expect((await victim.get("/dashboard/secretaria")).status).toBe(302);
  });

  it("signs a user out when an admin removes them", async () => {
    const { admin, victim, id } = await targetUser();
    await admin.post("/dashboard/admin/users", { intent: "delete", id });
    expect((await victim.get("/dashboard/secretaria")).status).toBe(302);
    const rows = await t.query`select 1 from sessions where user_id = ${id}`;
    expect(rows).toHaveLength(0);
  });
});

describe("change own password (/dashboard/alterar-senha)", () => {
  const post = (c: Client, body: Record<string, string>) => c.post("/dashboard/alterar-senha", body);

  it("validates with every message of the original", async () => {
    const c = await t.login("financeiro");
    const current = await password("financeiro");
    const cases: Array<[Record<string, string>, string]> = [
      [{ currentPassword: "", newPassword: "Nova@Senha1", confirmPassword: "Nova@Senha1" }, "Senha atual é obrigatória"],
      [{ currentPassword: current, newPassword: "", confirmPassword: "" }, "Nova senha é obrigatória"],
      [
        { currentPassword: current, newPassword: "fraca", confirmPassword: "fraca" },
        "Senha muito fraca. Atenda aos critérios de segurança.",
      ],
      [{ currentPassword: current, newPassword: "Nova@Senha1", confirmPassword: "" }, "Confirmação de senha é obrigatória"],
      [{ currentPassword: current, newPassword: "Nova@Senha1", confirmPassword: "Outra@Senha1" }, "Senhas não coincidem"],
      [{ currentPassword: current, newPassword: current, confirmPassword: current }, "A nova senha deve ser diferente da atual"],
      [{ currentPassword: "Errada@2026", newPassword: "Nova@Senha1", confirmPassword: "Nova@Senha1" }, "Senha atual incorreta!"],
    ];
    for (const [body, message] of cases) {
      const res = await post(c, body);
      expect(res.status, message).toBe(400);
      expect(await res.text()).toContain(message);
    }
  });

  it("changes the password, keeps this session and ends the others", async () => {
    const financeiro = await t.user("financeiro");
    const here = await t.login("financeiro");
    const elsewhere = await t.login("financeiro");
    const res = await post(here, { currentPassword: financeiro.password, newPassword: "Nova@Senha1", confirmPassword: "Nova@Senha1" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Senha alterada com sucesso!");
    expect((await here.get("/dashboard/financeiro")).status).toBe(200);
    expect((await elsewhere.get("/dashboard/financeiro")).status).toBe(302);
    expect((await t.anonymous().post("/login", { username: financeiro.username, password: financeiro.password })).status).toBe(401);
    await t.anonymous().login(financeiro.username, "Nova@Senha1");
    const [audit] = await t.query<{ n: number }>`select count(*)::int as n from audit_log where action = 'user.password_changed'`;
    expect(audit.n).toBeGreaterThan(0);
  });
});

describe("forgotten password", () => {
  const ANSWER = "Se o usuário estiver cadastrado, enviaremos um link para redefinir a senha ao e-mail registrado.";

  it("answers the same whether or not the username exists, and mails a single-use link", async () => {
    const rh = await t.user("rh");
    const known = await t.anonymous().post("/esqueci-senha", { username: rh.username });
    const unknown = await t.anonymous().post("/esqueci-senha", { username: "nao-existe" });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const a = await known.text();
    const b = await unknown.text();
    expect(a).toContain(ANSWER);
    expect(b).toContain(ANSWER);

    const mail = await smtp.waitFor((m) => m.to.includes(rh.email));
    expect(mail.subject).toContain("Redefinição de senha");
    const link = /https?:\/\/[^\s]+\/redefinir-senha\/[A-Za-z0-9_-]+/.exec(mail.text)![0];
    const path = new URL(link).pathname;
    expect(smtp.messages.some((m) => m.to.some((t) => t.includes("nao-existe")))).toBe(false);

    const victim = await t.login("rh");
    const c = t.anonymous();
    expect(await (await c.get(path)).text()).toContain("Redefinir senha");
    const weak = await c.post(path, { newPassword: "fraca", confirmPassword: "fraca" });
    expect(weak.status).toBe(400);
    const done = await c.post(path, { newPassword: "Reset@2026x", confirmPassword: "Reset@2026x" });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/login");
    await t.anonymous().login(rh.username, "Reset@2026x");
    expect((await victim.get("/dashboard/rh")).status).toBe(302); // signed out everywhere

    const again = await c.post(path, { newPassword: "Outra@2026x", confirmPassword: "Outra@2026x" });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("Este link de redefinição é inválido ou expirou.");
  });

  it("refuses a link older than one hour", async () => {
    const secretaria = await t.user("secretaria");
    await t.anonymous().post("/esqueci-senha", { username: secretaria.username });
    const mail = await smtp.waitFor((m) => m.to.includes(secretaria.email));
    const path = new URL(/https?:\/\/[^\s]+\/redefinir-senha\/[A-Za-z0-9_-]+/.exec(mail.text)![0]).pathname;
    await t.query`update password_reset_tokens set expires_at = now() - interval '1 second'`;
    const res = await t.anonymous().post(path, { newPassword: "Reset@2026x", confirmPassword: "Reset@2026x" });
    expect(res.status).toBe(400);
    expect((await t.anonymous().post("/login", { username: secretaria.username, password: "Reset@2026x" })).status).toBe(401);
  });
});

describe("dashboard URLs", () => {
  it("a segment that is no role gets the not-found page with HTTP 404; another role's panel still leads to one's own", async () => {
    const c = await t.login("secretaria");
    for (const path of ["/dashboard/nao-existe", "/dashboard/membros", "/dashboard/ADMIN"]) {
      const res = await c.get(path);
      expect(res.status, path).toBe(404);
      const html = await res.text();
      expect(html).toContain("Oops! Page not found");
      expect(html).not.toContain("Bem-vindo(a)");
    }
    const other = await c.get("/dashboard/financeiro");
    expect(other.status).toBe(302);
    expect(other.headers.get("location")).toBe("/dashboard/secretaria");
    expect((await c.get("/dashboard/secretaria")).status).toBe(200);
    // Signed out, the login comes first (an unknown URL tells nothing before that).
    const anon = await t.anonymous().get("/dashboard/nao-existe");
    expect(anon.status).toBe(302);
    expect(anon.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent("/dashboard/nao-existe")}`);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/server";
import { Client, loggedIn } from "../support/http";
import { startSmtpSink } from "../fakes/smtp-sink";

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestServer({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

async function sessionCount(username: string) {
  const [row] = await server.query<{ n: number }>`select count(*)::int as n from sessions s join users u on u.id = s.user_id where u.username = ${username}`;
  return row.n;
}

async function followFlash(c: Client, location: string) {
  return (await c.get(location)).text();
}

describe("login", () => {
  it("signs each demo user in and sends them to /dashboard/{role}", async () => {
    for (const role of ["admin", "presidencia", "juridico", "financeiro", "rh", "secretaria", "homologacao", "campo"]) {
      const c = new Client(server.url);
      const res = await c.login(role);
      expect(res.headers.get("location")).toBe(`/dashboard/${role}`);
      const page = await c.get(`/dashboard/${role}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Login realizado com sucesso!");
    }
  });

  it("sets the session cookie HttpOnly, SameSite=Lax, Secure (production) and host-only", async () => {
    const c = new Client(server.url);
    const res = await c.login("rh");
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
    const rows = await server.query<{ id: string }>`select id from sessions where id = ${token}`;
    expect(rows).toHaveLength(0);
  });

  it("answers wrong credentials with the original's message and 401", async () => {
    const c = new Client(server.url);
    const res = await c.post("/login", { username: "admin", password: "errada" });
    expect(res.status).toBe(401);
    expect(await res.text()).toContain("Usuário ou senha incorretos!");
    const unknown = await c.post("/login", { username: "ninguem", password: "errada" });
    expect(unknown.status).toBe(401);
    expect(await unknown.text()).toContain("Usuário ou senha incorretos!");
    expect(c.cookies.has("__Host-sid")).toBe(false);
  });

  it("refuses an empty form with 400", async () => {
    const res = await new Client(server.url).post("/login", { username: "", password: "" });
    expect(res.status).toBe(400);
  });

  it("rotates the session at login and drops the previous one", async () => {
    const c = await loggedIn(server.url, "secretaria");
    const first = c.cookies.get("__Host-sid");
    const before = await sessionCount("secretaria");
    await c.login("secretaria");
    expect(c.cookies.get("__Host-sid")).not.toBe(first);
    expect(await sessionCount("secretaria")).toBe(before);
  });

  it("sends an authenticated visitor of /login to their panel", async () => {
    const c = await loggedIn(server.url, "juridico");
    const res = await c.get("/login");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/dashboard/juridico");
  });

  it("remembers where a signed-out visitor was going, and only follows local paths", async () => {
    const c = new Client(server.url);
    const res = await c.get("/dashboard/admin/users?x=1");
    expect(res.status).toBe(302);
    const location = res.headers.get("location")!;
    expect(location).toBe(`/login?redirectTo=${encodeURIComponent("/dashboard/admin/users?x=1")}`);
    const login = await c.post("/login", { username: "admin", password: "Demo@2026", redirectTo: "/dashboard/admin/users?x=1" });
    expect(login.headers.get("location")).toBe("/dashboard/admin/users?x=1");
    const evil = await new Client(server.url).post("/login", { username: "admin", password: "Demo@2026", redirectTo: "//evil.example/x" });
    expect(evil.headers.get("location")).toBe("/dashboard/admin");
  });

  it("refuses the 11th failed login for one account within 15 minutes, even with the right password", async () => {
    const c = new Client(server.url);
    for (let i = 1; i <= 10; i++) {
      const res = await c.post("/login", { username: "homologacao", password: `errada-${i}` });
      expect(res.status, `tentativa ${i}`).toBe(401);
    }
    const eleventh = await c.post("/login", { username: "homologacao", password: "Demo@2026" });
    expect(eleventh.status).toBe(429);
    expect(await eleventh.text()).toMatch(/Muitas tentativas de login\. Tente novamente em \d+ minutos?\./);
    // Another account is not affected.
    expect((await new Client(server.url).login("financeiro")).status).toBe(302);
  });
});

describe("logout", () => {
  it("revokes the session, clears the cookie and says 'Logout realizado com sucesso!'", async () => {
    const c = await loggedIn(server.url, "campo");
    const before = await sessionCount("campo");
    const res = await c.post("/logout", {});
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login");
    expect(c.cookies.has("__Host-sid")).toBe(false);
    expect(await sessionCount("campo")).toBe(before - 1);
    expect(await followFlash(c, "/login")).toContain("Logout realizado com sucesso!");
  });

  it("does not sign out on GET (no GET changes data)", async () => {
    const c = await loggedIn(server.url, "campo");
    const before = await sessionCount("campo");
    await c.get("/logout");
    expect(await sessionCount("campo")).toBe(before);
    expect((await c.get("/dashboard/campo")).status).toBe(200);
  });
});

describe("cross-site requests", () => {
  it("refuses a form post with a foreign Origin and changes nothing", async () => {
    const c = await loggedIn(server.url, "admin");
    const [{ n: before }] = await server.query<{ n: number }>`select count(*)::int as n from users`;
    const res = await c.post(
      "/dashboard/admin/users",
      { intent: "create", username: "csrf", name: "CSRF", email: "csrf@exemplo.com", role: "admin", password: "Senha@Forte1" },
      { headers: { Origin: "https://evil.example" } },
    );
    expect(res.status).toBe(403);
    const [{ n: after }] = await server.query<{ n: number }>`select count(*)::int as n from users`;
    expect(after).toBe(before);
  });

  it("refuses a cross-site login post and one flagged by Sec-Fetch-Site", async () => {
    const a = await new Client(server.url, "").request("/login", {
      method: "POST",
      body: new URLSearchParams({ username: "admin", password: "Demo@2026" }),
      headers: { Origin: "https://evil.example" },
    });
    expect(a.status).toBe(403);
    const b = await new Client(server.url, "").request("/login", {
      method: "POST",
      body: new URLSearchParams({ username: "admin", password: "Demo@2026" }),
      headers: { "Sec-Fetch-Site": "cross-site" },
    });
    expect(b.status).toBe(403);
  });
});

describe("session lifetime", () => {
  it("ends a session idle for more than 30 minutes", async () => {
    const c = await loggedIn(server.url, "presidencia");
    expect((await c.get("/dashboard/presidencia")).status).toBe(200);
    await server.query`update sessions set last_seen_at = now() - interval '31 minutes' where user_id = (select id from users where username = 'presidencia')`;
    const res = await c.get("/dashboard/presidencia");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
  });

  it("keeps a session used within 30 minutes, but never past 12 hours", async () => {
    const c = await loggedIn(server.url, "presidencia");
    await server.query`update sessions set last_seen_at = now() - interval '29 minutes' where user_id = (select id from users where username = 'presidencia')`;
    expect((await c.get("/dashboard/presidencia")).status).toBe(200);
    await server.query`update sessions set expires_at = now() - interval '1 second' where user_id = (select id from users where username = 'presidencia')`;
    expect((await c.get("/dashboard/presidencia")).status).toBe(302);
  });
});

describe("revocation by an admin", () => {
  async function targetUser() {
    const admin = await loggedIn(server.url, "admin");
    const username = `alvo${Date.now() % 100000}`;
    const created = await admin.post("/dashboard/admin/users", {
      intent: "create", username, name: "Alvo", email: `${username}@exemplo.com`, role: "secretaria", password: "Alvo@2026x",
    });
    expect(created.status).toBe(200);
    const [{ id }] = await server.query<{ id: string }>`select id from users where username = ${username}`;
    const victim = await loggedIn(server.url, username, "Alvo@2026x");
    expect((await victim.get("/dashboard/secretaria")).status).toBe(200);
    return { admin, victim, id, username };
  }

  it("signs a user out when an admin sets their password", async () => {
    const { admin, victim, id } = await targetUser();
    const res = await admin.post("/dashboard/admin/users", { intent: "set-password", id, password: "Nova@Senha1", confirmPassword: "Nova@Senha1" });
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
    const rows = await server.query`select 1 from sessions where user_id = ${id}`;
    expect(rows).toHaveLength(0);
  });
});

describe("change own password (/dashboard/alterar-senha)", () => {
  const post = (c: Client, body: Record<string, string>) => c.post("/dashboard/alterar-senha", body);

  it("validates with every message of the original", async () => {
    const c = await loggedIn(server.url, "financeiro");
    const cases: Array<[Record<string, string>, string]> = [
      [{ currentPassword: "", newPassword: "Nova@Senha1", confirmPassword: "Nova@Senha1" }, "Senha atual é obrigatória"],
      [{ currentPassword: "Demo@2026", newPassword: "", confirmPassword: "" }, "Nova senha é obrigatória"],
      [{ currentPassword: "Demo@2026", newPassword: "fraca", confirmPassword: "fraca" }, "Senha muito fraca. Atenda aos critérios de segurança."],
      [{ currentPassword: "Demo@2026", newPassword: "Nova@Senha1", confirmPassword: "" }, "Confirmação de senha é obrigatória"],
      [{ currentPassword: "Demo@2026", newPassword: "Nova@Senha1", confirmPassword: "Outra@Senha1" }, "Senhas não coincidem"],
      [{ currentPassword: "Demo@2026", newPassword: "Demo@2026", confirmPassword: "Demo@2026" }, "A nova senha deve ser diferente da atual"],
      [{ currentPassword: "Errada@2026", newPassword: "Nova@Senha1", confirmPassword: "Nova@Senha1" }, "Senha atual incorreta!"],
    ];
    for (const [body, message] of cases) {
      const res = await post(c, body);
      expect(res.status, message).toBe(400);
      expect(await res.text()).toContain(message);
    }
  });

  it("changes the password, keeps this session and ends the others", async () => {
    const here = await loggedIn(server.url, "financeiro");
    const elsewhere = await loggedIn(server.url, "financeiro");
    const res = await post(here, { currentPassword: "Demo@2026", newPassword: "Nova@Senha1", confirmPassword: "Nova@Senha1" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Senha alterada com sucesso!");
    expect((await here.get("/dashboard/financeiro")).status).toBe(200);
    expect((await elsewhere.get("/dashboard/financeiro")).status).toBe(302);
    expect((await new Client(server.url).post("/login", { username: "financeiro", password: "Demo@2026" })).status).toBe(401);
    await new Client(server.url).login("financeiro", "Nova@Senha1");
    const [audit] = await server.query<{ n: number }>`select count(*)::int as n from audit_log where action = 'user.password_changed'`;
    expect(audit.n).toBeGreaterThan(0);
  });
});

describe("forgotten password", () => {
  const ANSWER = "Se o usuário estiver cadastrado, enviaremos um link para redefinir a senha ao e-mail registrado.";

  it("answers the same whether or not the username exists, and mails a single-use link", async () => {
    const known = await new Client(server.url).post("/esqueci-senha", { username: "rh" });
    const unknown = await new Client(server.url).post("/esqueci-senha", { username: "nao-existe" });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const a = await known.text();
    const b = await unknown.text();
    expect(a).toContain(ANSWER);
    expect(b).toContain(ANSWER);

    const mail = await smtp.waitFor((m) => m.to.includes("rh@demo.sindicato.local"));
    expect(mail.subject).toContain("Redefinição de senha");
    const link = /https?:\/\/[^\s]+\/redefinir-senha\/[A-Za-z0-9_-]+/.exec(mail.text)![0];
    const path = new URL(link).pathname;
    expect(smtp.messages.some((m) => m.to.some((t) => t.includes("nao-existe")))).toBe(false);

    const victim = await loggedIn(server.url, "rh");
    const c = new Client(server.url);
    expect(await (await c.get(path)).text()).toContain("Redefinir senha");
    const weak = await c.post(path, { newPassword: "fraca", confirmPassword: "fraca" });
    expect(weak.status).toBe(400);
    const done = await c.post(path, { newPassword: "Reset@2026x", confirmPassword: "Reset@2026x" });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/login");
    await new Client(server.url).login("rh", "Reset@2026x");
    expect((await victim.get("/dashboard/rh")).status).toBe(302); // signed out everywhere

    const again = await c.post(path, { newPassword: "Outra@2026x", confirmPassword: "Outra@2026x" });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("Este link de redefinição é inválido ou expirou.");
  });

  it("refuses a link older than one hour", async () => {
    await new Client(server.url).post("/esqueci-senha", { username: "secretaria" });
    const mail = await smtp.waitFor((m) => m.to.includes("secretaria@demo.sindicato.local"));
    const path = new URL(/https?:\/\/[^\s]+\/redefinir-senha\/[A-Za-z0-9_-]+/.exec(mail.text)![0]).pathname;
    await server.query`update password_reset_tokens set expires_at = now() - interval '1 second'`;
    const res = await new Client(server.url).post(path, { newPassword: "Reset@2026x", confirmPassword: "Reset@2026x" });
    expect(res.status).toBe(400);
    expect((await new Client(server.url).post("/login", { username: "secretaria", password: "Reset@2026x" })).status).toBe(401);
  });
});

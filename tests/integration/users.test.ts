import { describe, expect, it } from "vitest";
import { signedIn, staffUsers, useTestServer } from "../support/suite";

const t = useTestServer();
const staffUser = staffUsers(t, ["admin"]);
const as = signedIn(t, ["admin"]);

async function postJson(body: Record<string, string>) {
  // Ask React Router for the action's data (single fetch) the way the browser does.
  const res = await as("admin").request("/dashboard/admin/users.data", { method: "POST", body: new URLSearchParams(body) });
  const text = await res.text();
  return { status: res.status, text };
}

async function idOf(username: string) {
  const [row] = await t.query<{ id: string }>`select id from users where username = ${username}`;
  return row?.id;
}

describe("user management (admin)", () => {
  it("lists every user", async () => {
    const staff = [staffUser("admin"), await t.user("campo"), await t.user("rh")];
    const html = await (await as("admin").get("/dashboard/admin/users")).text();
    for (const u of staff) expect(html).toContain(u.email);
  });

  it("creates a user, answering 'Usuário criado com sucesso!' and auditing it", async () => {
    const r = await postJson({
      intent: "create",
      username: "Joao.Silva",
      name: "João Silva",
      email: "joao@exemplo.com",
      role: "juridico",
      password: "Joao@2026",
    });
    expect(r.status).toBe(200);
    expect(r.text).toContain("Usuário criado com sucesso!");
    const id = await idOf("joao.silva");
    expect(id).toBeDefined();
    const audit = await t.query<{
      actor_username: string;
      data: { role: string };
    }>`select actor_username, data from audit_log where action = 'user.created' and entity_id = ${id}`;
    expect(audit[0].actor_username).toBe(staffUser("admin").username);
    expect(audit[0].data.role).toBe("juridico");
  });

  it("refuses a duplicate username, bad e-mail, unknown role and weak password with 4xx and writes nothing", async () => {
    const [{ n: before }] = await t.query<{ n: number }>`select count(*)::int as n from users`;
    const cases: Array<[Record<string, string>, string]> = [
      [
        { username: (await t.user("campo")).username, name: "X", email: "x@exemplo.com", role: "rh", password: "Senha@2026" },
        "Este nome de usuário já está em uso.",
      ],
      [{ username: "novo1", name: "X", email: "nao-e-email", role: "rh", password: "Senha@2026" }, "E-mail inválido."],
      [{ username: "novo2", name: "X", email: "x@exemplo.com", role: "chefe", password: "Senha@2026" }, "Selecione um perfil válido."],
      [
        { username: "novo3", name: "X", email: "x@exemplo.com", role: "rh", password: "fraca" },
        "Senha muito fraca. Atenda aos critérios de segurança.",
      ],
      [{ username: "a", name: "X", email: "x@exemplo.com", role: "rh", password: "Senha@2026" }, "Usuário deve ter de 3 a 32 caracteres"],
      [{ username: "novo4", name: "", email: "x@exemplo.com", role: "rh", password: "Senha@2026" }, "Nome é obrigatório."],
    ];
    for (const [body, message] of cases) {
      const r = await postJson({ intent: "create", ...body });
      expect(r.status, message).toBeGreaterThanOrEqual(400);
      expect(r.status, message).toBeLessThan(500);
      expect(r.text, message).toContain(message);
    }
    const [{ n: after }] = await t.query<{ n: number }>`select count(*)::int as n from users`;
    expect(after).toBe(before);
  });

  it("names the field the person sees when the password is left empty: 'Senha' on the new-user form, 'Nova senha' when setting one", async () => {
    const create = await postJson({ intent: "create", username: "novo6", name: "X", email: "x6@exemplo.com", role: "rh", password: "" });
    expect(create.status).toBe(400);
    expect(create.text).toContain("Senha é obrigatória.");
    expect(create.text).not.toContain("Nova senha é obrigatória");
    expect(await idOf("novo6")).toBeUndefined();
    const id = await idOf((await t.user("campo")).username);
    const set = await postJson({ intent: "set-password", id, password: "", confirmPassword: "" });
    expect(set.status).toBe(400);
    expect(set.text).toContain("Nova senha é obrigatória");
  });

  it("edits name, e-mail and role: 'Usuário atualizado com sucesso!'", async () => {
    const id = await idOf("joao.silva");
    const r = await postJson({ intent: "update", id, name: "João P. Silva", email: "joaop@exemplo.com", role: "financeiro" });
    expect(r.text).toContain("Usuário atualizado com sucesso!");
    const [row] = await t.query<{ name: string; email: string; role: string }>`select name, email, role from users where id = ${id}`;
    expect(row).toEqual({ name: "João P. Silva", email: "joaop@exemplo.com", role: "financeiro" });
  });

  it("sets another user's password only when the confirmation matches", async () => {
    const id = await idOf("joao.silva");
    const bad = await postJson({ intent: "set-password", id, password: "Nova@2026", confirmPassword: "Nova@2027" });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("As senhas não coincidem");
    const good = await postJson({ intent: "set-password", id, password: "Nova@2026", confirmPassword: "Nova@2026" });
    expect(good.text).toContain("Senha alterada com sucesso!");
    await t.login({ username: "joao.silva", password: "Nova@2026" });
  });

  it("never deletes one's own row, nor demotes oneself", async () => {
    const me = staffUser("admin").id;
    const del = await postJson({ intent: "delete", id: me });
    expect(del.status).toBe(400);
    expect(del.text).toContain("Você não pode excluir o seu próprio usuário.");
    const demote = await postJson({ intent: "update", id: me, name: "Admin", email: staffUser("admin").email, role: "rh" });
    expect(demote.status).toBe(400);
    expect(demote.text).toContain("Você não pode alterar o seu próprio perfil.");
    expect(await idOf(staffUser("admin").username)).toBe(me);
  });

  it("lets an admin demote another admin (one admin always remains, since self-demotion is refused)", async () => {
    // A second admin demotes the first (allowed while another admin remains) …
    await postJson({
      intent: "create",
      username: "admin2",
      name: "Admin Dois",
      email: "a2@exemplo.com",
      role: "admin",
      password: "Admin@2026",
    });
    const admin2 = await t.login({ username: "admin2", password: "Admin@2026" });
    const first = staffUser("admin").id;
    const res = await admin2.request("/dashboard/admin/users.data", {
      method: "POST",
      body: new URLSearchParams({
        intent: "update",
        id: first,
        name: staffUser("admin").name,
        email: staffUser("admin").email,
        role: "rh",
      }),
    });
    expect(res.status).toBe(200);
    // … and exactly one administrator remains.
    const [{ n }] = await t.query<{ n: number }>`select count(*)::int as n from users where role = 'admin'`;
    expect(n).toBe(1);
  });

  it("deletes a user: 'Usuário excluído com sucesso!', audited with their username", async () => {
    const admin2 = await t.login({ username: "admin2", password: "Admin@2026" });
    const id = await idOf("joao.silva");
    const res = await admin2.request("/dashboard/admin/users.data", {
      method: "POST",
      body: new URLSearchParams({ intent: "delete", id }),
    });
    expect(await res.text()).toContain("Usuário excluído com sucesso!");
    expect(await idOf("joao.silva")).toBeUndefined();
    const [entry] = await t.query<{
      data: { username: string };
    }>`select data from audit_log where action = 'user.deleted' and entity_id = ${id}`;
    expect(entry.data.username).toBe("joao.silva");
  });

  it("answers an unknown id with 404 and a message", async () => {
    // The first admin was demoted above (and signed out); the second one asks.
    const admin2 = await t.login({ username: "admin2", password: "Admin@2026" });
    const res = await admin2.post("/dashboard/admin/users", { intent: "delete", id: "00000000-0000-4000-8000-000000000000" });
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Usuário não encontrado.");
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import type { Role } from "~/auth/roles";
import { createMember, type MemberRow } from "~/db/factories/members";
import { MEMBER_ACCESS_MESSAGES } from "~/domain/member-area/staff-access.server";
import { expectCodeNotMailed, memberSession, signInMember, MEMBER_AREA_ENV } from "../support/member-area";
import { addressSequence } from "../support/forwarded-client";
import { useMailingTestServer } from "../support/smtp";
import { visibleText } from "../support/html";

/**
 * The staff side of the member area (issue 23 §6, ADR 276): the card "Acesso à Área do Filiado"
 * for rh and admin, resend / block / unblock (403 for the other roles, audited), and the audit
 * screen naming a member's own entries by the member's current name.
 */
const { t, smtp } = useMailingTestServer(MEMBER_AREA_ENV);
const nextIp = addressSequence("198.18.9");
const page = (role: "admin" | "rh", id: string) => `/dashboard/${role}/members/${id}`;

let joana: MemberRow;
let semEmail: MemberRow;
beforeAll(async () => {
  joana = await createMember(t.db, {
    name: "Joana Demonstração Ferreira",
    email: "joana.ferreira@exemplo.com.br",
    situation: 1,
    status: "ativo",
  });
  semEmail = await createMember(t.db, { name: "Sérgio Sem Email", email: null, situation: 1, status: "ativo" });
});

async function audits(action: string, memberId: string) {
  return t.query<{ actor_username: string; entity_type: string; data: { registrationNumber: number } }>`
    select actor_username, entity_type, data from audit_log where action = ${action} and entity_id = ${memberId} order by id`;
}

describe("the card 'Acesso à Área do Filiado'", () => {
  it("rh and admin see it: never signed in, not blocked, e-mail on file; others do not", async () => {
    for (const role of ["admin", "rh"] as const) {
      const c = await t.login(role);
      const res = await c.get(page(role, joana.id));
      expect(res.status, role).toBe(200);
      const body = visibleText(await res.text());
      expect(body, role).toContain("Acesso à Área do Filiado");
      expect(body, role).toContain("Nunca entrou");
      expect(body, role).toContain("Liberado");
      expect(body, role).toContain("Reenviar acesso");
      expect(body, role).toContain("Bloquear acesso");
      const none = visibleText(await (await c.get(page(role, semEmail.id))).text());
      expect(none).toContain("Sem e-mail cadastrado");
      expect(none).not.toContain("Reenviar acesso");
    }
    for (const role of ["presidencia", "secretaria"] as const) {
      const c = await t.login(role);
      const res = await c.get(page("admin", joana.id));
      expect(res.status, role).toBe(200);
      expect(visibleText(await res.text()), role).not.toContain("Acesso à Área do Filiado");
    }
  });

  it("the other roles get 403 on every action, and nothing changes", async () => {
    const roles: Role[] = ["presidencia", "secretaria", "financeiro", "juridico"];
    for (const role of roles) {
      const c = await t.login(role);
      for (const intent of ["access-resend", "access-block", "access-unblock"]) {
        const res = await c.post(page("admin", joana.id), { intent });
        expect(res.status, `${role} ${intent}`).toBe(403);
      }
    }
    const [row] = await t.query<{
      n: number;
    }>`select count(*)::int as n from member_access where member_id = ${joana.id} and blocked_at is not null`;
    expect(row.n).toBe(0);
    expect(await audits("member_area.access_blocked", joana.id)).toHaveLength(0);
    expect(await audits("member_area.access_resent", joana.id)).toHaveLength(0);
  });
});

describe("resend, block, unblock", () => {
  it("resend e-mails the sign-in link, no code; refused with 422 when no e-mail is on file", async () => {
    const rh = await t.login("rh");
    const since = smtp.sink.messages.length;
    // As the page's script posts it (the answer is the toast's message)…
    const res = await rh.post(`${page("rh", joana.id)}.data`, { intent: "access-resend" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(MEMBER_ACCESS_MESSAGES.resent);
    const mail = await smtp.sink.waitFor((m) => smtp.sink.messages.indexOf(m) >= since && m.to.includes(joana.email!));
    expect(mail.subject).toBe("Seu acesso à Área do Filiado");
    expect(mail.text).toContain("https://sindicato.example/filiado/entrar");
    expect(mail.text).not.toMatch(/\d{6}/);
    expect(mail.subject).not.toMatch(/\d{6}/);
    const rows = await audits("member_area.access_resent", joana.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ entity_type: "member", data: { registrationNumber: joana.registrationNumber } });
    expect(rows[0].actor_username).toBe((await t.user("rh")).username);

    const refused = await rh.post(page("rh", semEmail.id), { intent: "access-resend" });
    expect(refused.status).toBe(422);
    expect(visibleText(await refused.text())).toContain(MEMBER_ACCESS_MESSAGES.noEmail);
    expect(await audits("member_area.access_resent", semEmail.id)).toHaveLength(0);
  });

  it("block ends the member's session and refuses sign-in like a non-member; unblock lets them in", async () => {
    const member = await memberSession(t, joana.id);
    expect((await member.get("/filiado")).status).toBe(200);
    const admin = await t.login("admin");
    const blocked = await admin.post(page("admin", joana.id), { intent: "access-block" });
    expect(blocked.status).toBe(200);
    await blocked.text(); // the toast is the client's; the page re-renders (works without JavaScript)
    const [sessions] = await t.query<{ n: number }>`select count(*)::int as n from member_sessions where member_id = ${joana.id}`;
    expect(sessions.n).toBe(0);
    const after = await member.get("/filiado");
    expect(after.status).toBe(302);
    expect(after.headers.get("location")).toMatch(/^\/filiado\/entrar/);

    const card = visibleText(await (await admin.get(page("admin", joana.id))).text());
    expect(card).toContain("Bloqueado desde");
    expect(card).toContain("Desbloquear acesso");
    expect(card).not.toContain("Reenviar acesso");

    // Sign-in: the same answer as a CPF of no one, and no e-mail.
    await expectCodeNotMailed(t, smtp.sink, { cpf: joana.cpf!, email: joana.email! }, nextIp());

    // Blocking twice is a clear 409, not a second entry.
    const again = await admin.post(page("admin", joana.id), { intent: "access-block" });
    expect(again.status).toBe(409);
    expect(visibleText(await again.text())).toContain(MEMBER_ACCESS_MESSAGES.alreadyBlocked);
    expect(await audits("member_area.access_blocked", joana.id)).toHaveLength(1);

    const unblocked = await admin.post(page("admin", joana.id), { intent: "access-unblock" });
    expect(unblocked.status).toBe(200);
    await unblocked.text(); // the toast is the client's; the page re-renders (works without JavaScript)
    expect(await audits("member_area.access_unblocked", joana.id)).toHaveLength(1);
    const notBlocked = await admin.post(page("admin", joana.id), { intent: "access-unblock" });
    expect(notBlocked.status).toBe(409);

    const signedIn = await signInMember(t, smtp.sink, { cpf: joana.cpf!, email: joana.email! }, nextIp());
    expect((await signedIn.get("/filiado")).status).toBe(200);
    const seen = visibleText(await (await admin.get(page("admin", joana.id))).text());
    expect(seen).not.toContain("Nunca entrou");
    expect(seen).toContain("Liberado");
  });
});

describe("the audit screen names members", () => {
  it("lists a member's sign-in with the member's name and matrícula", async () => {
    const admin = await t.login("admin");
    const res = await admin.get(`/dashboard/auditoria?acao=member_area.signed_in`);
    expect(res.status).toBe(200);
    const body = visibleText(await res.text());
    expect(body).toContain("Filiado entrou na Área do Filiado");
    expect(body).toContain(`Joana Demonstração Ferreira filiado ${joana.registrationNumber}`);
    // Never copied into the log: the entries hold the matrícula only.
    const [copied] = await t.query<{ n: number }>`
      select count(*)::int as n from audit_log where actor_id = ${joana.id} and (actor_username like '%Joana%' or data::text like '%Joana%')`;
    expect(copied.n).toBe(0);
  });

  it("an anonymised member shows the anonymised name", async () => {
    const other = await createMember(t.db, { name: "Paulo Anonimizável", email: "paulo.anon@exemplo.com.br", situation: 1 });
    await signInMember(t, smtp.sink, { cpf: other.cpf!, email: other.email! }, nextIp());
    const admin = await t.login("admin");
    const anon = await admin.post(page("admin", other.id), { intent: "anonymize" });
    expect(anon.status).toBe(200);
    const body = visibleText(await (await admin.get(`/dashboard/auditoria?acao=member_area.signed_in`)).text());
    expect(body).toContain(`Filiado anonimizado ${other.registrationNumber} filiado ${other.registrationNumber}`);
    expect(body).not.toContain("Paulo Anonimizável");
  });
});

import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { ROLES } from "~/auth/roles";
import { createMember, type MemberRow } from "~/db/factories/members";
import { brasiliaDateFromToday, createCharge, createPayment } from "~/db/factories/finance";
import { MY_DATA_MESSAGES, ADDRESS_REVIEW_MESSAGES } from "~/domain/member-area/my-data";
import { BR_MESSAGES } from "~/lib/br/messages";
import { formatCpf } from "~/lib/br/cpf";
import { Client } from "../support/http";
import { memberSession } from "../support/member-area";
import { useMailingTestServer } from "../support/smtp";
import { visibleText } from "../support/html";

/**
 * "Meus dados" over HTTP (issue 23 §4, ADR 275): the member's record with the CPF masked; the
 * phone applied at once; the e-mail after the code sent to the new address (a real SMTP server);
 * the address queued for rh's approval and decided on the staff screen; "Baixar meus dados" as
 * the admin's LGPD export; every change audited as the member; bad input answered 4xx in pt-BR
 * with nothing written; cross-site posts and staff sessions refused.
 */
const { t, smtp } = useMailingTestServer({ APP_URL: "https://sindicato.example" });

let ana: MemberRow;
let bruno: MemberRow;

beforeAll(async () => {
  ana = await createMember(t.db, {
    name: "Ana Paula Meireles",
    email: "ana.meireles@exemplo.com.br",
    mobilePhone: "(61) 99811-2233",
    address: "QNN 10 Conjunto B Casa 3",
    city: "Ceilândia",
    state: "DF",
    cep: "72225100",
    region: "Ceilândia",
    birthDate: "1988-04-17",
    situation: 1,
    status: "ativo",
  });
  bruno = await createMember(t.db, { name: "Bruno Salgado Rocha", email: "bruno.rocha@exemplo.com.br", situation: 1, status: "ativo" });
});

async function row(id: string) {
  const [r] = await t.query<{
    email: string | null;
    mobile_phone: string | null;
    home_phone: string | null;
    address: string | null;
    cep: string | null;
    city: string | null;
  }>`
    select email, mobile_phone, home_phone, address, cep, city from members where id = ${id}`;
  return r;
}

async function audits(memberId: string, action: string) {
  return t.query<{ actor_id: string | null; actor_username: string | null; data: Record<string, unknown> }>`
    select actor_id, actor_username, data from audit_log where entity_type = 'member' and entity_id = ${memberId} and action = ${action} order by id`;
}

describe("the page", () => {
  it("shows what the union holds, pt-BR labels, the CPF masked", async () => {
    const a = await memberSession(t, ana.id);
    const res = await a.get("/filiado/dados");
    expect(res.status).toBe(200);
    const html = await res.text();
    const page = visibleText(html);
    for (const label of [
      "Nome completo",
      "Matrícula",
      "CPF",
      "Data de nascimento",
      "E-mail",
      "Celular",
      "Endereço",
      "CEP",
      "Situação",
      "Filiado desde",
    ])
      expect(page, label).toContain(label);
    expect(page).toContain("Ana Paula Meireles");
    expect(page).toContain("17/04/1988");
    expect(page).toContain("72225-100");
    expect(page).toContain(`***.${ana.cpf!.slice(3, 6)}.${ana.cpf!.slice(6, 9)}-**`);
    expect(html).not.toContain(ana.cpf!);
    expect(html).not.toContain(formatCpf(ana.cpf!));
    // Linked from the area's navigation and home.
    expect(html).toContain('href="/filiado/dados"');
  });

  it("shows no raw status code: none beside a situação that says it, a word where it says more", async () => {
    /** The record's list, as read: "label value" pairs. */
    const record = async (id: string) => {
      const html = await (await (await memberSession(t, id)).get("/filiado/dados")).text();
      return visibleText(/data-testid="my-record"[\s\S]*?<\/dl>/.exec(html)![0].replace(/^[^>]*>/, ""));
    };
    // 'ativo' beside ATIVO(A) only repeats it.
    const repeated = await record(ana.id);
    expect(repeated).toContain("Situação ATIVO(A)");
    expect(repeated).not.toContain("Status");
    expect(repeated).not.toMatch(/\bativo\b/);
    // An older record without a situação: its status, as a word.
    const old = await createMember(t.db, { name: "Carlos Sem Situação", situation: null, status: "afastado" });
    const said = await record(old.id);
    expect(said).toContain("Situação —");
    expect(said).toContain("Status Afastado");
    expect(said).not.toMatch(/\bafastado\b/);
  });

  it("is refused to a signed-out visitor and to every staff session, for reads and posts alike", async () => {
    const before = await row(ana.id);
    for (const c of [t.anonymous(), ...(await Promise.all(ROLES.map((r) => t.login(r))))]) {
      for (const path of ["/filiado/dados", "/filiado/dados/exportar?formato=json"]) {
        const res = await c.get(path);
        expect(res.status, path).toBe(302);
        expect(res.headers.get("location"), path).toMatch(/^\/filiado\/entrar\?redirectTo=/);
      }
      const post = await c.post("/filiado/dados", { intent: "phone", mobilePhone: "(61) 99000-0000" });
      expect(post.status).toBe(302);
      expect(post.headers.get("location")).toMatch(/^\/filiado\/entrar/);
    }
    expect(await row(ana.id)).toEqual(before);
  });

  it("refuses a cross-site post", async () => {
    const a = await memberSession(t, ana.id);
    const res = await a.post(
      "/filiado/dados",
      { intent: "phone", mobilePhone: "(61) 99000-0000" },
      { headers: { Origin: "https://evil.example" } },
    );
    expect(res.status).toBe(403);
    expect((await row(ana.id)).mobile_phone).toBe("(61) 99811-2233");
  });
});

describe("phone: applied at once", () => {
  it("refuses a bad number in pt-BR with a 400, then applies a good one, audited as the member", async () => {
    const a = await memberSession(t, ana.id);
    const bad = await a.post("/filiado/dados", { intent: "phone", mobilePhone: "123", homePhone: "" });
    expect(bad.status).toBe(400);
    expect(visibleText(await bad.text())).toContain(BR_MESSAGES.phoneInvalid);
    expect((await row(ana.id)).mobile_phone).toBe("(61) 99811-2233");

    const ok = await a.post("/filiado/dados", { intent: "phone", mobilePhone: "61 98765-4321", homePhone: "(61) 3344-5566" });
    expect(ok.status).toBe(200);
    expect(visibleText(await ok.text())).toContain(MY_DATA_MESSAGES.phoneSaved);
    const r = await row(ana.id);
    expect(r.mobile_phone).toBe("(61) 98765-4321");
    expect(r.home_phone).toBe("(61) 3344-5566");
    const [entry] = await audits(ana.id, "member_area.contact_changed");
    expect(entry).toMatchObject({
      actor_id: ana.id,
      actor_username: `filiado ${ana.registrationNumber}`,
      data: { registrationNumber: ana.registrationNumber, changed: ["mobilePhone", "homePhone"] },
    });
    expect(JSON.stringify(entry.data)).not.toContain("98765");
  });
});

describe("e-mail: applied after the code sent to the new address", () => {
  it("sends a code to the new address only, stores its HMAC, and changes the e-mail once the code is typed", async () => {
    const a = await memberSession(t, ana.id);
    const bad = await a.post("/filiado/dados", { intent: "email-request", email: "não é e-mail" });
    expect(bad.status).toBe(400);
    expect(visibleText(await bad.text())).toContain(MY_DATA_MESSAGES.emailInvalid);
    const same = await a.post("/filiado/dados", { intent: "email-request", email: "ANA.MEIRELES@exemplo.com.br" });
    expect(same.status).toBe(400);
    expect(visibleText(await same.text())).toContain(MY_DATA_MESSAGES.emailSame);
    expect(await t.query`select id from member_email_changes where member_id = ${ana.id}`).toHaveLength(0);

    const since = smtp.sink.messages.length;
    const asked = await a.post("/filiado/dados", { intent: "email-request", email: "ana.nova@exemplo.com.br" });
    expect(asked.status).toBe(200);
    expect(visibleText(await asked.text())).toContain(MY_DATA_MESSAGES.emailCodeSent("ana.nova@exemplo.com.br"));
    const mail = await smtp.sink.waitFor((m) => smtp.sink.messages.indexOf(m) >= since && m.to.includes("ana.nova@exemplo.com.br"));
    expect(mail.subject).toMatch(/Código de confirmação do novo e-mail: \d{6}/);
    const code = /(\d{6})/.exec(mail.subject)![1];
    expect(mail.text).toContain(code);
    // Not applied yet; only a hash is stored.
    expect((await row(ana.id)).email).toBe("ana.meireles@exemplo.com.br");
    const [stored] = await t.query<{ code_hash: string }>`select code_hash from member_email_changes where member_id = ${ana.id}`;
    expect(stored.code_hash).not.toContain(code);
    expect(stored.code_hash).not.toBe(createHash("sha256").update(code).digest("hex"));
    expect(await t.query`select id from jobs where payload::text like ${`%${code}%`}`).toHaveLength(0);
    // The page asks for the code.
    expect(await (await a.get("/filiado/dados")).text()).toContain('data-testid="email-confirm-form"');

    // Another member cannot use it.
    const b = await memberSession(t, bruno.id);
    expect((await b.post("/filiado/dados", { intent: "email-confirm", code })).status).toBe(401);
    expect((await row(bruno.id)).email).toBe("bruno.rocha@exemplo.com.br");

    const wrong = await a.post("/filiado/dados", { intent: "email-confirm", code: code === "000000" ? "111111" : "000000" });
    expect(wrong.status).toBe(401);
    expect(visibleText(await wrong.text())).toContain(MY_DATA_MESSAGES.emailWrongCode);
    const malformed = await a.post("/filiado/dados", { intent: "email-confirm", code: "12ab" });
    expect(malformed.status).toBe(400);

    const oldSince = smtp.sink.messages.length;
    const ok = await a.post("/filiado/dados", { intent: "email-confirm", code });
    expect(ok.status).toBe(200);
    expect(visibleText(await ok.text())).toContain(MY_DATA_MESSAGES.emailChanged);
    expect((await row(ana.id)).email).toBe("ana.nova@exemplo.com.br");
    // Single use, and no copy of the address is left behind.
    expect((await a.post("/filiado/dados", { intent: "email-confirm", code })).status).toBe(401);
    expect(await t.query`select id from member_email_changes where member_id = ${ana.id}`).toHaveLength(0);
    // The old address is told.
    await smtp.sink.waitFor((m) => smtp.sink.messages.indexOf(m) >= oldSince && m.to.includes("ana.meireles@exemplo.com.br"));

    const sent = await audits(ana.id, "member_area.email_code_sent");
    const failed = await audits(ana.id, "member_area.email_code_failed");
    const [changed] = await audits(ana.id, "member_area.email_changed");
    expect(sent).toHaveLength(1);
    expect(failed).toHaveLength(1);
    expect(changed).toMatchObject({ actor_id: ana.id, actor_username: `filiado ${ana.registrationNumber}`, data: { changed: ["email"] } });
    expect(JSON.stringify([...sent, ...failed, changed])).not.toContain("@");
  });

  it("burns a code after 5 wrong tries, and limits requests per member", async () => {
    const member = await createMember(t.db, { name: "Caio Limite Teixeira", email: "caio.limite@exemplo.com.br", situation: 1 });
    const c = await memberSession(t, member.id);
    const since = smtp.sink.messages.length;
    expect((await c.post("/filiado/dados", { intent: "email-request", email: "caio.novo@exemplo.com.br" })).status).toBe(200);
    const mail = await smtp.sink.waitFor((m) => smtp.sink.messages.indexOf(m) >= since && m.to.includes("caio.novo@exemplo.com.br"));
    const code = /(\d{6})/.exec(mail.subject)![1];
    const wrong = code === "111111" ? "222222" : "111111";
    for (let i = 0; i < 5; i++) expect((await c.post("/filiado/dados", { intent: "email-confirm", code: wrong })).status).toBe(401);
    expect((await c.post("/filiado/dados", { intent: "email-confirm", code })).status).toBe(401);
    expect((await row(member.id)).email).toBe("caio.limite@exemplo.com.br");
    // 5 requests an hour (the first above counted).
    for (let i = 0; i < 4; i++)
      expect((await c.post("/filiado/dados", { intent: "email-request", email: `caio.${i}@exemplo.com.br` })).status).toBe(200);
    const refused = await c.post("/filiado/dados", { intent: "email-request", email: "caio.5@exemplo.com.br" });
    expect(refused.status).toBe(429);
    expect(visibleText(await refused.text())).toContain("Muitos pedidos de troca de e-mail");
  });
});

describe("address: queued for rh's approval", () => {
  it("refuses a bad CEP, queues a good address without touching the record, and lets rh approve it, audited", async () => {
    const a = await memberSession(t, ana.id);
    // An address in Samambaia (DF), as the form sends it.
    const postAddress = (fields: Record<string, string>) =>
      a.post("/filiado/dados", { intent: "address", city: "Samambaia", state: "DF", ...fields });
    const bad = await postAddress({ address: "QR 401 Conjunto 5 Casa 9", cep: "7230" });
    expect(bad.status).toBe(400);
    expect(visibleText(await bad.text())).toContain(BR_MESSAGES.cepHint);
    const badState = await postAddress({ address: "QR 401", state: "XX", cep: "72309-000" });
    expect(badState.status).toBe(400);
    expect(visibleText(await badState.text())).toContain(MY_DATA_MESSAGES.stateInvalid);
    expect(await t.query`select id from member_address_requests where member_id = ${ana.id}`).toHaveLength(0);

    const first = await postAddress({ address: "QR 400 Conjunto 1", cep: "72309-000" });
    expect(first.status).toBe(200);
    const second = await postAddress({ address: "QR 401 Conjunto 5 Casa 9", cep: "72309-010", region: "Samambaia" });
    expect(second.status).toBe(200);
    expect(visibleText(await second.text())).toContain(MY_DATA_MESSAGES.addressRequested);
    // The record is unchanged; one request pending (the second replaced the first).
    expect((await row(ana.id)).address).toBe("QNN 10 Conjunto B Casa 3");
    const reqs = await t.query<{ id: string; status: string; cep: string }>`
      select id, status, cep from member_address_requests where member_id = ${ana.id} order by created_at`;
    expect(reqs.map((r) => r.status)).toEqual(["replaced", "pending"]);
    expect(reqs[1].cep).toBe("72309010");
    const requested = await audits(ana.id, "member_area.address_requested");
    expect(requested).toHaveLength(2);
    expect(requested[1]).toMatchObject({ actor_id: ana.id, data: { registrationNumber: ana.registrationNumber, requestId: reqs[1].id } });
    expect(visibleText(await (await a.get("/filiado/dados")).text())).toContain("aguardando o RH");

    // rh sees it, beside the current address, and on the member's page.
    const rh = await t.login("rh");
    const list = await rh.get("/dashboard/filiados/enderecos");
    expect(list.status).toBe(200);
    const listText = visibleText(await list.text());
    expect(listText).toContain("Ana Paula Meireles");
    expect(listText).toContain("QR 401 Conjunto 5 Casa 9, Samambaia/DF, CEP 72309-010");
    expect(listText).toContain("QNN 10 Conjunto B Casa 3");
    expect(await (await rh.get(`/dashboard/rh/members/${ana.id}`)).text()).toContain('data-testid="member-address-pending"');
    expect(visibleText(await (await rh.get("/dashboard/rh/members")).text())).toMatch(/Endereços a aprovar \( ?1 ?\)/);

    // A role outside the table cannot decide it.
    const fin = await t.login("financeiro");
    expect((await fin.post("/dashboard/filiados/enderecos", { intent: "approve", id: reqs[1].id })).status).toBe(403);
    expect((await row(ana.id)).address).toBe("QNN 10 Conjunto B Casa 3");

    const approved = await rh.post("/dashboard/filiados/enderecos", { intent: "approve", id: reqs[1].id });
    expect(approved.status).toBe(200);
    const r = await row(ana.id);
    expect(r).toMatchObject({ address: "QR 401 Conjunto 5 Casa 9", city: "Samambaia", cep: "72309010" });
    const rhUser = await t.user("rh");
    const [entry] = await audits(ana.id, "member_area.address_approved");
    expect(entry).toMatchObject({
      actor_id: rhUser.id,
      data: { registrationNumber: ana.registrationNumber, requestId: reqs[1].id, changed: ["address", "city", "cep", "region"] },
    });
    // Decided once: a second decision is refused, 4xx.
    const again = await rh.post("/dashboard/filiados/enderecos", { intent: "reject", id: reqs[1].id });
    expect(again.status).toBe(409);
    expect(visibleText(await again.text())).toContain(ADDRESS_REVIEW_MESSAGES.notPending);
    expect(visibleText(await (await a.get("/filiado/dados")).text())).toContain("foi aprovado e aplicado");
    // And she is told by e-mail, without the address in it.
    const told = await smtp.sink.waitFor((m) => m.subject === "Seu novo endereço foi aprovado - Área do Filiado");
    expect(told.to).toContain(r.email!);
    expect(told.text).not.toContain("QR 401");
  });

  it("admin can reject a request; the record stays", async () => {
    const b = await memberSession(t, bruno.id);
    expect(
      (await b.post("/filiado/dados", { intent: "address", address: "Rua Falsa 123", city: "Gama", state: "DF", cep: "72400-000" })).status,
    ).toBe(200);
    const [req] = await t.query<{
      id: string;
    }>`select id from member_address_requests where member_id = ${bruno.id} and status = 'pending'`;
    const admin = await t.login("admin");
    const before = await row(bruno.id);
    expect((await admin.post("/dashboard/filiados/enderecos", { intent: "reject", id: req.id })).status).toBe(200);
    expect(await row(bruno.id)).toEqual(before);
    const [entry] = await audits(bruno.id, "member_area.address_rejected");
    expect(entry.data).toEqual({ registrationNumber: bruno.registrationNumber, requestId: req.id });
    expect(visibleText(await (await b.get("/filiado/dados")).text())).toContain("foi recusado");
    const told = await smtp.sink.waitFor((m) => m.subject === "Seu pedido de mudança de endereço não foi aprovado - Área do Filiado");
    expect(told.to).toContain(before.email!);
  });
});

describe("Baixar meus dados", () => {
  it("gives the admin's LGPD export of their own record, JSON and CSV, audited as the member", async () => {
    // One paid charge, one overdue: the export says which (the member-area trial found every
    // charge exported as unpaid).
    const paid = await createCharge(t.db, { memberId: ana.id, referenceYear: 2026, referenceMonth: 9 });
    await createPayment(t.db, { chargeId: paid.id, amountCentavos: paid.amountCentavos, paidOn: "2026-09-09" });
    await createCharge(t.db, { memberId: ana.id, referenceYear: 2026, referenceMonth: 10, dueDate: brasiliaDateFromToday(-20) });
    const a = await memberSession(t, ana.id);
    const res = await a.get("/filiado/dados/exportar?formato=json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain(`meus-dados-${ana.registrationNumber}.json`);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const mine = (await res.json()) as Record<string, unknown> & {
      cadastro: Record<string, unknown>;
      auditoria: Record<string, unknown>[];
      mensalidades: Record<string, unknown>[];
    };
    expect(mine.mensalidades).toEqual([
      expect.objectContaining({ Referência: "10/2026", Situação: "Vencida", "Pago em": null }),
      expect.objectContaining({ Referência: "09/2026", Situação: "Paga", "Pago em": "09/09/2026" }),
    ]);
    expect(mine.cadastro["Nome completo"]).toBe("Ana Paula Meireles");
    expect(mine.cadastro["CPF"]).toBe(formatCpf(ana.cpf!));
    expect(mine.cadastro["E-mail"]).toBe("ana.nova@exemplo.com.br");
    // Her own actions carry her name, not "filiado <matrícula>" (the member-area trial).
    expect(mine.auditoria.find((e) => e["Ação"] === "Filiado corrigiu o telefone (Área do Filiado)")?.["Usuário"]).toBe(
      "Ana Paula Meireles",
    );
    const [entry] = await audits(ana.id, "member_area.data_exported");
    expect(entry).toMatchObject({ actor_id: ana.id, data: { registrationNumber: ana.registrationNumber, format: "json" } });

    // The same file as the admin's: the same sections and the same record.
    const admin = await t.login("admin");
    const theirs = (await (await admin.get(`/dashboard/admin/members/${ana.id}/exportar?formato=json`)).json()) as typeof mine;
    expect(Object.keys(mine)).toEqual(Object.keys(theirs));
    expect(mine.cadastro).toEqual(theirs.cadastro);

    const csv = await a.get("/filiado/dados/exportar?formato=csv");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const body = await csv.text();
    expect(body).toContain('"Seção";"Campo";"Valor"');
    expect(body).toContain('"Cadastro";"Nome completo";"Ana Paula Meireles"');
    expect(await audits(ana.id, "member_area.data_exported")).toHaveLength(2);

    // Bruno's export is Bruno's.
    const b = await memberSession(t, bruno.id);
    const his = await (await b.get("/filiado/dados/exportar?formato=json")).text();
    expect(his).toContain("Bruno Salgado Rocha");
    expect(his).not.toContain("Ana Paula");
    expect(his).not.toContain(formatCpf(ana.cpf!));
  });
});

describe("hostile bodies", () => {
  it("never answers 5xx and never writes a half record", async () => {
    const c = await memberSession(t, bruno.id);
    const before = await row(bruno.id);
    const long = "x".repeat(10_000);
    const bodies: Record<string, string>[] = [
      {},
      { intent: "nada" },
      { intent: "phone" },
      { intent: "phone", mobilePhone: long },
      { intent: "phone", mobilePhone: "(61) 9981\u0000" },
      { intent: "email-request", email: long + "@exemplo.com" },
      { intent: "email-request", email: "a@b.c\u0000" },
      { intent: "email-confirm", code: long },
      { intent: "address", address: "", city: "", state: "", cep: "" },
      { intent: "address", address: "Rua\u0000Tal", city: "Gama", state: "DF", cep: "72400-000" },
      { intent: "address", address: long, city: "Gama", state: "DF", cep: "72400-000" },
      { intent: "address", address: "Rua Tal 1", city: "Gama", state: "DF", cep: "72400-000", region: long },
    ];
    for (const body of bodies) {
      const res = await c.post("/filiado/dados", body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBeLessThan(500);
    }
    const json = await c.request("/filiado/dados", { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } });
    expect(json.status).toBeGreaterThanOrEqual(400);
    expect(json.status).toBeLessThan(500);
    expect(await row(bruno.id)).toEqual(before);
    expect(await t.query`select id from member_address_requests where member_id = ${bruno.id} and status = 'pending'`).toHaveLength(0);
  });
});

describe("the staff screen", () => {
  it("opens for rh and admin only", async () => {
    for (const role of ROLES) {
      const c = await t.login(role);
      const res = await c.get("/dashboard/filiados/enderecos");
      if (role === "rh" || role === "admin") expect(res.status, role).toBe(200);
      else {
        expect(res.status, role).toBe(302);
        expect(res.headers.get("location"), role).toBe(`/dashboard/${role}`);
      }
    }
    const member = await memberSession(t, ana.id);
    expect((await member.get("/dashboard/filiados/enderecos")).status).toBe(302);
    expect((await new Client(t.url).get("/dashboard/filiados/enderecos")).headers.get("location")).toMatch(/^\/login/);
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { fictitiousCpf, createMember } from "~/db/factories/members";
import { paginationWindow } from "~/lib/pagination";
import { MEMBER_MESSAGES } from "~/domain/members/member.schema";
import { BR_MESSAGES } from "~/lib/br/messages";
import { formatCpf, maskCpfForList } from "~/lib/br/cpf";
import { CPF_FOUND_NOTICE, CPF_NOT_FOUND } from "~/lib/br/cpf-search";
import { todayInBrasilia } from "~/lib/dates";
import { useTestServer } from "../support/suite";
import type { Client } from "../support/http";
import { decodeHtml } from "../support/html";
import { NOT_A_MEMBER } from "../support/member-lookup";
import { memberRow } from "../support/member-rows";

/** Members (issue 8): the screen, the member's page, the CPF look-up and the LGPD tools. */
const t = useTestServer();
let admin: Client;
let rh: Client;
let presidencia: Client;
let secretaria: Client;
let juridico: Client;

const ADMIN_PATH = "/dashboard/admin/members";
const RH_PATH = "/dashboard/rh/members";

beforeAll(async () => {
  [admin, rh, presidencia, secretaria, juridico] = await Promise.all(
    (["admin", "rh", "presidencia", "secretaria", "juridico"] as const).map((r) => t.login(r)),
  );
});

async function page(c: Client, url: string) {
  const res = await c.get(url);
  return { status: res.status, html: decodeHtml(await res.text()) };
}

/** Registration numbers of the rows shown, in order. */
function rowsOf(html: string) {
  return [...html.matchAll(/data-testid="member-row-(\d+)"/g)].map((m) => Number(m[1]));
}

/** Posts like the browser's fetcher (single fetch): status and the answer's text. */
async function post(c: Client, path: string, body: Record<string, string>) {
  const res = await c.request(`${path}.data`, { method: "POST", body: new URLSearchParams(body) });
  return { status: res.status, text: decodeHtml(await res.text()) };
}

const byId = (id: string) => memberRow(t.query, "id", id);
const byCpf = (cpf: string) => memberRow(t.query, "cpf", cpf);
/** The stored folded name (ADR 126), kept by PostgreSQL on every write. */
async function foldedName(id: string) {
  const [row] = await t.query<{ name_folded: string }>`select name_folded from members where id = ${id}`;
  return row?.name_folded;
}
async function auditFor(id: string) {
  return t.query<{
    action: string;
    data: Record<string, unknown>;
    actor_username: string | null;
  }>`select action, data, actor_username from audit_log where entity_type = 'member' and entity_id = ${id} order by id`;
}
async function fingerprint() {
  const [row] = await t.query<{
    h: string;
  }>`select md5(coalesce(string_agg(m::text, '|' order by m.id), '')) || ':' || (select count(*) from audit_log where action <> 'access.refused') as h from members m`;
  return row.h;
}

const VALID_CPF = "52998224725"; // the classic valid example
/** The CPF an admin corrects a member to (issue 19 §14). */
const FIXED_CPF = fictitiousCpf(424_242);
const NEW_MEMBER = {
  intent: "create",
  name: "Conceição Aparecida Brandão",
  email: "Conceicao.Brandao@Exemplo.com.br",
  mobilePhone: "(61) 98123-4567",
  cpf: "529.982.247-25",
  address: "QNM 12 Conjunto B Casa 7",
  city: "Ceilândia",
  state: "DF",
  cep: "72210-120",
  region: "Ceilândia",
  workplaceName: "Shopping Conjunto Nacional",
};

describe("pagination window (original §9)", () => {
  it("shows pages 1 to at most 5 around the current page", () => {
    expect(paginationWindow(1, 1)).toEqual([1]);
    expect(paginationWindow(1, 3)).toEqual([1, 2, 3]);
    expect(paginationWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(paginationWindow(3, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(paginationWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(paginationWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
  });
});

describe("the list: order, tabs, search, pagination, masking", () => {
  beforeAll(async () => {
    await createMember(t.db, { name: "João Buscável Ribeiro", registrationNumber: 77, situation: 1 });
    await createMember(t.db, { name: "JOANA BUSCÁVEL Prado", registrationNumber: 177, situation: 2 });
    await createMember(t.db, { name: "Ângela Buscável 77", registrationNumber: 900, situation: 10 });
    for (let i = 0; i < 23; i++)
      await createMember(t.db, {
        name: `Paginado ${String(i).padStart(2, "0")} Sá`,
        registrationNumber: 1000 + i,
        situation: i % 2 ? 1 : 3,
      });
  });

  it("orders by name, 10 a page, with the page window and previous/next", async () => {
    const one = await page(admin, `${ADMIN_PATH}?q=paginado`);
    expect(one.status).toBe(200);
    expect(rowsOf(one.html)).toEqual([1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009]);
    expect(one.html).toContain("23 filiados");
    expect(one.html).toMatch(/aria-label="Página 3"/);
    expect(one.html).not.toMatch(/aria-label="Página 4"/);
    const three = await page(admin, `${ADMIN_PATH}?q=paginado&pagina=3`);
    expect(rowsOf(three.html)).toEqual([1020, 1021, 1022]);
    expect(three.html).toContain('rel="prev"');
    expect(three.html).not.toContain('rel="next"');
    // A page past the end shows the last one; garbage falls back to the first.
    expect(rowsOf((await page(admin, `${ADMIN_PATH}?q=paginado&pagina=99`)).html)).toEqual([1020, 1021, 1022]);
    expect(rowsOf((await page(admin, `${ADMIN_PATH}?q=paginado&pagina=abc`)).html)[0]).toBe(1000);
  });

  it("finds names accent- and case-insensitively: 'joao' finds 'João', 'buscavel' all three", async () => {
    expect(rowsOf((await page(rh, `${RH_PATH}?q=joao`)).html)).toEqual([77]);
    expect(rowsOf((await page(rh, `${RH_PATH}?q=BUSCAVEL`)).html)).toEqual([900, 177, 77]);
    expect(rowsOf((await page(rh, `${RH_PATH}?q=${encodeURIComponent("%")}`)).html)).toEqual([]);
  });

  it("folds the term too: an accented or upper-case term finds names with or without accents", async () => {
    const q = (term: string) => page(admin, `${ADMIN_PATH}?q=${encodeURIComponent(term)}`).then((p) => rowsOf(p.html));
    expect(await q("ÂNGELA")).toEqual([900]);
    expect(await q("angela buscável")).toEqual([900]);
    expect(await q("Buscável Ribeiro")).toEqual([77]);
    expect(await q("JOÃO")).toEqual([77]);
    expect(await q("joão buscavel prado")).toEqual([]);
    // The stored folded names the search reads.
    const folded = await t.query<{
      registration_number: number;
      name_folded: string;
    }>`select registration_number, name_folded from members where registration_number in (77, 177, 900) order by registration_number`;
    expect(folded.map((r) => r.name_folded)).toEqual(["joao buscavel ribeiro", "joana buscavel prado", "angela buscavel 77"]);
  });

  it("a numeric term matches the registration number exactly, or a name containing it", async () => {
    expect(rowsOf((await page(admin, `${ADMIN_PATH}?q=77`)).html).sort()).toEqual([77, 900]);
    expect(rowsOf((await page(admin, `${ADMIN_PATH}?q=1007`)).html)).toEqual([1007]);
  });

  it("tabs: active is situação 1, inactive 2, 3 and 10", async () => {
    expect(rowsOf((await page(admin, `${ADMIN_PATH}?q=buscavel&aba=ativos`)).html)).toEqual([77]);
    expect(rowsOf((await page(admin, `${ADMIN_PATH}?q=buscavel&aba=inativos`)).html)).toEqual([900, 177]);
    expect(rowsOf((await page(admin, `${ADMIN_PATH}?q=buscavel&aba=qualquer`)).html)).toHaveLength(3);
  });

  it("shows the CPF masked for every role, never the full number, with the payment badge", async () => {
    const m = await createMember(t.db, { name: "Mascarado Cândido", situation: 4 });
    for (const c of [admin, rh, presidencia, secretaria]) {
      const { html } = await page(c, `${ADMIN_PATH}?q=mascarado`);
      expect(html).toContain(maskCpfForList(m.cpf!));
      expect(html).not.toContain(m.cpf!);
      expect(html).not.toContain(formatCpf(m.cpf!));
      expect(html).toContain(">Afastado<");
    }
  });

  it("the refresh button answers 'Lista atualizada com sucesso!'", async () => {
    const r = await post(rh, RH_PATH, { intent: "refresh" });
    expect(r.status).toBe(200);
    expect(r.text).toContain(MEMBER_MESSAGES.refreshed);
  });

  it("search by full CPF only for admin, rh and secretaria, audited; the CPF leaves the address for the matrícula", async () => {
    const m = await createMember(t.db, { name: "Cpf Buscado Lima", situation: 1 });
    for (const c of [admin, rh, secretaria]) {
      const res = await c.get(`${ADMIN_PATH}?q=${formatCpf(m.cpf!)}&aba=ativos&pagina=3`);
      expect(res.status).toBe(302);
      const location = res.headers.get("location")!;
      expect(location).toBe(`${ADMIN_PATH}?q=${m.registrationNumber}&aba=ativos&origem=cpf`);
      expect(rowsOf((await page(c, location)).html)).toEqual([m.registrationNumber]);
    }
    expect(rowsOf((await page(presidencia, `${ADMIN_PATH}?q=${m.cpf}`)).html)).toEqual([]);
    const audit = await auditFor(m.id);
    expect(audit.filter((a) => a.action === "member.searched_by_cpf")).toHaveLength(3);
    expect(JSON.stringify(audit)).not.toContain(m.cpf!);
  });

  it("with JavaScript the form posts a full CPF (ADR 307): a hit answers with the matrícula, a miss is the box's message (200); both audited once", async () => {
    const m = await createMember(t.db, { name: "Cpf Postado Lima", situation: 1 });
    const searchPost = (c: Client, path: string, q: string) =>
      c.request(path, { method: "POST", body: new URLSearchParams({ intent: "buscar-cpf", aba: "ativos", q }) });
    const hit = await searchPost(admin, ADMIN_PATH, formatCpf(m.cpf!));
    expect(hit.status).toBe(302);
    // The address says a CPF found it (the page explains the matrícula in the box), never which.
    expect(hit.headers.get("location")).toBe(`${ADMIN_PATH}?aba=ativos&q=${m.registrationNumber}&origem=cpf`);
    const found = await page(admin, hit.headers.get("location")!);
    expect(rowsOf(found.html)).toEqual([m.registrationNumber]);
    expect(found.html).toContain(CPF_FOUND_NOTICE);
    const entries = (await auditFor(m.id)).filter((a) => a.action === "member.searched_by_cpf");
    expect(entries).toEqual([expect.objectContaining({ data: { found: 1 }, actor_username: (await t.user("admin")).username })]);
    // A role that does not search by CPF: the term is a name search like any other, unaudited.
    const other = await searchPost(presidencia, ADMIN_PATH, m.cpf!);
    expect(other.headers.get("location")).toBe(`${ADMIN_PATH}?aba=ativos&q=${m.cpf}`);
    // A CPF that is nobody's: the box's message, 200, no redirect (the CPF goes in no address); audited.
    const [{ n: before }] = await t.query<{ n: number }>`select count(*)::int as n from audit_log where action = 'member.searched_by_cpf'`;
    const miss = await searchPost(rh, RH_PATH, "111.444.777-35");
    expect(miss.status).toBe(200);
    expect(miss.headers.get("location")).toBeNull();
    expect(decodeHtml(await miss.text())).toContain(CPF_NOT_FOUND);
    const [{ n: after }] = await t.query<{ n: number }>`select count(*)::int as n from audit_log where action = 'member.searched_by_cpf'`;
    expect(after).toBe(before + 1);
    expect((await auditFor(m.id)).filter((a) => a.action === "member.searched_by_cpf")).toHaveLength(1);
  });
});

describe("create, edit, delete with the original's messages", () => {
  it("creates a member: situação 1, 'ativo', today in Brasília, next registration number; a posted situação is ignored", async () => {
    const [{ max }] = await t.query<{ max: number }>`select coalesce(max(registration_number), 0)::int as max from members`;
    const r = await post(secretaria, RH_PATH, { ...NEW_MEMBER, situation: "10", status: "cancelado", joinedOn: "2001-01-01" });
    expect(r.status).toBe(200);
    expect(r.text).toContain(MEMBER_MESSAGES.created);
    const row = await byCpf(VALID_CPF);
    expect(row).toMatchObject({
      name: NEW_MEMBER.name,
      situation: 1,
      status: "ativo",
      joined_on: todayInBrasilia(),
      registration_number: max + 1,
      email: "conceicao.brandao@exemplo.com.br",
    });
    expect(await foldedName(row.id)).toBe("conceicao aparecida brandao");
    const audit = await auditFor(row.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "member.created",
      data: { registrationNumber: max + 1, situation: 1, typedRegistration: false },
    });
    expect(JSON.stringify(audit)).not.toMatch(/52998224725|Conceição|exemplo\.com|98123/);
  });

  it("refuses a duplicate CPF naming the existing registration number, and an invalid CPF, with 4xx and nothing written", async () => {
    const existing = await byCpf(VALID_CPF);
    const before = await fingerprint();
    const dup = await post(admin, ADMIN_PATH, { ...NEW_MEMBER, name: "Outra Pessoa", cpf: VALID_CPF });
    expect(dup.status).toBe(409);
    expect(dup.text).toContain(MEMBER_MESSAGES.cpfTaken(existing.registration_number));
    const bad = await post(admin, ADMIN_PATH, { ...NEW_MEMBER, cpf: "529.982.247-26" });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain(BR_MESSAGES.cpfInvalid);
    const missing = await post(admin, ADMIN_PATH, { intent: "create", name: "Só Nome" });
    expect(missing.status).toBe(400);
    expect(missing.text).toContain("E-mail é obrigatório.");
    const badEmail = await post(admin, ADMIN_PATH, { ...NEW_MEMBER, cpf: "111.444.777-35", email: "nao-e-email" });
    expect(badEmail.status).toBe(400);
    expect(badEmail.text).toContain(MEMBER_MESSAGES.emailInvalid);
    expect(await fingerprint()).toBe(before);
  });

  it("keeps a typed registration number and refuses one in use", async () => {
    const r = await post(admin, ADMIN_PATH, {
      ...NEW_MEMBER,
      name: "Registro Digitado",
      cpf: "111.444.777-35",
      registrationNumber: "555555",
    });
    expect(r.status).toBe(200);
    expect((await byCpf("11144477735")).registration_number).toBe(555555);
    const again = await post(admin, ADMIN_PATH, { ...NEW_MEMBER, name: "Outro", cpf: "935.411.347-80", registrationNumber: "555555" });
    expect(again.status).toBe(409);
    expect(again.text).toContain(MEMBER_MESSAGES.registrationTaken(555555));
  });

  it("edits name, situação (status follows), observação and workplace; a posted registration number or CPF changes nothing", async () => {
    const m = await createMember(t.db, { name: "Editável Souza", situation: 1 });
    const r = await post(rh, RH_PATH, {
      intent: "update",
      id: m.id,
      name: "Editável Souza Lima",
      situation: "4",
      notes: "Licença pelo INSS.",
      workplaceName: "Hotel Eixo",
      registrationNumber: "1",
      email: "",
    });
    expect(r.status).toBe(200);
    expect(r.text).toContain(MEMBER_MESSAGES.updated);
    const row = await byId(m.id);
    expect(row).toMatchObject({
      name: "Editável Souza Lima",
      situation: 4,
      status: "afastado",
      notes: "Licença pelo INSS.",
      registration_number: m.registrationNumber,
      cpf: m.cpf,
      email: null,
    });
    // The folded name follows the new name, and the search with it (ADR 126).
    expect(await foldedName(m.id)).toBe("editavel souza lima");
    expect(rowsOf((await page(rh, `${RH_PATH}?q=${encodeURIComponent("EDITAVEL SOUZA LIMA")}`)).html)).toEqual([m.registrationNumber]);
    const audit = await auditFor(m.id);
    expect(audit.at(-1)).toMatchObject({ action: "member.updated", data: { registrationNumber: m.registrationNumber } });
    expect(audit.at(-1)!.data.changed).toEqual(expect.arrayContaining(["name", "situation", "notes", "workplaceName", "email", "status"]));
    // A CPF posted by rh is refused (an admin-only correction, issue 19 §14): nothing changes.
    const withCpf = await post(rh, RH_PATH, { intent: "update", id: m.id, name: "Outro Nome", situation: "1", cpf: VALID_CPF, email: "" });
    expect(withCpf.status).toBe(403);
    expect(await byId(m.id)).toMatchObject({ name: "Editável Souza Lima", cpf: m.cpf });
    expect(JSON.stringify(audit)).not.toContain("INSS");
    const noName = await post(rh, RH_PATH, { intent: "update", id: m.id, name: " ", situation: "1" });
    expect(noName.status).toBe(400);
    expect(noName.text).toContain("Nome completo é obrigatório.");
    const badSituation = await post(rh, RH_PATH, { intent: "update", id: m.id, name: "X Y", situation: "7" });
    expect(badSituation.status).toBe(400);
    expect(badSituation.text).toContain(MEMBER_MESSAGES.situationInvalid);
  });

  it("deletes with 'Filiado excluído com sucesso!', audited by registration number; a second delete is 404", async () => {
    const m = await createMember(t.db, { name: "Excluível Dias" });
    const r = await post(presidencia, ADMIN_PATH, { intent: "delete", id: m.id });
    expect(r.status).toBe(200);
    expect(r.text).toContain(MEMBER_MESSAGES.deleted);
    expect(await byId(m.id)).toBeUndefined();
    expect((await auditFor(m.id)).at(-1)).toMatchObject({ action: "member.deleted", data: { registrationNumber: m.registrationNumber } });
    const again = await post(presidencia, ADMIN_PATH, { intent: "delete", id: m.id });
    expect(again.status).toBe(404);
  });

  it("refused roles get 403 and the database is unchanged", async () => {
    const m = await createMember(t.db);
    const before = await fingerprint();
    const bodies: Record<string, string>[] = [
      { ...NEW_MEMBER, cpf: "935.411.347-80" },
      { intent: "update", id: m.id, name: "Intruso", situation: "10" },
      { intent: "delete", id: m.id },
    ];
    for (const body of bodies) {
      expect((await post(juridico, ADMIN_PATH, body)).status).toBe(403);
    }
    expect((await juridico.get(ADMIN_PATH)).status).toBe(302);
    expect(await fingerprint()).toBe(before);
  });
});

describe("the member's page", () => {
  it("shows every field with the CPF masked on opening; 'Ver CPF completo' (admin, rh, secretaria) answers it and writes the view then, only then", async () => {
    const m = await createMember(t.db, { name: "Página Completa Araújo", notes: "Nota interna" });
    const views = async () => (await auditFor(m.id)).filter((a) => a.action === "member.cpf_viewed");
    for (const c of [admin, rh, secretaria]) {
      const { status, html } = await page(c, `${RH_PATH}/${m.id}`);
      expect(status).toBe(200);
      expect(html).toContain(maskCpfForList(m.cpf!));
      expect(html).not.toContain(formatCpf(m.cpf!));
      expect(html).toContain("Ver CPF completo");
      for (const label of [
        "Data de nascimento",
        "Sexo",
        "Telefone celular",
        "Região",
        "Local de trabalho",
        "Observação",
        "Histórico de alterações",
      ])
        expect(html).toContain(label);
      expect(html).toContain("Nota interna");
      // The page's data as the browser loads it carries no full CPF either.
      expect(decodeHtml(await (await c.get(`${RH_PATH}/${m.id}.data`)).text())).not.toContain(m.cpf!);
    }
    // Opening the page is no view (issue 19 §14).
    expect(await views()).toHaveLength(0);
    for (const c of [admin, rh, secretaria]) {
      const shown = await post(c, `${RH_PATH}/${m.id}`, { intent: "reveal-cpf" });
      expect(shown.status).toBe(200);
      expect(shown.text).toContain(formatCpf(m.cpf!));
    }
    expect(await views()).toHaveLength(3);
    expect(JSON.stringify(await views())).not.toContain(m.cpf!);
    const pres = await page(presidencia, `${ADMIN_PATH}/${m.id}`);
    expect(pres.status).toBe(200);
    expect(pres.html).toContain(maskCpfForList(m.cpf!));
    expect(pres.html).not.toContain(formatCpf(m.cpf!));
    expect(pres.html).not.toContain("Ver CPF completo");
    const refused = await post(presidencia, `${ADMIN_PATH}/${m.id}`, { intent: "reveal-cpf" });
    expect(refused.status).toBe(403);
    expect(refused.text).not.toContain(formatCpf(m.cpf!));
    expect(await views()).toHaveLength(3);
    // The history lists the views.
    expect((await page(admin, `${ADMIN_PATH}/${m.id}`)).html).toContain("CPF completo de filiado visualizado");
  });

  it("a refused post, re-rendered as a page (no JavaScript), shows the CPF masked and writes no CPF view", async () => {
    const m = await createMember(t.db, { name: "Recusa Sem Visualização" });
    const views = async () => (await auditFor(m.id)).filter((a) => a.action === "member.cpf_viewed").length;
    expect((await page(rh, `${RH_PATH}/${m.id}`)).html).toContain(maskCpfForList(m.cpf!));
    expect(await views()).toBe(0);
    const refusals = [
      // A role not allowed to act: anonymising is admin only.
      { c: rh, path: `${RH_PATH}/${m.id}`, body: { intent: "anonymize" }, status: 403 },
      // An intent the page does not have.
      { c: admin, path: `${ADMIN_PATH}/${m.id}`, body: { intent: "apagar-tudo" }, status: 400 },
      // A photo post without the file.
      { c: secretaria, path: `${RH_PATH}/${m.id}`, body: { intent: "photo-upload" }, status: 400 },
    ];
    for (const r of refusals) {
      const res = await r.c.post(r.path, r.body);
      const html = decodeHtml(await res.text());
      expect(res.status, JSON.stringify(r.body)).toBe(r.status);
      // The member's page itself came back, with the CPF masked.
      expect(html).toContain("Recusa Sem Visualização");
      expect(html).toContain(maskCpfForList(m.cpf!));
      expect(html).not.toContain(formatCpf(m.cpf!));
    }
    expect(await views()).toBe(0);
    // Asked for, without JavaScript: the page comes back with the whole number, one view.
    const asked = await admin.post(`${ADMIN_PATH}/${m.id}`, { intent: "reveal-cpf" });
    expect(asked.status).toBe(200);
    expect(decodeHtml(await asked.text())).toContain(formatCpf(m.cpf!));
    expect(await views()).toBe(1);
  });

  it("'Editar' on the member's page: staff edit the original's fields; only an admin corrects CPF, birth date and sex, audited, the CPF valid and unique", async () => {
    const m = await createMember(t.db, { name: "Correção Documental", birthDate: "1980-01-01", gender: "Masculino" });
    const other = await createMember(t.db);
    const base = {
      intent: "update",
      id: m.id,
      name: "Correção Documental",
      situation: "1",
      email: "",
      mobilePhone: "",
      address: "",
      city: "",
      state: "",
      cep: "",
      region: "",
      workplaceName: "",
      notes: "",
    };
    expect((await page(rh, `${RH_PATH}/${m.id}`)).html).toContain(`aria-label="Editar Correção Documental"`);
    // rh edits the original's fields from the page.
    const ok = await post(rh, `${RH_PATH}/${m.id}`, { ...base, city: "Taguatinga" });
    expect(ok.status).toBe(200);
    expect((await byId(m.id)).city).toBe("Taguatinga");
    // rh may not correct the documents, whatever the body says: 403, nothing written.
    for (const extra of [{ cpf: formatCpf(FIXED_CPF) }, { birthDate: "1981-02-02" }, { gender: "Feminino" }] as Record<string, string>[]) {
      const refused = await post(rh, `${RH_PATH}/${m.id}`, { ...base, ...extra });
      expect(refused.status, JSON.stringify(extra)).toBe(403);
      expect(refused.text).toContain(MEMBER_MESSAGES.adminOnlyFields);
    }
    // rh's dialog does not offer them; the admin's does.
    expect((await page(rh, `${RH_PATH}/${m.id}`)).html).not.toContain("admin-member-fields");
    const [before] = await t.query<{
      cpf: string;
      birth_date: string;
      gender: string;
    }>`select cpf, birth_date::text, gender from members where id = ${m.id}`;
    expect(before).toEqual({ cpf: m.cpf, birth_date: "1980-01-01", gender: "Masculino" });
    // An admin: an invalid CPF, another member's CPF, an impossible date are refused.
    expect((await post(admin, `${ADMIN_PATH}/${m.id}`, { ...base, cpf: "123.456.789-00" })).status).toBe(400);
    const taken = await post(admin, `${ADMIN_PATH}/${m.id}`, { ...base, cpf: formatCpf(other.cpf!) });
    expect(taken.status).toBe(409);
    expect(taken.text).toContain(MEMBER_MESSAGES.cpfTaken(other.registrationNumber));
    expect((await post(admin, `${ADMIN_PATH}/${m.id}`, { ...base, birthDate: "2031-02-30" })).status).toBe(400);
    expect((await byId(m.id)).cpf).toBe(m.cpf);
    // Corrected, audited by field name, never the values.
    const fixed = await post(admin, `${ADMIN_PATH}/${m.id}`, {
      ...base,
      city: "Taguatinga",
      cpf: formatCpf(FIXED_CPF),
      birthDate: "1981-02-02",
      gender: "Feminino",
    });
    expect(fixed.status).toBe(200);
    const [after] = await t.query<{
      cpf: string;
      birth_date: string;
      gender: string;
    }>`select cpf, birth_date::text, gender from members where id = ${m.id}`;
    expect(after).toEqual({ cpf: FIXED_CPF, birth_date: "1981-02-02", gender: "Feminino" });
    const updated = (await auditFor(m.id)).filter((a) => a.action === "member.updated").at(-1)!;
    expect(updated.data).toMatchObject({ changed: ["cpf", "birthDate", "gender"] });
    expect(updated.actor_username).toBe((await t.user("admin")).username);
    expect(JSON.stringify(updated.data)).not.toMatch(new RegExp(`${FIXED_CPF}|1981-02-02|Feminino`));
    // A blank CPF keeps the current one.
    expect(
      (await post(admin, `${ADMIN_PATH}/${m.id}`, { ...base, city: "Taguatinga", cpf: "", birthDate: "1981-02-02", gender: "Feminino" }))
        .status,
    ).toBe(200);
    expect((await byId(m.id)).cpf).toBe(FIXED_CPF);
  });

  it("answers 404 for an unknown or malformed id", async () => {
    expect((await admin.get(`${ADMIN_PATH}/00000000-0000-4000-8000-000000000009`)).status).toBe(404);
    expect((await admin.get(`${ADMIN_PATH}/nao-e-id`)).status).toBe(404);
  });
});

describe("GET /api/filiados/consulta?cpf=", () => {
  it("answers the original's shape, digits only, audited, for service staff", async () => {
    const m = await createMember(t.db, { name: "Consulta Filiação" });
    const c = await t.login("homologacao");
    const res = await c.get(`/api/filiados/consulta?cpf=${m.cpf}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({
      is_member: true,
      member_id: m.id,
      member_name: "Consulta Filiação",
      registration_number: m.registrationNumber,
      member_phone: m.mobilePhone,
      member_email: m.email,
    });
    const none = await c.get(`/api/filiados/consulta?cpf=39053344705`);
    expect(await none.json()).toEqual(NOT_A_MEMBER);
    expect((await c.get(`/api/filiados/consulta?cpf=${formatCpf(m.cpf!)}`)).status).toBe(400);
    expect((await c.get(`/api/filiados/consulta`)).status).toBe(400);
    const audit = await auditFor(m.id);
    expect(audit.filter((a) => a.action === "member.looked_up")).toHaveLength(1);
    const [{ n }] = await t.query<{
      n: number;
    }>`select count(*)::int as n from audit_log where action = 'member.looked_up' and entity_id is null`;
    expect(n).toBe(1);
    expect((await (await t.login("campo")).get(`/api/filiados/consulta?cpf=${m.cpf}`)).status).toBe(403);
    expect((await t.anonymous().get(`/api/filiados/consulta?cpf=${m.cpf}`)).status).toBe(401);
  });

  it("is rate limited per user (429 with Retry-After)", async () => {
    const c = await t.login("financeiro");
    let last: Response | undefined;
    for (let i = 0; i < 31; i++) last = await c.get(`/api/filiados/consulta?cpf=39053344705`);
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await last!.json()).message).toBe(MEMBER_MESSAGES.lookupLimited);
  });
});

describe("list export (CSV)", () => {
  it("exports the filtered list, CPF masked unless the role may see it, audited; refused roles 403", async () => {
    const m = await createMember(t.db, { name: "Exportado Na Lista Sá", situation: 1 });
    const pres = await presidencia.get(`${ADMIN_PATH}/exportar?q=${encodeURIComponent("exportado na lista")}&aba=ativos`);
    expect(pres.status).toBe(200);
    expect(pres.headers.get("content-type")).toContain("text/csv");
    const text = await pres.text();
    const lines = text.trim().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\uFEFF?"matricula";"nome_associado";"cpf";/);
    expect(lines[1]).toContain(maskCpfForList(m.cpf!));
    expect(text).not.toContain(m.cpf!);
    const full = await (await rh.get(`${RH_PATH}/exportar?q=${m.registrationNumber}`)).text();
    expect(full).toContain(formatCpf(m.cpf!));
    const [{ n }] = await t.query<{ n: number }>`select count(*)::int as n from audit_log where action = 'member.list_exported'`;
    expect(n).toBe(2);
    const res = await juridico.get(`${ADMIN_PATH}/exportar`);
    expect(res.status).toBe(403);
  });
});

describe("LGPD tools (admin)", () => {
  it("exports one member as JSON and CSV, audited; other roles get 403", async () => {
    const m = await createMember(t.db, { name: "Exportável Gomes" });
    await post(rh, RH_PATH, { intent: "update", id: m.id, name: "Exportável Gomes", situation: "2" });
    const res = await admin.get(`${ADMIN_PATH}/${m.id}/exportar?formato=json`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain(`filiado-${m.registrationNumber}.json`);
    const body = await res.json();
    // Read by the person it is about: pt-BR labels, formatted CPF, Brasília times (issue 19 §2).
    expect(body.cadastro).toMatchObject({
      Identificador: m.id,
      CPF: formatCpf(m.cpf!),
      "Nome completo": "Exportável Gomes",
      Matrícula: m.registrationNumber,
      Situação: "2 - DESEMPREGADO(A)",
    });
    expect(body.cadastro["Cadastrado em"]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} \(horário de Brasília\)$/);
    expect(JSON.stringify(body)).not.toMatch(/mobilePhone|registrationNumber|\d{4}-\d{2}-\d{2}T/);
    expect(body.foto).toBeNull();
    expect(body.auditoria.map((a: { Ação: string }) => a.Ação)).toContain("Filiado alterado");
    const csv = await admin.get(`${ADMIN_PATH}/${m.id}/exportar?formato=csv`);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const text = await csv.text();
    expect(text).toContain(`"Cadastro";"CPF";"${formatCpf(m.cpf!)}"\r\n`);
    expect((await auditFor(m.id)).filter((a) => a.action === "member.exported").map((a) => a.data.format)).toEqual(["json", "csv"]);
    for (const c of [rh, secretaria, presidencia]) expect((await c.get(`${ADMIN_PATH}/${m.id}/exportar`)).status).toBe(403);
  });

  it("anonymises irreversibly: personal fields gone, registration kept, audited without the removed data; others 403", async () => {
    const m = await createMember(t.db, { name: "Anonimizável Falcão", notes: "Observação pessoal" });
    const before = await fingerprint();
    for (const c of [rh, secretaria, presidencia]) expect((await post(c, `${RH_PATH}/${m.id}`, { intent: "anonymize" })).status).toBe(403);
    expect(await fingerprint()).toBe(before);
    const r = await post(admin, `${ADMIN_PATH}/${m.id}`, { intent: "anonymize" });
    expect(r.status).toBe(200);
    expect(r.text).toContain(MEMBER_MESSAGES.anonymized);
    const row = await byId(m.id);
    expect(row).toMatchObject({
      registration_number: m.registrationNumber,
      cpf: null,
      email: null,
      notes: null,
      city: null,
      name: `Filiado anonimizado ${m.registrationNumber}`,
    });
    expect(await foldedName(m.id)).toBe(`filiado anonimizado ${m.registrationNumber}`);
    expect(row.anonymized_at).not.toBeNull();
    const audit = await auditFor(m.id);
    // The anonymisation's own entry holds the member's id only (ADR 170).
    expect(audit.at(-1)?.action).toBe("member.anonymized");
    expect(audit.at(-1)?.data).toEqual({});
    expect(JSON.stringify(audit)).not.toMatch(/Anonimizável|Observação pessoal/);
    expect(JSON.stringify(audit)).not.toContain(m.cpf!);
    expect((await post(admin, `${ADMIN_PATH}/${m.id}`, { intent: "anonymize" })).status).toBe(409);
    expect((await post(admin, ADMIN_PATH, { intent: "update", id: m.id, name: "Volta", situation: "1" })).status).toBe(409);
  });
});

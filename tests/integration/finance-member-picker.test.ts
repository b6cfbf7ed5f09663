import { beforeAll, describe, expect, it } from "vitest";
import { createMember } from "~/db/factories/members";
import { FORBIDDEN_MESSAGE } from "~/auth/screens";
import { FINANCE_MEMBER_LIMIT } from "~/domain/finance/finance-members.server";
import { useTestServer } from "../support/suite";
import type { Client } from "../support/http";

/**
 * Issue 19 item 6 (ADR 215): the finance roles find a member by name (accents ignored),
 * matrícula or full CPF, with the CPF masked, capped at 10 rows; other roles are refused on
 * the server. The 'Consultar Filiados' page lists the same and links to the member's charges.
 */
const t = useTestServer();
const API = "/api/financeiro/filiados";
const PAGE = "/dashboard/financeiro/filiados";
let fin: Client;
let admin: Client;
let conceicao: { id: string; registrationNumber: number };
const CPF = "52998224725";

beforeAll(async () => {
  [fin, admin] = await Promise.all([t.login("financeiro"), t.login("admin")]);
  conceicao = await createMember(t.db, { name: "Conceição Araújo Simões", cpf: CPF, situation: 1, status: "ATIVO(A)" });
  for (let i = 0; i < FINANCE_MEMBER_LIMIT + 2; i++) await createMember(t.db, { name: `Zélia Repetida ${String(i).padStart(2, "0")}` });
});

async function search(c: Client, q: string) {
  const res = await c.get(`${API}?q=${encodeURIComponent(q)}`);
  return { status: res.status, body: (await res.json()) as { rows?: Array<Record<string, unknown>>; more?: boolean; message?: string } };
}

describe("the finance member search", () => {
  it("finds by a folded name, by matrícula and by CPF, the CPF always masked", async () => {
    for (const q of ["conceicao araujo", "CONCEIÇÃO", String(conceicao.registrationNumber), CPF, "529.982.247-25"]) {
      const { status, body } = await search(fin, q);
      expect(status, q).toBe(200);
      expect(body.rows![0], q).toMatchObject({
        id: conceicao.id,
        name: "Conceição Araújo Simões",
        cpfMasked: "***.982.247-**",
        situation: "ATIVO(A)",
      });
      expect(JSON.stringify(body), q).not.toContain(CPF);
      expect(JSON.stringify(body), q).not.toContain("529.982");
    }
  });

  it("caps the answer at 10 rows and says there are more", async () => {
    const { body } = await search(fin, "zelia repetida");
    expect(body.rows).toHaveLength(FINANCE_MEMBER_LIMIT);
    expect(body.more).toBe(true);
  });

  it("audits a search by full CPF, without the CPF", async () => {
    const before = await t.query<{ n: number }>`select count(*)::int as n from audit_log where action = 'member.searched_by_cpf'`;
    await search(admin, CPF);
    const rows = await t.query<{
      entity_id: string;
      data: string;
    }>`select entity_id, data::text from audit_log where action = 'member.searched_by_cpf' order by id desc limit 1`;
    const after = await t.query<{ n: number }>`select count(*)::int as n from audit_log where action = 'member.searched_by_cpf'`;
    expect(after[0].n).toBe(before[0].n + 1);
    expect(rows[0].entity_id).toBe(conceicao.id);
    expect(rows[0].data).not.toContain(CPF);
  });

  it("refuses other roles with 403 and signed-out users with 401", async () => {
    for (const role of ["rh", "secretaria", "presidencia", "campo"] as const) {
      const { status, body } = await search(await t.login(role), "conceicao");
      expect(status, role).toBe(403);
      expect(body.message).toBe(FORBIDDEN_MESSAGE);
      expect(body.rows).toBeUndefined();
    }
    expect((await search(t.anonymous(), "conceicao")).status).toBe(401);
  });

  it("the 'Consultar Filiados' page lists the member with the masked CPF and links to the charges", async () => {
    const res = await fin.get(`${PAGE}?q=conceicao`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Conceição Araújo Simões");
    expect(html).toContain("***.982.247-**");
    expect(html).not.toContain("529.982.247-25");
    expect(html).toContain(`href="/dashboard/financeiro/financial?q=${conceicao.registrationNumber}"`);
    // Other roles are sent back to their panel.
    const rh = await (await t.login("rh")).get(`${PAGE}?q=conceicao`);
    expect(rh.status).toBe(302);
    expect(rh.headers.get("location")).toBe("/dashboard/rh");
  });

  it("a search by full CPF on 'Consultar Filiados' puts the matrícula in the address instead (audited)", async () => {
    const before = await t.query<{ n: number }>`select count(*)::int as n from audit_log where action = 'member.searched_by_cpf'`;
    const res = await fin.get(`${PAGE}?q=529.982.247-25`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`${PAGE}?q=${conceicao.registrationNumber}&origem=cpf`);
    const html = await (await fin.get(res.headers.get("location")!)).text();
    expect(html).toContain("Conceição Araújo Simões");
    const after = await t.query<{ n: number }>`select count(*)::int as n from audit_log where action = 'member.searched_by_cpf'`;
    expect(after[0].n - before[0].n).toBe(1);
    // A CPF that finds no one stays (it is no member's), with the usual empty answer.
    const none = await fin.get(`${PAGE}?q=111.444.777-35`);
    expect(none.status).toBe(200);
    expect(await none.text()).toContain("Nenhum filiado encontrado");
  });

  it("the same search posted (ADR 307): the matrícula in the answer's address, audited once; anything else posted is a 400", async () => {
    const before = await t.query<{ n: number }>`select count(*)::int as n from audit_log where action = 'member.searched_by_cpf'`;
    const res = await fin.post(PAGE, { intent: "buscar-cpf", q: "529.982.247-25" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`${PAGE}?q=${conceicao.registrationNumber}&origem=cpf`);
    const after = await t.query<{ n: number }>`select count(*)::int as n from audit_log where action = 'member.searched_by_cpf'`;
    expect(after[0].n - before[0].n).toBe(1);
    const other = await fin.post(PAGE, { intent: "apagar", q: "x" });
    expect(other.status).toBe(400);
    expect(await other.text()).toContain("Ação inválida.");
    // A role without the screen: 403 before the body is read.
    expect((await (await t.login("rh")).post(PAGE, { intent: "buscar-cpf", q: CPF })).status).toBe(403);
  });

  it("financeiro's panel quick action 'Consultar Filiados' opens that page", async () => {
    const html = await (await fin.get("/dashboard/financeiro")).text();
    expect(html).toMatch(/href="\/dashboard\/financeiro\/filiados"[^>]*>[^<]*(<[^>]+>)*[^<]*Consultar Filiados/);
  });
});

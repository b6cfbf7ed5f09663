import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { createAuditEntry } from "~/db/factories/audit";
import { createCharge, createPayment } from "~/db/factories/finance";
import { createMember } from "~/db/factories/members";
import { useTestServer } from "../support/suite";
import type { Client } from "../support/http";
import { formulaCells } from "../support/csv";

/**
 * Issue 18 §3: every export goes through the one CSV writer (ADR 176), so a payload hidden after
 * a delimiter inside a value opens no formula cell, whether the file is read with `;` or `,`; and
 * a failed sign-in keeps no typed name that is not an account's (ADR 177).
 */
const t = useTestServer();
let admin: Client;
let fin: Client;

const POSTO = "Posto;=1+1;X";
const NOTE = "x ;=3+3;";
const EVIL_USERNAME = '=1+1,=HYPERLINK("http://evil.example")';
const TYPED_PASSWORD = "MinhaSenha#Secreta2026";

beforeAll(async () => {
  [admin, fin] = await Promise.all((["admin", "financeiro"] as const).map((r) => t.login(r)));
});

/** The file as a pt-BR spreadsheet reads it (`;`), after checking the writer's frame. */
function strictRows(csv: string) {
  expect(csv.startsWith('\uFEFF"')).toBe(true);
  expect(csv.endsWith('"\r\n')).toBe(true);
  return parse(csv, { bom: true, delimiter: ";" }) as string[][];
}

async function download(c: Client, path: string, body?: Record<string, string>) {
  const res = body ? await c.post(path, body) : await c.get(path);
  expect(res.status, path).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  // Decoded keeping the BOM (Response.text() drops it).
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
}

describe("exports read back with ';' and ','", () => {
  it("members list and the member's LGPD CSV: a posto with a formula after ';' stays one neutralised cell", async () => {
    const m = await createMember(t.db, { name: "Posto Perigoso Exportado", situation: 1, workplaceName: POSTO, city: "a,=1+1" });

    const list = await download(admin, `/dashboard/admin/members/exportar?q=${encodeURIComponent("posto perigoso exportado")}&aba=ativos`);
    expect(formulaCells(list)).toEqual([]);
    const rows = strictRows(list);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveLength(rows[0].length);
    expect(rows[1][rows[0].indexOf("posto_trabalho")]).toBe("Posto;'=1+1;X");
    expect(rows[1][rows[0].indexOf("cidade")]).toBe("a,'=1+1");

    const lgpd = await download(admin, `/dashboard/admin/members/${m.id}/exportar?formato=csv`);
    expect(formulaCells(lgpd)).toEqual([]);
    const lrows = strictRows(lgpd);
    expect(lrows.every((r) => r.length === 3)).toBe(true);
    expect(lrows).toContainEqual(["Cadastro", "Posto de trabalho", "Posto;'=1+1;X"]);
  });

  it("payments report: a payment note 'x ;=3+3;' stays one cell; money keeps its decimal comma and sign", async () => {
    const m = await createMember(t.db, { situation: 1, name: "Nota Perigosa" });
    const c1 = await createCharge(t.db, { memberId: m.id, referenceYear: 2034, referenceMonth: 1, amountCentavos: 6000 });
    await createPayment(t.db, { chargeId: c1.id, amountCentavos: 4750, paidOn: "2034-01-05", method: "pix", note: NOTE });

    const csv = await download(fin, "/dashboard/financeiro/relatorios/pagamentos?de=2034-01-01&ate=2034-01-31");
    expect(formulaCells(csv)).toEqual([]);
    const rows = strictRows(csv);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual([
      "05/01/2034",
      String(m.registrationNumber),
      "Nota Perigosa",
      "01/2034",
      "60,00",
      "47,50",
      "-12,50",
      "PIX",
      "x ;'=3+3;",
    ]);
  });

  it("a failed sign-in with a payload or a password as username: nothing typed reaches the audit log or its export", async () => {
    const anon = t.anonymous();
    for (const username of [EVIL_USERNAME, TYPED_PASSWORD]) {
      const res = await anon.post("/login", { username, password: "qualquer-coisa" });
      expect(res.status).toBe(401);
    }
    // A failure on an existing account keeps that account's username (attempts on it can be seen).
    const rh = await t.user("rh");
    expect((await anon.post("/login", { username: ` ${rh.username.toUpperCase()} `, password: "errada" })).status).toBe(401);

    const stored = await t.query<{ entity_id: string | null; data: unknown }>`
      select entity_id, data from audit_log where action = 'login.failed' order by id`;
    const text = JSON.stringify(stored);
    for (const typed of [EVIL_USERNAME, TYPED_PASSWORD, TYPED_PASSWORD.toLowerCase(), "HYPERLINK", "evil.example"]) {
      expect(text).not.toContain(typed);
    }
    const data = stored.map((r) => (typeof r.data === "string" ? JSON.parse(r.data) : r.data));
    expect(data.slice(-3)).toEqual([{ unknownUser: true }, { unknownUser: true }, { username: rh.username }]);
    expect(stored.at(-1)!.entity_id).toBe(rh.id);
    // Nowhere else in the log either (the whole table as text).
    const [{ hits }] = await t.query<{ hits: number }>`
      select count(*)::int as hits from audit_log where audit_log::text ilike ${"%hyperlink%"} or audit_log::text ilike ${"%" + TYPED_PASSWORD + "%"}`;
    expect(hits).toBe(0);

    const csv = await download(admin, "/dashboard/auditoria/exportar", { acao: "login.failed" });
    expect(formulaCells(csv)).toEqual([]);
    for (const typed of ["HYPERLINK", "evil.example", TYPED_PASSWORD, TYPED_PASSWORD.toLowerCase()]) expect(csv).not.toContain(typed);
    const rows = strictRows(csv);
    expect(rows.filter((r) => r[7] === "Usuário informado: inexistente (o nome digitado não é guardado)")).toHaveLength(2);
    expect(rows.some((r) => r[7] === `Usuário informado: ${rh.username}`)).toBe(true);
  });

  it("the audit export neutralises a stored value with a formula after ',' (old entries keep their text)", async () => {
    await createAuditEntry(t.db, {
      actor: null,
      action: "login.failed",
      entityId: "formula-antiga",
      data: { username: EVIL_USERNAME },
    });
    const csv = await download(admin, "/dashboard/auditoria/exportar", { registro: "formula-antiga" });
    expect(formulaCells(csv)).toEqual([]);
    const rows = strictRows(csv);
    expect(rows[1][7]).toBe(`Usuário informado: =1+1,'=HYPERLINK("http://evil.example")`);
  });
});

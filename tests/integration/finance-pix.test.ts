import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { hasError, parsePix, PixElementType } from "pix-utils";
import { signedIn, useTestServer } from "../support/suite";
import { distinctCreditsStatement } from "../support/bank-statements";
import type { Client } from "../support/http";
import { createMember } from "~/db/factories/members";
import { brasiliaDateFromToday, createCharge, createPayment } from "~/db/factories/finance";
import { FORBIDDEN_MESSAGE } from "~/auth/screens";
import { PIX_MESSAGES, txidForCharge } from "~/lib/pix";
import { STATEMENT_MESSAGES } from "~/lib/bank-statement";
import { PIX_PAGE_MESSAGES, STATEMENT_MAX_BYTES, STATEMENT_MAX_CONFIRM, STATEMENT_PAGE_MESSAGES } from "~/domain/finance/pix.schema";
import { STATEMENT_REASONS } from "~/domain/finance/statement.server";
import { decodeHtml as decode } from "../support/html";

/**
 * PIX (issue 11, ADRs 157–158): the union's PIX settings, the printable charge page with its
 * BR Code (read back by pix-utils), and matching the bank's statement against open charges
 * (proposals, manual lines, confirmation all or nothing, re-uploads never paying twice).
 */
const RECONCILE = "/dashboard/financeiro/conciliacao";
const chargePage = (id: string) => `/dashboard/financeiro/cobrancas/${id}`;
const t = useTestServer();
const as = signedIn(t, ["admin", "financeiro"]);

const FIXTURE = fs.readFileSync(path.resolve("tests/fixtures/extrato-inter-conciliacao.csv"));
const digest = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

// Fixed ids: the statement fixture carries the txids of the first two (txidForCharge).
const CECILIA_CHARGE = "0a11ce00-0000-4000-8000-000000000001";
const PEDRO_CHARGE = "0a11ce00-0000-4000-8000-000000000002";

async function page(client: Client, url: string) {
  const res = await client.get(url);
  return { status: res.status, html: decode(await res.text()), location: res.headers.get("location") };
}
async function send(client: Client, fields: Record<string, string | string[]>, file?: { bytes: Uint8Array; name?: string; type?: string }) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) fd.append(k, one);
  if (file) fd.set("arquivo", new Blob([file.bytes as BlobPart], { type: file.type ?? "text/csv" }), file.name ?? "extrato.csv");
  const res = await client.post(RECONCILE, fd);
  return { status: res.status, html: decode(await res.text()) };
}
/** Posts the PIX settings form: a valid key, receiver and city unless `over` says otherwise. */
const saveSettings = (client: Client, over: Record<string, string> = {}) =>
  send(client, { intent: "pix-settings", key: "tesouraria@sindicato.example.com", receiverName: "Sindicato", city: "Brasília", ...over });
const rowOf = (html: string, testId: string) => html.match(new RegExp(`<tr data-testid="${testId}"[^>]*>(.*?)</tr>`))?.[1];
const proposedLines = (html: string) => [...html.matchAll(/data-testid="proposal-(\d+)"/g)].map((m) => Number(m[1]));
const unmatchedLines = (html: string) => [...html.matchAll(/data-testid="unmatched-(\d+)"/g)].map((m) => Number(m[1]));

async function counts() {
  const [row] = await t.query<{
    p: number;
    a: number;
    s: number;
  }>`select (select count(*)::int from payments) as p, (select count(*)::int from audit_log where action <> 'access.refused') as a, (select count(*)::int from app_settings) as s`;
  return row;
}

const ceciliaAmount = 7500;
let overdueId: string;
let paidId: string;
let joseJan: string;
let joseFeb: string;
let maria: string;

beforeAll(async () => {
  const cecilia = await createMember(t.db, { name: "Cecília Magalhães Brandão" });
  await createCharge(t.db, {
    id: CECILIA_CHARGE,
    memberId: cecilia.id,
    amountCentavos: ceciliaAmount,
    referenceMonth: 3,
    referenceYear: 2026,
    dueDate: brasiliaDateFromToday(5),
  });
  overdueId = (
    await createCharge(t.db, {
      memberId: cecilia.id,
      amountCentavos: 5000,
      referenceMonth: 2,
      referenceYear: 2026,
      dueDate: brasiliaDateFromToday(-1),
    })
  ).id;
  const pedro = await createCharge(t.db, {
    id: PEDRO_CHARGE,
    memberName: "Pedro Ramos",
    amountCentavos: 5000,
    referenceMonth: 3,
    referenceYear: 2026,
    dueDate: brasiliaDateFromToday(10),
  });
  paidId = pedro.id;
  await createPayment(t.db, { chargeId: pedro.id, amountCentavos: pedro.amountCentavos, paidOn: "2026-03-01", method: "dinheiro" });
  const jose = await createMember(t.db, { name: "José da Conceição" });
  joseJan = (await createCharge(t.db, { memberId: jose.id, amountCentavos: 5000, referenceMonth: 1, referenceYear: 2026 })).id;
  joseFeb = (await createCharge(t.db, { memberId: jose.id, amountCentavos: 5000, referenceMonth: 2, referenceYear: 2026 })).id;
  maria = (
    await createCharge(t.db, {
      memberName: "Maria Aparecida de Souza",
      amountCentavos: 12500,
      referenceMonth: 3,
      referenceYear: 2026,
      dueDate: brasiliaDateFromToday(10),
    })
  ).id;
  // Two members with the same name: a payment by that name is ambiguous.
  await createCharge(t.db, {
    memberName: "Antônio Carlos Filho",
    amountCentavos: 5000,
    referenceMonth: 3,
    referenceYear: 2026,
    dueDate: brasiliaDateFromToday(10),
  });
  await createCharge(t.db, {
    memberName: "Antonio Carlos Filho",
    amountCentavos: 5000,
    referenceMonth: 3,
    referenceYear: 2026,
    dueDate: brasiliaDateFromToday(10),
  });
});

describe("PIX not configured, then configured by admin", () => {
  it("the charge page says how to configure (admin) or whom to ask (financeiro), with no code", async () => {
    const a = await page(as("admin"), chargePage(CECILIA_CHARGE));
    expect(a.status).toBe(200);
    expect(a.html).toContain(PIX_PAGE_MESSAGES.notConfiguredAdmin);
    expect(a.html).not.toContain('data-testid="pix-code"');
    const f = await page(as("financeiro"), chargePage(CECILIA_CHARGE));
    expect(f.html).toContain(PIX_PAGE_MESSAGES.notConfigured);
  });

  it("an invalid key or a blank name is refused with its pt-BR message; financeiro may not edit; nothing is written", async () => {
    const before = await counts();
    const bad = await saveSettings(as("admin"), { key: "123.456.789-00" });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain(PIX_MESSAGES.keyInvalid);
    const blank = await saveSettings(as("admin"), { receiverName: "🚒 ✨" });
    expect(blank.status).toBe(400);
    expect(blank.html).toContain(PIX_MESSAGES.receiverNameRequired);
    const refused = await saveSettings(as("financeiro"));
    expect(refused.status).toBe(403);
    expect(refused.html).toContain(FORBIDDEN_MESSAGE);
    expect(await counts()).toEqual(before);
  });

  it("admin saves a valid key (CNPJ with mask), audited; the screen shows it", async () => {
    const before = await counts();
    const ok = await saveSettings(as("admin"), {
      key: "11.222.333/0001-81",
      receiverName: "Sindicato dos Bombeiros Civis do Distrito Federal",
    });
    expect(ok.status).toBe(200);
    expect(ok.html).toContain(PIX_PAGE_MESSAGES.settingsSaved);
    expect((await counts()).s).toBe(before.s + 1);
    const [audit] = await t.query<{
      action: string;
      data: { keyType: string };
    }>`select action, data from audit_log where action = 'pix-settings.updated'`;
    expect(audit.data.keyType).toBe("CNPJ");
    const screen = await page(as("financeiro"), RECONCILE);
    expect(screen.html).toContain("11222333000181");
  });
});

describe("the printable charge page", () => {
  it("an open charge carries its exact amount and own txid in a BR Code pix-utils reads, as text and as an SVG QR with a text alternative", async () => {
    const { status, html } = await page(as("financeiro"), chargePage(CECILIA_CHARGE));
    expect(status).toBe(200);
    expect(html).toContain("Cecília Magalhães Brandão");
    expect(html).toContain("Mensalidade de março de 2026");
    expect(html).toContain("R$\u00a075,00");
    expect(html).toMatch(/data-testid="charge-status"><span[^>]*>Pendente</);
    const code = html.match(/data-testid="pix-code"[^>]*>([^<]+)<\/textarea>/)?.[1];
    expect(code).toBeDefined();
    const parsed = parsePix(code!);
    if (hasError(parsed)) throw new Error(`pix-utils recusou ${code}`);
    expect(parsed.type).toBe(PixElementType.STATIC);
    if (parsed.type !== PixElementType.STATIC) return;
    expect(Math.round(parsed.transactionAmount! * 100)).toBe(ceciliaAmount);
    expect(parsed.txid).toBe(txidForCharge(CECILIA_CHARGE));
    expect(parsed.pixKey).toBe("11222333000181");
    expect(parsed.merchantName).toBe("Sindicato dos Bombeiros C");
    expect(parsed.merchantCity).toBe("Brasilia");
    expect(html).toMatch(
      /<svg role="img" aria-label="QR Code PIX de R\$\u00a075,00 para Sindicato dos Bombeiros Civis do Distrito Federal\./,
    );
    expect(html).toContain(`>${txidForCharge(CECILIA_CHARGE)}<`);
  });

  it("an overdue charge shows Vencido with a code; a paid one says paid and has no code", async () => {
    const overdue = await page(as("admin"), chargePage(overdueId));
    expect(overdue.html).toMatch(/data-testid="charge-status"><span[^>]*>Vencido</);
    expect(overdue.html).toContain('data-testid="pix-code"');
    const paid = await page(as("admin"), chargePage(paidId));
    expect(paid.html).toMatch(/data-testid="charge-status"><span[^>]*>Pago</);
    expect(paid.html).toContain(PIX_PAGE_MESSAGES.paid);
    expect(paid.html).toContain("paga em 01/03/2026");
    expect(paid.html).not.toContain('data-testid="pix-code"');
  });

  it("an unknown or malformed id is a 404; other roles are sent to their panel", async () => {
    expect((await page(as("admin"), chargePage("0a11ce00-0000-4000-8000-0000000000ff"))).status).toBe(404);
    const bad = await page(as("admin"), chargePage("nao-e-um-id"));
    expect(bad.status).toBe(404);
    expect(bad.html).toContain(PIX_PAGE_MESSAGES.chargeNotFound);
    for (const role of ["campo", "rh", "secretaria"] as const) {
      const other = await page(await t.login(role), chargePage(CECILIA_CHARGE));
      expect(other.status).toBe(302);
      expect(other.location).toBe(`/dashboard/${role}`);
    }
  });
});

describe("matching the bank statement (Banco Inter CSV)", () => {
  it("proposes txid and amount+name matches, lists the rest with reasons, and writes nothing", async () => {
    const before = await counts();
    const { status, html } = await send(as("financeiro"), { intent: "statement-preview" }, { bytes: FIXTURE });
    expect(status).toBe(200);
    expect(html).toContain(STATEMENT_PAGE_MESSAGES.previewed(4, 5));
    expect(proposedLines(html)).toEqual([7, 8, 11, 16]);
    expect(unmatchedLines(html)).toEqual([10, 12, 13, 14, 15]);
    // José has January and February open: his first payment goes to January, the second to February.
    expect(rowOf(html, "proposal-7")).toContain(`/dashboard/financeiro/cobrancas/${joseJan}`);
    expect(rowOf(html, "proposal-7")).toContain("valor e nome");
    expect(rowOf(html, "proposal-16")).toContain(`/dashboard/financeiro/cobrancas/${joseFeb}`);
    expect(rowOf(html, "proposal-8")).toContain(`/dashboard/financeiro/cobrancas/${maria}`);
    expect(rowOf(html, "proposal-11")).toContain(`/dashboard/financeiro/cobrancas/${CECILIA_CHARGE}`);
    expect(rowOf(html, "proposal-11")).toMatch(/>txid</);
    expect(rowOf(html, "unmatched-10")).toContain(STATEMENT_REASONS.ambiguous);
    expect(rowOf(html, "unmatched-12")).toContain(STATEMENT_REASONS.txidPaid("03/2026 de Pedro Ramos"));
    expect(rowOf(html, "unmatched-13")).toContain(STATEMENT_REASONS.noMatch);
    expect(rowOf(html, "unmatched-14")).toContain(STATEMENT_REASONS.txidUnknown);
    expect(rowOf(html, "unmatched-15")).toContain(STATEMENT_REASONS.noMatch);
    expect(html).toMatch(/data-testid="statement-count-credits"[^>]*>9</);
    expect(await counts()).toEqual(before);
  });

  /** financeiro confirms the fixture's lines 7, 8 and 11. */
  const confirmFixture = () =>
    send(as("financeiro"), { intent: "statement-confirm", digest: digest(FIXTURE), lines: ["7", "8", "11"] }, { bytes: FIXTURE });

  it("a database failure mid-way registers nothing", async () => {
    await t.query`create or replace function fail_reconcile_audit() returns trigger language plpgsql as $$ begin if new.action = 'bank-statement.reconciled' then raise exception 'falha simulada'; end if; return new; end $$`;
    await t.query`create trigger fail_reconcile_audit before insert on audit_log for each row execute function fail_reconcile_audit()`;
    try {
      const before = await counts();
      const res = await confirmFixture();
      expect(res.status).toBe(500);
      expect(res.html).toContain(STATEMENT_PAGE_MESSAGES.confirmError);
      expect(await counts()).toEqual(before);
    } finally {
      await t.query`drop trigger fail_reconcile_audit on audit_log`;
    }
  });

  it("confirming registers the ticked lines as pix payments in one transaction, with one audit entry", async () => {
    const before = await counts();
    const res = await confirmFixture();
    expect(res.status).toBe(200);
    expect(res.html).toContain(STATEMENT_PAGE_MESSAGES.confirmed(3));
    const rows = await t.query<{ charge_id: string; paid_on: string; amount_centavos: number; method: string; note: string }>`
      select charge_id, to_char(paid_on, 'YYYY-MM-DD') as paid_on, amount_centavos::int, method, note from payments where method = 'pix' order by paid_on`;
    expect(rows.map((r) => [r.charge_id, r.paid_on, r.amount_centavos, r.method])).toEqual([
      [joseJan, "2026-03-02", 5000, "pix"],
      [maria, "2026-03-03", 12500, "pix"],
      [CECILIA_CHARGE, "2026-03-06", 7500, "pix"],
    ]);
    expect(rows[0].note).toMatch(/^Conciliação do extrato \(linha 7, por valor e nome\): JOSÉ DA CONCEIÇÃO \[ref:[0-9a-f]{16}\]$/);
    expect((await counts()).p).toBe(before.p + 3);
    const audits = await t.query<{
      data: { payments: number; totalCentavos: number; byTxid: number; byNameAndAmount: number };
    }>`select data from audit_log where action = 'bank-statement.reconciled'`;
    expect(audits).toHaveLength(1);
    expect(audits[0].data).toMatchObject({ payments: 3, totalCentavos: 25000, byTxid: 1, byNameAndAmount: 2 });
    // The charge page now says paid.
    expect((await page(as("financeiro"), chargePage(CECILIA_CHARGE))).html).toMatch(/data-testid="charge-status"><span[^>]*>Pago</);
  });

  it("the same statement sent again never pays a line twice: registered lines are listed as such, the rest still proposed", async () => {
    const { html } = await send(as("financeiro"), { intent: "statement-preview" }, { bytes: FIXTURE });
    expect(proposedLines(html)).toEqual([16]);
    expect(rowOf(html, "proposal-16")).toContain(`/dashboard/financeiro/cobrancas/${joseFeb}`);
    for (const line of [7, 8, 11]) expect(rowOf(html, `unmatched-${line}`)).toContain(STATEMENT_REASONS.alreadyImported);
    // Confirming an already registered line again is refused, all or nothing.
    const before = await counts();
    const again = await send(
      as("financeiro"),
      { intent: "statement-confirm", digest: digest(FIXTURE), lines: ["16", "7"] },
      { bytes: FIXTURE },
    );
    expect(again.status).toBe(409);
    expect(again.html).toContain(STATEMENT_PAGE_MESSAGES.notProposed(7));
    expect(await counts()).toEqual(before);
  });

  it("a line whose charge was paid meanwhile refuses the whole confirmation; another file than the one read is refused", async () => {
    const before = await counts();
    const changed = await send(
      as("financeiro"),
      { intent: "statement-confirm", digest: digest(FIXTURE), lines: ["16"] },
      { bytes: Buffer.concat([FIXTURE, Buffer.from("12/03/2026;Pix recebido;X;1,00;0,00\r\n")]) },
    );
    expect(changed.status).toBe(409);
    expect(changed.html).toContain(STATEMENT_PAGE_MESSAGES.fileChanged);
    await createPayment(t.db, { chargeId: joseFeb, amountCentavos: 5000, method: "dinheiro" });
    const after = await counts();
    const res = await send(as("financeiro"), { intent: "statement-confirm", digest: digest(FIXTURE), lines: ["16"] }, { bytes: FIXTURE });
    expect(res.status).toBe(409);
    expect(res.html).toContain(STATEMENT_PAGE_MESSAGES.notProposed(16));
    expect(await counts()).toEqual(after);
    expect(after.p).toBe(before.p + 1);
    const { html } = await send(as("financeiro"), { intent: "statement-preview" }, { bytes: FIXTURE });
    expect(rowOf(html, "unmatched-16")).toContain(STATEMENT_REASONS.allPaid);
  });

  it("refused roles get 403 and nothing changes", async () => {
    const clients = await Promise.all((["rh", "campo", "presidencia"] as const).map(async (role) => [role, await t.login(role)] as const));
    // Signing in is audited: count after.
    const before = await counts();
    for (const [role, client] of clients) {
      for (const fields of [
        { intent: "statement-preview" },
        { intent: "statement-confirm", digest: digest(FIXTURE), lines: ["16"] },
      ] as Record<string, string | string[]>[]) {
        const res = await send(client, fields, { bytes: FIXTURE });
        expect(res.status, `${role} ${fields.intent}`).toBe(403);
      }
    }
    expect(await counts()).toEqual(before);
  });

  it("bad uploads get a pt-BR 4xx and write nothing", async () => {
    const before = await counts();
    const none = await send(as("financeiro"), { intent: "statement-preview" });
    expect(none.status).toBe(400);
    expect(none.html).toContain(STATEMENT_PAGE_MESSAGES.fileRequired);
    const png = await send(
      as("financeiro"),
      { intent: "statement-preview" },
      { bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), name: "extrato.png", type: "image/png" },
    );
    expect(png.status).toBe(415);
    expect(png.html).toContain(STATEMENT_PAGE_MESSAGES.notCsv);
    const xlsx = await send(
      as("financeiro"),
      { intent: "statement-preview" },
      { bytes: Buffer.from("PK\u0003\u0004rest-of-a-zip"), name: "extrato.xlsx" },
    );
    expect(xlsx.status).toBe(415);
    const big = await send(as("financeiro"), { intent: "statement-preview" }, { bytes: new Uint8Array(2 * 1024 * 1024 + 10).fill(0x41) });
    expect(big.status).toBe(413);
    expect(big.html).toContain(STATEMENT_PAGE_MESSAGES.tooLarge);
    const noHeader = await send(as("financeiro"), { intent: "statement-preview" }, { bytes: Buffer.from("nome;valor\r\nfulano;10\r\n") });
    expect(noHeader.status).toBe(400);
    expect(noHeader.html).toContain(STATEMENT_MESSAGES.noHeader);
    const empty = await send(as("financeiro"), { intent: "statement-preview" }, { bytes: Buffer.from("\r\n\r\n") });
    expect(empty.status).toBe(400);
    expect(empty.html).toContain(STATEMENT_MESSAGES.empty);
    const nothingTicked = await send(as("financeiro"), { intent: "statement-confirm", digest: digest(FIXTURE) }, { bytes: FIXTURE });
    expect(nothingTicked.status).toBe(400);
    expect(nothingTicked.html).toContain(STATEMENT_PAGE_MESSAGES.noneSelected);
    const json = await as("financeiro").request(RECONCILE, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ intent: "statement-preview" }),
    });
    expect(json.status).toBe(415);
    expect(await counts()).toEqual(before);
  });
});

describe("one credit, one charge; amounts that fit (issue 18 §4)", () => {
  const csv = (...lines: string[]) => Buffer.from(["Data Lançamento;Histórico;Descrição;Valor;Saldo", ...lines].join("\r\n"), "utf8");

  it("a credit of R$ 21.474.836,48 and one above the limit do not fail the preview: each is listed with its reason", async () => {
    const before = await counts();
    const { status, html } = await send(
      as("financeiro"),
      { intent: "statement-preview" },
      {
        bytes: csv(
          "02/03/2026;Pix recebido;ALGUEM RICO;21.474.836,48;0,00",
          "02/03/2026;Pix recebido;ALGUEM MAIS RICO;100.000.000,00;0,00",
        ),
      },
    );
    expect(status).toBe(200);
    expect(rowOf(html, "unmatched-2")).toContain(STATEMENT_REASONS.noMatch);
    expect(rowOf(html, "unmatched-2")).toContain("R$\u00a021.474.836,48");
    expect(html.replace(/<!-- -->/g, "")).toContain(`Linha 3: ${STATEMENT_MESSAGES.tooLarge("100.000.000,00")}`);
    expect(await counts()).toEqual(before);
  });

  it("a statement of 40,000 distinct credits (1.5 MB) is read: 200, counts whole, lists capped with a note, nothing written", async () => {
    const file = distinctCreditsStatement(40_000);
    expect(file.length).toBeLessThan(STATEMENT_MAX_BYTES);
    const before = await counts();
    const { status, html } = await send(as("financeiro"), { intent: "statement-preview" }, { bytes: file });
    expect(status).toBe(200);
    expect(html).toContain(STATEMENT_PAGE_MESSAGES.previewed(0, 40_000));
    expect(html).toMatch(/data-testid="statement-count-credits"[^>]*>40\.000</);
    expect(html).toContain(STATEMENT_PAGE_MESSAGES.listCapped(STATEMENT_MAX_CONFIRM));
    expect(unmatchedLines(html)).toHaveLength(STATEMENT_MAX_CONFIRM);
    expect(await counts()).toEqual(before);
  });

  it("the same credit without the 'Cp :ISPB-' prefix is listed as a possible duplicate, unticked; confirming it as a plain line is a 409", async () => {
    const m = await createMember(t.db, { name: "Nome Reescrito Pereira" });
    await createCharge(t.db, { memberId: m.id, amountCentavos: 6123, referenceMonth: 1, referenceYear: 2026 });
    const feb = await createCharge(t.db, {
      memberId: m.id,
      amountCentavos: 6123,
      referenceMonth: 2,
      referenceYear: 2026,
    });
    const first = csv("02/03/2026;Pix recebido;Cp :00360305-NOME REESCRITO PEREIRA;61,23;0,00");
    expect(
      (await send(as("financeiro"), { intent: "statement-confirm", digest: digest(first), lines: ["2"] }, { bytes: first })).status,
    ).toBe(200);

    const second = csv("02/03/2026;Pix recebido;NOME REESCRITO PEREIRA;61,23;0,00");
    const { status, html } = await send(as("financeiro"), { intent: "statement-preview" }, { bytes: second });
    expect(status).toBe(200);
    expect(html).toContain(STATEMENT_PAGE_MESSAGES.previewed(0, 0, 1));
    expect(proposedLines(html)).toEqual([]);
    const row = rowOf(html, "duplicate-2");
    expect(row).toMatch(/<input id="confirmar-duplicata-2" type="checkbox" [^>]*name="duplicates" value="2"\/>/);
    expect(row).not.toContain("checked");
    expect(row).toContain('01/2026</span>, pago em <span class="whitespace-nowrap">02/03/2026');
    expect(row).toContain(`/dashboard/financeiro/cobrancas/${feb.id}`);

    const before = await counts();
    const plain = await send(as("financeiro"), { intent: "statement-confirm", digest: digest(second), lines: ["2"] }, { bytes: second });
    expect(plain.status).toBe(409);
    expect(plain.html).toContain(STATEMENT_PAGE_MESSAGES.possibleDuplicate(2));
    expect(await counts()).toEqual(before);
    const confirmed = await send(
      as("financeiro"),
      { intent: "statement-confirm", digest: digest(second), duplicates: ["2"] },
      { bytes: second },
    );
    expect(confirmed.status).toBe(200);
    const [paid] = await t.query<{ n: number }>`select count(*)::int as n from payments where charge_id = ${feb.id} and undone_at is null`;
    expect(paid.n).toBe(1);
  });
});

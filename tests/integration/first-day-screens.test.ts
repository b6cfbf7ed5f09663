import { describe, expect, it } from "vitest";
import { createCharge, createPayment } from "~/db/factories/finance";
import { createMember } from "~/db/factories/members";
import { useTestServer } from "../support/suite";
import { decodeHtml } from "../support/html";

/**
 * Small things the first-day walk (issue 19) found on screens, checked through HTTP as the role
 * would see them: sums that explain themselves, no layout notes shown to users, rh told who imports.
 */
const t = useTestServer();

const decode = (s: string) => decodeHtml(s).replace(/<!-- -->/g, "");

describe("the finance summary adds up, or says why not", () => {
  it("an overpayment is explained under the totals, and nothing is said when the sums agree", async () => {
    const fin = await t.login("financeiro");
    const m = await createMember(t.db, { situation: 1, name: "Pagante Acima Teste" });
    const q = "Pagante Acima Teste";
    const c = await createCharge(t.db, { memberId: m.id, referenceYear: 2026, referenceMonth: 2, amountCentavos: 5000 });
    await createCharge(t.db, { memberId: m.id, referenceYear: 2026, referenceMonth: 3, amountCentavos: 5000 });
    const page = async () => decode(await (await fin.get(`/dashboard/financeiro/financial?filtro=all&q=${encodeURIComponent(q)}`)).text());
    expect(await page()).not.toContain('data-testid="totals-note"');
    await createPayment(t.db, { chargeId: c.id, amountCentavos: 9000 });
    const html = await page();
    expect(html).toContain("Recebido + Em aberto passa o Valor total em R$\u00a040,00: pagamentos registrados acima do valor da cobrança.");
  });
});

describe("panel charts", () => {
  it("line charts carry y-axis values: 0, the middle and a round top", async () => {
    const html = decode(await (await (await t.login("admin")).get("/dashboard/admin?atualizar=1")).text());
    const ticks = [...html.matchAll(/data-y-tick="(\d+)"/g)].map((m) => Number(m[1]));
    expect(ticks).toContain(0);
    expect(ticks.some((v) => v > 0)).toBe(true);
    // The dues chart is a share: its top is 100%.
    expect(html).toMatch(/data-y-tick="100"[^>]*>[\s\S]*?100%<\/text>/);
  });
});

describe("screens say what matters to users only", () => {
  it("the workplace map has no 'Mapa com 500 px de altura.' caption; it says what orange markers mean", async () => {
    const admin = await t.login("admin");
    const html = decode(await (await admin.get("/dashboard/admin/mapa-postos")).text());
    expect(html).not.toContain("px de altura");
    expect(html).toContain("Marcadores laranja");
  });

  it("rh's member screen says the spreadsheet import is the admin's; the admin's has the button instead", async () => {
    const rh = decode(await (await (await t.login("rh")).get("/dashboard/rh/members")).text());
    expect(rh).toContain("A importação de planilhas de filiados é feita pelo administrador do sistema.");
    expect(rh).not.toContain('href="/dashboard/admin/members/importar"');
    const admin = decode(await (await (await t.login("admin")).get("/dashboard/admin/members")).text());
    expect(admin).not.toContain("é feita pelo administrador do sistema");
    expect(admin).toContain('href="/dashboard/admin/members/importar"');
  });
});

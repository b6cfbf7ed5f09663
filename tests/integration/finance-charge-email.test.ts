import { beforeAll, describe, expect, it } from "vitest";
import { createMember } from "~/db/factories/members";
import { brasiliaDateFromToday, createCharge, createPayment } from "~/db/factories/finance";
import { FORBIDDEN_MESSAGE } from "~/auth/screens";
import { PIX_PAGE_MESSAGES } from "~/domain/finance/pix.schema";
import { txidForCharge } from "~/lib/pix";
import type { Client } from "../support/http";
import { useMailingTestServer } from "../support/smtp";

/**
 * Issue 19 item 7 (ADR 216): from a charge's page, 'Enviar por e-mail' queues one send-email
 * job (amount, due date, PIX copia-e-cola, the QR as an inline PNG), audited, delivered through
 * a real SMTP server; clear pt-BR refusals; finance roles only. Charge rows and a member's
 * charges link to the page, whose back link returns where the user came from.
 */
const { t, smtp } = useMailingTestServer({
  JOBS_POLL_MS: "100",
  PIX_KEY: "financeiro@sindicato.example",
  PIX_RECEIVER_NAME: "Sindicato dos Bombeiros Civis do DF",
  PIX_CITY: "Brasilia",
});
const chargePage = (id: string) => `/dashboard/financeiro/cobrancas/${id}`;
let fin: Client;
let open: string;
let noEmail: string;
let anonymised: string;
let paid: string;
let memberId: string;

/** A charge of month `month` of 2031, due `dueIn` days from today in Brasília: its id. */
async function chargeId(member: string, centavos: number, month: number, dueIn: number) {
  const charge = await createCharge(t.db, {
    memberId: member,
    amountCentavos: centavos,
    referenceMonth: month,
    referenceYear: 2031,
    dueDate: brasiliaDateFromToday(dueIn),
  });
  return charge.id;
}

beforeAll(async () => {
  fin = await t.login("financeiro");
  const ana = await createMember(t.db, { name: "Ana Cobrança Teste", email: "ana.cobranca@example.com" });
  memberId = ana.id;
  open = await chargeId(ana.id, 5250, 5, 10);
  paid = await chargeId(ana.id, 5000, 4, -5);
  await createPayment(t.db, { chargeId: paid, amountCentavos: 5000, paidOn: brasiliaDateFromToday(-6), method: "pix" });
  const bruno = await createMember(t.db, { name: "Bruno Sem Email", email: null });
  noEmail = await chargeId(bruno.id, 5000, 5, 10);
  const carla = await createMember(t.db, { name: "Carla Anonimizada", email: "carla@example.com", anonymizedAt: new Date() });
  anonymised = await chargeId(carla.id, 5000, 5, 10);
});

async function send(c: Client, id: string) {
  const res = await c.request(`${chargePage(id)}.data`, { method: "POST", body: new URLSearchParams({ intent: "send-email" }) });
  return { status: res.status, text: await res.text() };
}
const emailJobs = () => t.query<{ id: number; state: string }>`select id::int, state from jobs where name = 'send-email' order by id`;
const audits = (id: string) =>
  t.query<{ data: Record<string, unknown> }>`select data from audit_log where action = 'charge.emailed' and entity_id = ${id}`;

describe("'Enviar por e-mail' on a charge's page", () => {
  it("queues one job, audits it, and the member receives amount, due date, the PIX code and the QR image", async () => {
    const before = (await emailJobs()).length;
    const r = await send(fin, open);
    expect(r.status).toBe(200);
    expect(r.text).toContain("a******@example.com");
    expect((await emailJobs()).length).toBe(before + 1);
    const [audit] = await audits(open);
    expect(audit.data).toMatchObject({ memberId, amountCentavos: 5250 });
    expect(JSON.stringify(audit.data)).not.toContain("ana.cobranca");
    const mail = await smtp.sink.waitFor((m) => m.to.includes("ana.cobranca@example.com"), 15_000);
    expect(mail.subject).toContain("05/2031");
    expect(mail.subject).toMatch(/R\$\s52,50/);
    expect(mail.text).toMatch(/Valor: R\$\s52,50/);
    expect(mail.text).toMatch(/Vencimento: \d{2}\/\d{2}\/\d{4}/);
    // The BR Code with the charge's own txid, as copia-e-cola text.
    expect(mail.text).toContain(txidForCharge(open));
    expect(mail.text).toMatch(/000201[0-9A-Za-z@.\s]*6304[0-9A-F]{4}/);
    // The QR as an inline PNG the HTML refers to.
    expect(mail.raw).toMatch(/Content-Type: image\/png/i);
    expect(mail.raw).toMatch(/Content-ID: <pix-qr>/i);
    expect(mail.raw).toContain("cid:pix-qr");
  });

  it("refuses in pt-BR when the member has no e-mail, was anonymised, or the charge is paid; nothing queued", async () => {
    const before = (await emailJobs()).length;
    const cases: Array<[string, number, string]> = [
      [noEmail, 422, PIX_PAGE_MESSAGES.emailNoAddress],
      [anonymised, 422, PIX_PAGE_MESSAGES.emailAnonymized],
      [paid, 409, PIX_PAGE_MESSAGES.emailPaid],
    ];
    for (const [id, status, message] of cases) {
      const r = await send(fin, id);
      expect(r.status, message).toBe(status);
      expect(r.text).toContain(message);
    }
    expect((await emailJobs()).length).toBe(before);
    expect(await audits(noEmail)).toHaveLength(0);
  });

  it("the page says beforehand where it sends, or why it cannot", async () => {
    expect(await (await fin.get(chargePage(open))).text()).toContain("a******@example.com");
    expect(await (await fin.get(chargePage(noEmail))).text()).toContain(PIX_PAGE_MESSAGES.emailNoAddress);
  });

  it("is refused to other roles on the server (403, nothing queued)", async () => {
    const before = (await emailJobs()).length;
    const rh = await t.login("rh");
    const r = await send(rh, open);
    expect(r.status).toBe(403);
    expect(r.text).toContain(FORBIDDEN_MESSAGE);
    expect((await emailJobs()).length).toBe(before);
  });
});

describe("links to a charge and back", () => {
  it("each charge row links to its page carrying where it came from", async () => {
    const html = await (await fin.get("/dashboard/financeiro/financial?filtro=pending")).text();
    expect(html).toContain(
      `href="/dashboard/financeiro/cobrancas/${open}?voltar=${encodeURIComponent("/dashboard/financeiro/financial?filtro=pending")}"`,
    );
  });

  it("the back link returns to a same-site /dashboard path only, else to the charges", async () => {
    const back = async (voltar: string | null) => {
      const html = await (
        await fin.get(voltar === null ? chargePage(open) : `${chargePage(open)}?voltar=${encodeURIComponent(voltar)}`)
      ).text();
      const a = html.match(/<a[^>]*data-testid="charge-back"[^>]*>.*?<\/a>/)?.[0] ?? "";
      const href = a.match(/href="([^"]*)"/)?.[1] ?? "";
      const text = a.replace(/<[^>]+>/g, "");
      return [href, text].map((s) => s.replace(/&amp;/g, "&").trim());
    };
    expect(await back("/dashboard/financeiro/financial?filtro=pending&pagina=2")).toEqual([
      "/dashboard/financeiro/financial?filtro=pending&pagina=2",
      "Voltar para as cobranças",
    ]);
    expect(await back(`/dashboard/admin/members/${memberId}`)).toEqual([`/dashboard/admin/members/${memberId}`, "Voltar para o filiado"]);
    expect(await back("/dashboard/financeiro/conciliacao")).toEqual(["/dashboard/financeiro/conciliacao", "Voltar para a conciliação PIX"]);
    expect(await back("/dashboard/auditoria?acao=payment.registered")).toEqual([
      "/dashboard/auditoria?acao=payment.registered",
      "Voltar para a auditoria",
    ]);
    for (const hostile of [
      "https://evil.example/dashboard/x",
      "//evil.example/dashboard/",
      "/dashboard\\..\\x",
      "javascript:alert(1)",
      "/login",
    ]) {
      expect(await back(hostile), hostile).toEqual(["/dashboard/financeiro/financial", "Voltar para as cobranças"]);
    }
    expect(await back(null)).toEqual(["/dashboard/financeiro/financial", "Voltar para as cobranças"]);
  });

  it("the member page's 'Mensalidades' links each charge back to the member", async () => {
    const admin = await t.login("admin");
    const path = `/dashboard/admin/members/${memberId}`;
    const html = await (await admin.get(path)).text();
    expect(html).toContain(`href="${chargePage(open)}?voltar=${encodeURIComponent(path)}"`);
    expect(html).toContain(`href="${chargePage(paid)}?voltar=${encodeURIComponent(path)}"`);
  });
});

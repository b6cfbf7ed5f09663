import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { brasiliaDateFromToday, createCharge, createPaidCharge } from "~/db/factories/finance";
import { MEMBER_AUTH_MESSAGES } from "~/domain/member-area/member-auth.schema";
import { createMember, type MemberRow } from "~/db/factories/members";
import { createServiceRecordRow } from "~/db/factories/services";
import { useMailingBrowserSuite } from "../support/browser-suite";
import { axeViolations as axe, hasNoHorizontalOverflow, hydrated, screenshot } from "../support/browser";
import { codeFromSink } from "../support/member-area";
import { tinyPdf } from "../fixtures/complaint-files";

/**
 * Issue 23, the member's journey at 390 px in Chromium: sign in with the code read from the SMTP
 * sink → see a charge → copy its PIX code → open a paid charge's receipt → comment on a record
 * and attach a file → open the card → a partner verifies it → Meus dados: ask for an address
 * change, download their data. Every screen axe-clean, no sideways scroll.
 */
const { t, smtp } = useMailingBrowserSuite({
  PIX_KEY: "tesouraria@sindicato.example",
  PIX_RECEIVER_NAME: "Sindicato Bombeiros DF",
  PIX_CITY: "Brasilia",
});

let member: MemberRow;
let protocol = "";
beforeAll(async () => {
  member = await createMember(t.db, { name: "Rita de Cássia Moura", email: "rita.moura@exemplo.com.br", situation: 1, status: "ativo" });
  const y = Number(brasiliaDateFromToday(0).slice(0, 4));
  await createPaidCharge(
    t.db,
    {
      memberId: member.id,
      amountCentavos: 5500,
      referenceYear: y - 1,
      referenceMonth: 11,
    },
    { method: "pix" },
  );
  await createCharge(t.db, {
    memberId: member.id,
    amountCentavos: 5600,
    referenceYear: y - 1,
    referenceMonth: 12,
    dueDate: brasiliaDateFromToday(-10),
  });
  // Meus atendimentos (issue 23 §3, ADR 274): a record of hers with a public and an internal comment.
  const record = await createServiceRecordRow(t.db, {
    requesterName: member.name,
    requesterCpf: member.cpf,
    memberId: member.id,
    sector: "homologacao",
    status: "in_progress",
  });
  protocol = record.protocol;
  for (const [text, isPublic] of [
    ["Conferência do termo agendada; traga a carteira de trabalho.", true],
    ["Nota interna: empresa atrasou a guia.", false],
  ] as const) {
    await t.query`insert into service_record_entries (record_id, kind, author_name, responsible_name, old_status, new_status, text, is_public)
      values (${record.id}, 'comment', 'Servidor Homologação', 'Servidor Homologação', 'in_progress', 'in_progress', ${text}, ${isPublic})`;
  }
});

async function streamText(stream: NodeJS.ReadableStream) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString("utf8");
}

async function checked(page: Page, name: string) {
  await hydrated(page);
  expect(await axe(page), name).toEqual([]);
  expect(await hasNoHorizontalOverflow(page), name).toBe(true);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

describe("the member's journey on a phone", () => {
  it("signs in with the e-mailed code, pays by PIX copia e cola, opens a receipt and the card, and a partner verifies it", async () => {
    const page = await t.newPage("phone");
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: t.url });
    await page.goto(`${t.url}/filiado`);
    await page.waitForURL((u) => u.pathname === "/filiado/entrar");
    await checked(page, "member-sign-in-390");

    const since = smtp.sink.messages.length;
    await page.getByLabel("CPF").fill(member.cpf!);
    await page.getByRole("button", { name: "Receber código por e-mail" }).click();
    await expect.poll(() => page.getByTestId("code-sent").count(), { timeout: 15_000 }).toBe(1);
    await checked(page, "member-code-390");
    const code = await codeFromSink(smtp.sink, member.email!, since);
    await page.getByLabel("Código recebido por e-mail").fill(code);
    await page.getByRole("button", { name: "Entrar" }).click();
    await page.waitForURL((u) => u.pathname === "/filiado");
    await checked(page, "member-home-390");

    await page.getByRole("navigation", { name: "Área do Filiado" }).getByRole("link", { name: "Minhas mensalidades" }).click();
    await page.waitForURL((u) => u.pathname === "/filiado/mensalidades");
    await expect.poll(() => page.getByTestId("overdue-total").textContent()).toMatch(/R\$\s56,00/);
    await checked(page, "member-dues-390");
    const overdue = page.locator('[data-testid="member-charge"][data-status="overdue"]');
    const pix = await overdue.getByTestId("pix-code").inputValue();
    expect(pix).toMatch(/^000201/);
    await overdue.getByTestId("pix-copy").click();
    await expect.poll(() => overdue.getByTestId("pix-copy-status").textContent()).toBe("Código PIX copiado.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(pix);

    await page.getByTestId("member-receipt-link").click();
    await page.waitForURL((u) => u.pathname.endsWith("/recibo"));
    await expect.poll(() => page.getByTestId("receipt-amount").textContent()).toMatch(/^R\$\s55,00$/);
    expect(await page.getByTestId("receipt-code").textContent()).toMatch(/^[0-9A-F]{4}(-[0-9A-F]{4}){3}$/);
    await checked(page, "member-receipt-390");

    // Meus atendimentos: open her record, comment and attach a file; the internal note never shows.
    await page.goto(`${t.url}/filiado`);
    await page.getByRole("navigation", { name: "Área do Filiado" }).getByRole("link", { name: "Meus atendimentos" }).click();
    await page.waitForURL((u) => u.pathname === "/filiado/atendimentos");
    await checked(page, "member-services-390");
    await page.getByRole("link", { name: `Atendimento ${protocol}` }).click();
    await page.waitForURL((u) => u.pathname === `/filiado/atendimentos/${protocol}`);
    await expect.poll(() => page.getByTestId("consulta-entries").textContent()).toContain("Conferência do termo agendada");
    expect(await page.content()).not.toContain("Nota interna");
    await checked(page, "member-service-390");
    await page.getByLabel("Comentário").fill("Levarei a carteira de trabalho. Segue o termo assinado.");
    await page
      .getByLabel("Documento (opcional)")
      .setInputFiles({ name: "termo-assinado.pdf", mimeType: "application/pdf", buffer: tinyPdf() });
    await page.getByRole("button", { name: "Enviar" }).click();
    await expect
      .poll(() => page.locator('[data-testid="consulta-entry"][data-from="requester"]').textContent(), { timeout: 15_000 })
      .toContain("Levarei a carteira de trabalho.");
    await expect.poll(() => page.getByTestId("consulta-attachment-link").textContent()).toContain("termo-assinado.pdf");
    expect(await page.getByTestId("my-service-text").inputValue()).toBe("");
    await checked(page, "member-service-commented-390");

    await page.goto(`${t.url}/filiado/carteirinha`);
    await expect.poll(() => page.getByTestId("card-status").textContent()).toContain("Filiado ativo");
    await checked(page, "member-card-390");
    const verifyUrl = (await page.getByTestId("card-verify-link").getAttribute("href"))!;
    const code32 = /\/verificar\/([0-9a-f]{32})$/.exec(verifyUrl)![1];

    // The partner: another phone, signed out.
    const partner = await t.newPage("phone", { path: `/verificar/${code32}` });
    await expect.poll(() => partner.getByTestId("verify-status").textContent()).toContain("Filiado ativo");
    expect(await partner.getByTestId("verify-name").textContent()).toBe("Rita");
    expect(await partner.getByTestId("verify-registration").textContent()).toBe(String(member.registrationNumber));
    expect(await partner.content()).not.toContain("Moura");
    await checked(partner, "member-verify-390");
    await partner.context().close();

    // Meus dados (issue 23 §4, ADR 275): the record with the CPF masked, an address change for rh,
    // and the data downloaded.
    await page.getByRole("navigation", { name: "Área do Filiado" }).getByRole("link", { name: "Meus dados" }).click();
    await page.waitForURL((u) => u.pathname === "/filiado/dados");
    await expect.poll(() => page.getByTestId("my-cpf").textContent()).toMatch(/^\*\*\*\.\d{3}\.\d{3}-\*\*$/);
    expect(await page.content()).not.toContain(member.cpf!);
    await checked(page, "member-data-390");
    await page.getByLabel("Endereço", { exact: true }).fill("QS 7 Rua 800 Lote 12");
    await page.getByLabel("Cidade", { exact: true }).fill("Águas Claras");
    await page.getByLabel("UF").selectOption("DF");
    await page.getByLabel("CEP").fill("71966700");
    // By keyboard: the button is reached with Tab from the last field and pressed with Enter.
    await page.getByLabel("Região administrativa (opcional)").fill("Águas Claras");
    await page.getByLabel("Região administrativa (opcional)").press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Pedir correção do endereço");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByTestId("address-pending").textContent(), { timeout: 15_000 }).toContain("QS 7 Rua 800 Lote 12");
    await checked(page, "member-data-address-requested-390");
    const [req] = await t.query<{
      status: string;
      cep: string;
    }>`select status, cep from member_address_requests where member_id = ${member.id}`;
    expect(req).toEqual({ status: "pending", cep: "71966700" });
    const downloading = page.waitForEvent("download");
    await page.getByTestId("my-data-json").click();
    const file = await downloading;
    expect(file.suggestedFilename()).toBe(`meus-dados-${member.registrationNumber}.json`);
    const exported = JSON.parse(await streamText(await file.createReadStream())) as { cadastro: Record<string, unknown> };
    expect(exported.cadastro["Nome completo"]).toBe("Rita de Cássia Moura");
    expect(exported.cadastro["Matrícula"]).toBe(member.registrationNumber);

    // Signing out ends the session.
    await page.getByRole("button", { name: "Sair" }).click();
    await page.waitForURL((u) => u.pathname === "/filiado/entrar");
    await expect.poll(() => page.getByTestId("toast").first().textContent()).toBe(MEMBER_AUTH_MESSAGES.signedOut);
    await page.goto(`${t.url}/filiado/mensalidades`);
    await page.waitForURL((u) => u.pathname === "/filiado/entrar");
    await page.context().close();
  }, 120_000);

  it("rh sees the address Rita asked for and approves it on a phone, by keyboard; the record has it", async () => {
    const page = await t.login("rh", { viewport: "phone", path: "/dashboard/filiados/enderecos" });
    await page.waitForURL((u) => u.pathname === "/dashboard/filiados/enderecos");
    const item = page.getByTestId("address-request").filter({ hasText: "Rita de Cássia Moura" });
    await expect.poll(() => item.getByTestId("address-requested").textContent()).toContain("QS 7 Rua 800 Lote 12");
    await checked(page, "staff-address-requests-390");
    await item.getByRole("button", { name: /Aprovar e aplicar o endereço pedido por Rita/ }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByTestId("no-address-requests").count(), { timeout: 15_000 }).toBe(1);
    const [row] = await t.query<{ address: string; cep: string }>`select address, cep from members where id = ${member.id}`;
    expect(row).toEqual({ address: "QS 7 Rua 800 Lote 12", cep: "71966700" });
    await checked(page, "staff-address-requests-empty-390");
    await page.context().close();
  }, 60_000);
});

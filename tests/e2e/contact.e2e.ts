import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { createContactMessage } from "~/db/factories/contacts";
import { useBrowserSuite } from "../support/browser-suite";
import {
  fromSidebar,
  hasNoHorizontalOverflow,
  hydrated,
  screenshot,
  axeViolations as axe,
  screenshotFromTop as shoot,
  hydratedWithoutSidewaysScroll,
  openedAxeClean,
} from "../support/browser";
import { startSmtpSink, type SmtpSink } from "../fakes/smtp-sink";
import { CONTACT_FIELD_MESSAGES, CONTACT_MESSAGES } from "~/domain/contacts/contact.schema";

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
const t = useBrowserSuite({ env: () => ({ SMTP_URL: sink.url }) });
/** A pending secretaria message the cases board moves; another one, so the list is never just it. */
const CASE_SUBJECT = "Como faço para me filiar?";
beforeAll(async () => {
  await createContactMessage(t.db, { sector: "secretaria", status: "pending", subject: CASE_SUBJECT });
  await createContactMessage(t.db, {
    sector: "secretaria",
    status: "replied",
    replyMessage: "Respondido pela secretaria.",
    repliedAt: new Date(),
  });
});
afterAll(async () => {
  await sink?.close();
});

async function toastText(page: Page) {
  return (await page.getByTestId("toast").allTextContents()).join(" | ");
}

const SUBJECT = "Escala 12x36 sem folga compensatória";
const EMAIL = "helena.mota@example.com";

describe("Fale Conosco, from the visitor to the staff member's answer", () => {
  it("a visitor sends the form in the browser (errors, mask, success), and the page passes axe in every state", async () => {
    const page = await t.newPage();
    const ctx = page.context();
    await openedAxeClean(page, `${t.url}/contato`, "Fale Conosco", "contact-1280");

    // Submitting the empty form shows the server's messages beside each field.
    await page.getByRole("button", { name: "Enviar mensagem" }).click();
    await expect.poll(() => page.getByTestId("contact-error").textContent()).toBe(CONTACT_MESSAGES.invalidForm);
    for (const m of [
      CONTACT_FIELD_MESSAGES.nameRequired,
      CONTACT_FIELD_MESSAGES.emailRequired,
      CONTACT_FIELD_MESSAGES.sectorRequired,
      CONTACT_FIELD_MESSAGES.consentRequired,
    ]) {
      expect(await page.getByText(m, { exact: true }).count(), m).toBe(1);
    }
    expect(await page.getByRole("textbox", { name: "Nome completo", exact: true }).getAttribute("aria-invalid")).toBe("true");
    expect(await axe(page)).toEqual([]);
    await shoot(page, "contact-error-1280");

    await page.getByRole("textbox", { name: "Nome completo", exact: true }).fill("Helena Mota");
    await page.getByRole("textbox", { name: "E-mail", exact: true }).fill(EMAIL);
    await page.getByRole("textbox", { name: /^Telefone/ }).pressSequentially("61987654321");
    expect(await page.getByRole("textbox", { name: /^Telefone/ }).inputValue()).toBe("(61) 98765-4321");
    await page.getByRole("textbox", { name: "Assunto", exact: true }).fill(SUBJECT);
    await page.getByRole("radio", { name: /Jurídico/ }).check();
    await page
      .getByRole("textbox", { name: "Mensagem", exact: true })
      .fill("Trabalho em escala 12x36 e a empresa não concede a folga depois do plantão. Isso é permitido?");
    await page.getByRole("checkbox", { name: /Aviso de Privacidade/ }).check();
    await page.getByRole("button", { name: "Enviar mensagem" }).click();
    await expect
      .poll(() => page.getByTestId("contact-success").textContent())
      .toBe("Mensagem enviada com sucesso! Em breve entraremos em contato.");
    // The form is empty again.
    expect(await page.getByRole("textbox", { name: "Nome completo", exact: true }).inputValue()).toBe("");
    expect(await page.getByRole("textbox", { name: /^Telefone/ }).inputValue()).toBe("");
    expect(await page.getByRole("radio", { name: /Jurídico/ }).isChecked()).toBe(false);
    expect(await axe(page)).toEqual([]);
    await shoot(page, "contact-success-1280");

    const [row] = await t.query<
      Record<string, unknown>
    >`select email, phone, sector, status from contact_messages where subject = ${SUBJECT}`;
    expect(row).toEqual({ email: EMAIL, phone: "(61) 98765-4321", sector: "juridico", status: "pending" });
    await ctx.close();
  });

  it("looks finished on a phone, including its error state", async () => {
    const page = await t.newPage("phone", { path: "/contato" });
    const ctx = page.context();
    await hydratedWithoutSidewaysScroll(page, "contact-390", shoot);
    await page.getByRole("button", { name: "Enviar mensagem" }).click();
    await expect.poll(() => page.getByTestId("contact-error").isVisible()).toBe(true);
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    expect(await axe(page)).toEqual([]);
    await shoot(page, "contact-error-390");
    await ctx.close();
  });

  it("works without JavaScript", async () => {
    const page = await t.newPage("desktop", { javaScriptEnabled: false, path: "/contato" });
    const ctx = page.context();
    await page.getByRole("button", { name: "Enviar mensagem" }).click();
    await page.waitForLoadState("load");
    expect(await page.getByText(CONTACT_FIELD_MESSAGES.subjectRequired).count()).toBe(1);
    await page.getByRole("textbox", { name: "Nome completo", exact: true }).fill("Sem Script");
    await page.getByRole("textbox", { name: "E-mail", exact: true }).fill("sem.script@example.com");
    await page.getByRole("textbox", { name: "Assunto", exact: true }).fill("Enviado sem JavaScript");
    await page.getByRole("radio", { name: /Secretaria/ }).check();
    await page.getByRole("textbox", { name: "Mensagem", exact: true }).fill("Meu navegador está com o JavaScript desligado.");
    await page.getByRole("checkbox", { name: /Aviso de Privacidade/ }).check();
    await page.getByRole("button", { name: "Enviar mensagem" }).click();
    await page.waitForURL((u) => u.searchParams.get("enviado") === "1");
    expect(await page.getByTestId("contact-success").textContent()).toContain(CONTACT_MESSAGES.sent);
    expect(await t.query`select id from contact_messages where subject = 'Enviado sem JavaScript'`).toHaveLength(1);
    await ctx.close();
  });

  it("juridico staff see it, change its status and reply; the answer reaches the sender by SMTP", async () => {
    const page = await t.login("juridico");
    const ctx = page.context();
    await fromSidebar(page, "Contatos", "/dashboard/contatos/juridico");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Contatos - Jurídico");
    const row = page.getByTestId("contact-row").filter({ hasText: SUBJECT });
    expect(await row.count()).toBe(1);
    await row.click();
    await page.waitForURL((u) => u.searchParams.has("id"));
    const detail = page.getByTestId("contact-detail");
    await expect.poll(() => detail.getByRole("heading", { level: 2 }).textContent()).toBe(SUBJECT);
    expect(await detail.textContent()).toContain(EMAIL);
    expect(await detail.textContent()).toContain("(61) 98765-4321");

    await detail.getByRole("button", { name: "Em andamento" }).click();
    await expect.poll(() => toastText(page)).toContain(CONTACT_MESSAGES.statusUpdated);
    await expect.poll(() => detail.getByRole("button", { name: "Em andamento" }).getAttribute("aria-pressed")).toBe("true");
    const [afterStatus] = await t.query<{ status: string }>`select status from contact_messages where subject = ${SUBJECT}`;
    expect(afterStatus.status).toBe("replied");
    await screenshot(page, "contacts-inbox-1280");

    await detail
      .getByRole("textbox", { name: "Resposta" })
      .fill("Olá, Helena. A folga compensatória é obrigatória pela convenção; vamos notificar a empresa.");
    await detail.getByRole("button", { name: "Enviar resposta" }).click();
    await expect.poll(() => toastText(page)).toContain(CONTACT_MESSAGES.replySent);
    const mail = await sink.waitFor((m) => m.to.includes(EMAIL));
    expect(mail.subject).toBe(`Re: ${SUBJECT}`);
    expect(mail.text).toContain("A folga compensatória é obrigatória pela convenção");
    const juridico = await t.user("juridico");
    expect(mail.text).toContain(juridico.name);
    await expect.poll(() => page.getByTestId("contact-reply").textContent()).toContain(juridico.name);
    expect(await detail.getByRole("textbox", { name: "Resposta" }).inputValue()).toBe("");

    // A second reply is listed after the first, which stays (ADR 305); the form stays below for more.
    await detail.getByRole("textbox", { name: "Resposta" }).fill("Helena, a empresa foi notificada hoje.");
    await detail.getByRole("button", { name: "Enviar resposta" }).click();
    await expect.poll(() => detail.getByTestId("contact-reply").count()).toBe(2);
    const replies = detail.getByRole("region", { name: "2 respostas registradas" }).getByRole("listitem");
    expect(await replies.allTextContents()).toEqual([
      expect.stringContaining("A folga compensatória é obrigatória pela convenção"),
      expect.stringContaining("a empresa foi notificada hoje"),
    ]);
    expect(await replies.nth(1).textContent()).toContain(juridico.name);
    expect(await detail.getByRole("heading", { name: "Enviar nova resposta" }).count()).toBe(1);
    // The keyboard's focus is on the replies' heading, not dropped on the body.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("2 respostas registradas");
    expect(await axe(page)).toEqual([]);

    await detail.getByRole("button", { name: "Resolvido" }).click();
    await expect.poll(() => detail.getByRole("button", { name: "Resolvido" }).getAttribute("aria-pressed")).toBe("true");
    await screenshot(page, "contacts-inbox-replied-1280");
    await ctx.close();
  });

  it("staff of another sector do not see it, and cannot open the juridico page", async () => {
    const page = await t.login("secretaria");
    const ctx = page.context();
    await page.goto(`${t.url}/dashboard/contatos/juridico`);
    expect(new URL(page.url()).pathname).toBe("/dashboard/contatos/secretaria");
    await hydrated(page);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Contatos - Secretaria");
    expect(await page.getByTestId("contact-row").count()).toBeGreaterThan(0);
    expect(await page.getByTestId("contact-row").filter({ hasText: SUBJECT }).count()).toBe(0);
    await ctx.close();
  });

  it("admin sees every sector with a filter; the inbox and the cases board work on a phone", async () => {
    const page = await t.login("admin");
    const ctx = page.context();
    await page.goto(`${t.url}/dashboard/contatos`);
    await hydrated(page);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Todos os Contatos");
    expect(await page.getByTestId("contact-row").filter({ hasText: SUBJECT }).count()).toBe(1);
    await page.getByTestId("sector-filter-financeiro").click();
    await page.waitForURL((u) => u.pathname === "/dashboard/contatos/financeiro");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Contatos - Financeiro");
    expect(await page.getByTestId("contact-row").filter({ hasText: SUBJECT }).count()).toBe(0);
    await page.goto(`${t.url}/dashboard/secretaria/casos`);
    await hydrated(page);
    await screenshot(page, "cases-1280");
    await ctx.close();

    const p = await t.login("juridico", { viewport: "phone", path: "/dashboard/contatos/juridico" });
    const phone = p.context();
    await hydratedWithoutSidewaysScroll(p, "contacts-inbox-390");
    await p.getByTestId("contact-row").filter({ hasText: SUBJECT }).click();
    await p.waitForURL((u) => u.searchParams.has("id"));
    // On a phone the detail replaces the list.
    await expect.poll(() => p.getByTestId("contact-detail").isVisible()).toBe(true);
    expect(await p.getByTestId("contact-row").first().isVisible()).toBe(false);
    // Its two replies (the previous test) fit the phone's width.
    await expect.poll(() => p.getByTestId("contact-reply").count()).toBe(2);
    expect(await hasNoHorizontalOverflow(p)).toBe(true);
    await screenshot(p, "contacts-detail-390");
    await p.getByRole("link", { name: "Voltar à lista" }).click();
    await expect.poll(() => p.getByTestId("contact-row").first().isVisible()).toBe(true);
    await p.goto(`${t.url}/dashboard/contatos`);
    await phone.close();

    const s = await t.login("secretaria", { viewport: "phone", path: "/dashboard/secretaria/casos" });
    const sec = s.context();
    await hydratedWithoutSidewaysScroll(s, "cases-390");
    // Moving a card on the board changes its status and its column.
    const card = s.getByTestId("cases-column-pending").getByTestId("case-card").filter({ hasText: CASE_SUBJECT });
    await card.getByRole("button", { name: "Resolvido" }).click();
    await expect.poll(() => toastText(s)).toContain(CONTACT_MESSAGES.statusUpdated);
    await expect
      .poll(() => s.getByTestId("cases-column-resolved").getByTestId("case-card").filter({ hasText: CASE_SUBJECT }).count())
      .toBe(1);
    expect(await s.getByTestId("cases-column-pending").getByTestId("case-card").filter({ hasText: CASE_SUBJECT }).count()).toBe(0);
    await sec.close();
  });
});

import { afterAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { useBrowserSuite } from "../support/browser-suite";
import {
  hasNoHorizontalOverflow,
  hydrated,
  axeViolations as axe,
  screenshotFromTop as shoot,
  hydratedWithoutSidewaysScroll,
  openedAxeClean,
} from "../support/browser";
import { COMPLAINT_MESSAGES } from "~/domain/complaints/complaint.schema";
import { gpsTaggedJpeg, mzBytes, plainPng } from "../fixtures/complaint-files";

/**
 * The complaint channel end to end in a real browser: a reporter files a complaint with a
 * photo (preview shown and removed), keeps the code; staff (jurídico) see it, change the
 * status, answer publicly and note internally; the reporter sees the public answer only and
 * adds information; a refused role sees the access-denied message. axe on every public state.
 */

const t = useBrowserSuite();

const TITLE = "Máscaras autônomas vencidas no posto 3";
const PUBLIC_REPLY = "Recebemos e vamos fiscalizar o posto nesta semana.";
const INTERNAL_NOTE = "Confirmar com a CIPA antes da visita (interno).";
const ADDED = "As máscaras ficam no armário B, sem lacre.";

/** Every request the page makes must go to our own origin. */
function watchOrigins(page: Page) {
  const foreign: string[] = [];
  const own = new URL(t.url).host;
  page.on("request", (req) => {
    const url = new URL(req.url());
    if ((url.protocol === "http:" || url.protocol === "https:") && url.host !== own) foreign.push(req.url());
  });
  return foreign;
}

async function toasts(page: Page) {
  return (await page.getByTestId("toast").allTextContents()).join(" | ");
}

let receiptCode = "";

/**
 * The success alert has the focus and is fully visible (its centre is not under the sticky
 * header), and so is its section's heading "Adicionar informação" above it (its top line too).
 */
function confirmationFocusedInView(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!(el instanceof HTMLElement) || el.dataset.testid !== "form-success") return false;
    const r = el.getBoundingClientRect();
    const onScreen = r.top >= 0 && r.bottom <= window.innerHeight;
    const heading = document.getElementById("adicionar-titulo")!;
    const h = heading.getBoundingClientRect();
    const headingShown = h.top >= 0 && heading.contains(document.elementFromPoint(h.left + h.width / 2, h.top + 2));
    return onScreen && headingShown && el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
  });
}

describe("a reporter files a complaint in the browser", () => {
  let ctx: BrowserContext;
  afterAll(async () => ctx?.close());

  it("shows errors (axe-clean), previews and removes an image, and shows the receipt code once", async () => {
    const page = await t.newPage();
    ctx = page.context();
    const foreign = watchOrigins(page);
    await openedAxeClean(page, `${t.url}/denuncia`, "Denúncia Anônima", "complaint-form-1280");

    // Empty submit: the original's message, fields marked, still axe-clean.
    await page.getByRole("button", { name: "Enviar denúncia" }).click();
    await expect.poll(() => page.getByTestId("form-error").textContent()).toBe(COMPLAINT_MESSAGES.required);
    expect(await page.getByLabel("Título da denúncia").getAttribute("aria-invalid")).toBe("true");
    expect(await axe(page)).toEqual([]);

    // A renamed executable is refused in the browser at once (and by the server by content).
    await page.getByLabel(/Evidência/).setInputFiles({ name: "foto.exe", mimeType: "application/x-msdownload", buffer: mzBytes() });
    await expect.poll(() => page.getByText(COMPLAINT_MESSAGES.typeNotAllowed).count()).toBe(1);
    expect(await axe(page)).toEqual([]);
    await shoot(page, "complaint-form-errors-1280");

    // Counters follow the typing.
    await page.getByLabel("Título da denúncia").fill(TITLE);
    expect(await page.locator("#f-title-count").textContent()).toContain(`${TITLE.length}/200`);
    await page.getByLabel("Empresa").fill("Shopping Exemplo Sul");
    await page.getByLabel("Local").fill("Posto 3, subsolo");
    await page.getByRole("textbox", { name: /^Descrição/ }).fill("As máscaras do posto 3 estão com a validade vencida desde janeiro.");
    expect(await page.locator("#f-description-count").textContent()).toContain("/2000");

    // An image shows a preview that can be removed.
    const input = page.getByLabel(/Evidência/);
    await input.setInputFiles({ name: "outra.png", mimeType: "image/png", buffer: await plainPng(120, 80) });
    await expect.poll(() => page.getByTestId("evidence-preview").count()).toBe(1);
    await page.getByRole("button", { name: "Remover arquivo" }).click();
    await expect.poll(() => page.getByTestId("evidence-preview").count()).toBe(0);
    expect(await input.evaluate((el) => (el as HTMLInputElement).files?.length ?? 0)).toBe(0);
    await input.setInputFiles({ name: "mascaras.jpg", mimeType: "image/jpeg", buffer: await gpsTaggedJpeg() });
    await expect.poll(() => page.getByTestId("evidence-preview").count()).toBe(1);
    await page.getByLabel(/Li o Aviso de Privacidade/).check();
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await shoot(page, "complaint-form-filled-390");
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole("button", { name: "Enviar denúncia" }).click();
    await expect.poll(() => page.getByTestId("receipt").count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByText(COMPLAINT_MESSAGES.submitted).count()).toBe(1);
    receiptCode = ((await page.getByTestId("receipt-code").textContent()) ?? "").trim();
    expect(receiptCode).toMatch(/^\d{4} \d{4} \d{4} \d{4}$/);
    // Not in the URL, not in a cookie, not in browser storage.
    expect(page.url()).toBe(`${t.url}/denuncia`);
    expect(await ctx.cookies()).toEqual([]);
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
    expect(stored).not.toContain(receiptCode.replace(/\s/g, ""));
    expect(await axe(page)).toEqual([]);
    await shoot(page, "complaint-receipt-1280");
    expect(foreign).toEqual([]);
  });

  it("works without JavaScript too", async () => {
    const page = await t.newPage("phone", { javaScriptEnabled: false });
    const noJs = page.context();
    // What the browser itself sends and gets: under the page's own `Referrer-Policy: no-referrer`
    // a plain form post carries `Origin: null` and no Referer, and must still be accepted.
    const posts: { origin?: string; referer?: string; site?: string; status: number; policy?: string }[] = [];
    page.on("response", async (res) => {
      const req = res.request();
      if (req.method() !== "POST") return;
      const h = await req.allHeaders();
      posts.push({
        origin: h["origin"],
        referer: h["referer"],
        site: h["sec-fetch-site"],
        status: res.status(),
        policy: (await res.allHeaders())["referrer-policy"],
      });
    });
    const first = await page.goto(`${t.url}/denuncia`);
    expect(first?.headers()["referrer-policy"]).toBe("no-referrer");
    await page.getByRole("button", { name: "Enviar denúncia" }).click();
    await page.waitForLoadState("load");
    expect(await page.getByTestId("form-error").textContent()).toBe(COMPLAINT_MESSAGES.required);
    await page.getByLabel("Título da denúncia").fill("Sem JavaScript");
    await page.getByRole("textbox", { name: /^Descrição/ }).fill("Enviada com o JavaScript desligado.");
    await page.getByLabel(/Li o Aviso de Privacidade/).check();
    await page.getByRole("button", { name: "Enviar denúncia" }).click();
    await page.waitForLoadState("load");
    expect(await page.getByTestId("receipt-code").textContent()).toMatch(/^\d{4} \d{4} \d{4} \d{4}$/);
    expect(await noJs.cookies()).toEqual([]);
    await expect.poll(() => posts.length).toBe(2);
    for (const p of posts.slice(0, 2))
      expect({ ...p, status: undefined }).toEqual({
        origin: "null",
        referer: undefined,
        site: "same-origin",
        status: undefined,
        policy: "no-referrer",
      });
    // The first post (nothing filled) is refused by validation, not by the origin check; the second is stored.
    expect(posts.map((p) => p.status)).toEqual([expect.any(Number), 200]);
    expect(posts[0].status).not.toBe(403);
    expect(posts[0].status).toBeLessThan(500);
    await shoot(page, "complaint-receipt-nojs-390");
    // The follow-up page takes the code the same way.
    const code = (await page.getByTestId("receipt-code").textContent())!;
    await page.goto(`${t.url}/denuncia/acompanhar`);
    await page.getByLabel("Código de acompanhamento").fill(code);
    await page.getByRole("button", { name: "Consultar denúncia" }).click();
    await page.waitForLoadState("load");
    expect(await page.getByTestId("follow-up").count()).toBe(1);
    await expect.poll(() => posts.length).toBe(3);
    expect(posts[2]).toEqual({ origin: "null", referer: undefined, site: "same-origin", status: 200, policy: "no-referrer" });
    await noJs.close();
  });
});

describe("staff handle it", () => {
  it("jurídico sees the complaint and its photo, changes the status, replies publicly and notes internally", async () => {
    // Playwright's clock, at real speed, lets the test wait out a toast's 6 s in no time.
    const page = await t.login("juridico", { clock: true });
    const ctx = page.context();
    await page.getByRole("link", { name: "Denúncias" }).first().click();
    await page.waitForURL(/\/dashboard\/denuncias/);
    await hydrated(page);
    await page.getByTestId("complaint-item").filter({ hasText: TITLE }).click();
    await expect.poll(() => page.getByTestId("complaint-detail").count()).toBe(1);
    await expect
      .poll(() => page.getByTestId("evidence-image").evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    expect(await page.getByTestId("complaint-detail").textContent()).toContain("Shopping Exemplo Sul");

    await page.getByLabel("Status", { exact: true }).selectOption("in_review");
    await page.getByLabel("Notas da análise (internas)").fill("Visita marcada para quinta-feira.");
    await page.getByRole("button", { name: "Atualizar status" }).click();
    await expect.poll(() => toasts(page)).toContain(COMPLAINT_MESSAGES.statusUpdated);
    await expect.poll(() => page.getByTestId("complaint-detail").getByTestId("complaint-status").textContent()).toBe("Em Análise");
    await expect.poll(() => page.getByTestId("reviewed-by").textContent()).toContain((await t.user("juridico")).name);

    await page.getByLabel("Mensagem").fill(PUBLIC_REPLY);
    await page.getByLabel("Resposta pública").check();
    await page.getByRole("button", { name: "Registrar" }).click();
    await expect.poll(() => toasts(page)).toContain(COMPLAINT_MESSAGES.replyPublicDone);
    await expect.poll(() => page.getByTestId("thread-public").count()).toBe(1);

    await page.getByLabel("Mensagem").fill(INTERNAL_NOTE);
    await page.getByLabel("Nota interna").check();
    await page.getByRole("button", { name: "Registrar" }).click();
    await expect.poll(() => toasts(page)).toContain(COMPLAINT_MESSAGES.replyInternalDone);
    await expect.poll(() => page.getByTestId("thread-internal").count()).toBe(1);
    await shoot(page, "complaints-staff-1280");

    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(200);
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await shoot(page, "complaints-staff-detail-390");
    // On the phone the last toast sits over the link: the person waits for it to go (its 6 s, jumped).
    await page.clock.fastForward(6_000);
    await page.getByRole("link", { name: "Voltar para a lista" }).click();
    await expect.poll(() => page.getByTestId("complaint-list").isVisible()).toBe(true);
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await shoot(page, "complaints-staff-list-390");
    await ctx.close();
  });

  it("the load-error state offers 'Tentar Novamente', which loads the list again", async () => {
    const page = await t.login("presidencia");
    const ctx = page.context();
    await t.query`alter table complaint_messages rename to complaint_messages_off`;
    try {
      await page.goto(`${t.url}/dashboard/denuncias`);
      await hydrated(page);
      expect(await page.getByTestId("load-error").textContent()).toContain(COMPLAINT_MESSAGES.loadError);
    } finally {
      await t.query`alter table complaint_messages_off rename to complaint_messages`;
    }
    await page.getByRole("button", { name: "Tentar Novamente" }).click();
    await expect.poll(() => page.getByTestId("complaint-list").count()).toBe(1);
    expect(await page.getByTestId("load-error").count()).toBe(0);
    await ctx.close();
  });

  it("a refused role (financeiro) sees the access-denied message and no menu entry", async () => {
    const page = await t.login("financeiro");
    const ctx = page.context();
    // The sidebar has no entry (its panel's "Denúncias (mês)" card counts service records, not the channel).
    expect(
      await page.getByRole("navigation", { name: "Menu do painel" }).getByRole("link", { name: "Denúncias", exact: true }).count(),
    ).toBe(0);
    await page.goto(`${t.url}/dashboard/denuncias`);
    expect(await page.getByTestId("access-message").textContent()).toContain(
      "Acesso Negado - Você não tem permissão para acessar esta página.",
    );
    expect(await page.getByText(TITLE).count()).toBe(0);
    await ctx.close();
  });
});

describe("the reporter follows it up with the code", () => {
  it("sees the status and the public reply only, adds information; every state is axe-clean", async () => {
    const page = await t.newPage();
    const ctx = page.context();
    const foreign = watchOrigins(page);
    await page.goto(`${t.url}/denuncia/acompanhar`);
    await hydrated(page);
    expect(await axe(page)).toEqual([]);
    await shoot(page, "complaint-follow-up-1280");

    // A wrong code: the message, axe-clean.
    const wrong = receiptCode.replace(/\s/g, "").replace(/^(\d)/, (d) => String((Number(d) + 1) % 10));
    await page.getByLabel("Código de acompanhamento").fill(wrong);
    await page.getByRole("button", { name: "Consultar denúncia" }).click();
    await expect.poll(() => page.getByTestId("form-error").textContent()).toBe(COMPLAINT_MESSAGES.codeNotFound);
    expect(await axe(page)).toEqual([]);
    await shoot(page, "complaint-follow-up-error-1280");

    await page.getByLabel("Código de acompanhamento").fill(receiptCode);
    await page.getByRole("button", { name: "Consultar denúncia" }).click();
    await expect.poll(() => page.getByTestId("follow-up").count()).toBe(1);
    expect(page.url()).toBe(`${t.url}/denuncia/acompanhar`);
    expect(await page.getByTestId("complaint-status").first().textContent()).toBe("Em Análise");
    expect(await page.getByTestId("public-reply").allTextContents()).toEqual([expect.stringContaining(PUBLIC_REPLY)]);
    expect(await page.getByText(INTERNAL_NOTE).count()).toBe(0);
    expect(await page.getByText("Visita marcada para quinta-feira.").count()).toBe(0);
    expect(await axe(page)).toEqual([]);

    await page.getByLabel("Nova informação").fill(ADDED);
    await page.getByRole("button", { name: "Enviar informação" }).click();
    await expect.poll(() => page.getByTestId("form-success").textContent()).toBe(COMPLAINT_MESSAGES.addInfoDone);
    await expect.poll(() => page.getByTestId("reporter-message").allTextContents()).toEqual([expect.stringContaining(ADDED)]);
    expect(await page.getByLabel("Nova informação").inputValue()).toBe("");
    // The confirmation has the focus (not the page body) and is on screen, not under the header.
    expect(await confirmationFocusedInView(page)).toBe(true);
    expect(await axe(page)).toEqual([]);
    await shoot(page, "complaint-follow-up-view-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await shoot(page, "complaint-follow-up-view-390");

    expect(await ctx.cookies()).toEqual([]);
    expect(foreign).toEqual([]);
    await ctx.close();

    // Staff see the addition.
    const sp = await t.login("admin", { path: "/dashboard/denuncias" });
    const staff = sp.context();
    await sp.getByTestId("complaint-item").filter({ hasText: TITLE }).click();
    await expect.poll(() => sp.getByTestId("thread-reporter").allTextContents()).toEqual([expect.stringContaining(ADDED)]);
    await staff.close();
  });

  it("the phone layout of both public pages, and the throttled state, are finished and axe-clean", async () => {
    const page = await t.newPage("phone", { path: "/denuncia" });
    const ctx = page.context();
    await hydratedWithoutSidewaysScroll(page, "complaint-form-390", shoot);
    await page.goto(`${t.url}/denuncia/acompanhar`);
    await hydratedWithoutSidewaysScroll(page, "complaint-follow-up-390", shoot);

    // On a phone the confirmation of "Enviar informação" is above the emptied form: it is
    // scrolled into view and takes the focus.
    await page.getByLabel("Código de acompanhamento").fill(receiptCode);
    await page.getByRole("button", { name: "Consultar denúncia" }).click();
    await expect.poll(() => page.getByTestId("follow-up").count()).toBe(1);
    await page.getByLabel("Nova informação").fill("O armário B fica no subsolo.");
    await page.getByRole("button", { name: "Enviar informação" }).click();
    await expect.poll(() => page.getByTestId("form-success").textContent()).toBe(COMPLAINT_MESSAGES.addInfoDone);
    expect(await confirmationFocusedInView(page)).toBe(true);
    await page.goto(`${t.url}/denuncia/acompanhar`);
    await hydrated(page);

    // Use up this address's wrong-code attempts (last test: it blocks the address for a while).
    for (let i = 0; i < 10; i++) {
      // Earlier tests may already have used some attempts from this address.
      if (await page.getByLabel("Código de acompanhamento").isDisabled()) break;
      await page.getByLabel("Código de acompanhamento").fill(`99999999999999${String(i).padStart(2, "0")}`);
      await Promise.all([
        page.waitForResponse((r) => r.url().includes("/denuncia/acompanhar") && r.request().method() === "POST"),
        page.getByRole("button", { name: "Consultar denúncia" }).click(),
      ]);
      // The answer is on screen once the button reads "Consultar denúncia" again.
      await page.getByRole("button", { name: "Consultar denúncia" }).waitFor();
    }
    await expect.poll(() => page.getByTestId("form-error").textContent()).toMatch(/^Muitas tentativas com código inválido/);
    expect(await axe(page)).toEqual([]);
    await shoot(page, "complaint-follow-up-throttled-390");
    await ctx.close();
  });
});

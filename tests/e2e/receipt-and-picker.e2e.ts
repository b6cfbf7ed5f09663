import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { useBrowserSuite } from "../support/browser-suite";
import { axeViolations as axe, hasNoHorizontalOverflow, hydrated, newContext, screenshot, VIEWPORTS } from "../support/browser";
import { COMPLAINT_MESSAGES } from "~/domain/complaints/complaint.schema";
import { FILE_PICKER_LABELS } from "~/components/ui/file-picker";
import { NOT_FOUND_MESSAGES } from "~/components/layout/not-found-content";
import { plainPng } from "../fixtures/complaint-files";

/**
 * Issue 13, item 1.9, in a real browser: the receipt code at 390 px never breaks inside a group
 * and can be copied (with a pt-BR confirmation, and no dead button without JavaScript); the
 * evidence input is the pt-BR picker the news editor uses; the 404 page speaks Portuguese too.
 */

// Public pages only: nothing to create beforehand.
const t = useBrowserSuite({ env: { TRUST_PROXY: "1" } });

/** Each 4-digit group of the code as the browser laid it out: how many line boxes it spans. */
async function groupLines(page: Page) {
  return page.getByTestId("receipt-code").evaluate((el) => {
    const text = el.firstChild as Text;
    const out: number[] = [];
    const re = /\d{4}/g;
    for (let m = re.exec(text.data); m; m = re.exec(text.data)) {
      const range = document.createRange();
      range.setStart(text, m.index);
      range.setEnd(text, m.index + 4);
      const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      out.push(tops.size);
    }
    return out;
  });
}

async function fileComplaint(page: Page, title: string) {
  await page.getByLabel("Título da denúncia").fill(title);
  await page.getByRole("textbox", { name: /^Descrição/ }).fill("Relato para ver o recibo no celular.");
  await page.getByLabel(/Li o Aviso de Privacidade/).check();
  await page.getByRole("button", { name: "Enviar denúncia" }).click();
  await expect.poll(() => page.getByTestId("receipt").count(), { timeout: 15_000 }).toBe(1);
}

describe("the receipt code on a phone", () => {
  it("at 390 px no group of the code wraps; the copy button copies the 16 digits and confirms in pt-BR", async () => {
    const ctx = await newContext(t.browser, "phone");
    await ctx.grantPermissions(["clipboard-read", "clipboard-write"], { origin: t.url });
    const page = await ctx.newPage();
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": "198.51.100.90" });
    await page.goto(`${t.url}/denuncia`);
    await hydrated(page);
    await fileComplaint(page, "Recibo no celular");
    const code = ((await page.getByTestId("receipt-code").textContent()) ?? "").trim();
    expect(code).toMatch(/^\d{4} \d{4} \d{4} \d{4}$/);
    // Narrower still than an iPhone 12 (320 px), and at 200 % text: still never inside a group.
    for (const width of [390, 360, 320]) {
      await page.setViewportSize({ width, height: 844 });
      expect(await groupLines(page), `${width}px`).toEqual([1, 1, 1, 1]);
      expect(await hasNoHorizontalOverflow(page), `${width}px`).toBe(true);
    }
    await page.setViewportSize(VIEWPORTS.phone);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "receipt-code-390");

    await page.getByRole("button", { name: "Copiar código" }).click();
    await expect.poll(() => page.getByTestId("receipt-copy-status").textContent()).toBe(COMPLAINT_MESSAGES.receiptCopied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code.replace(/\s/g, ""));
    expect(await axe(page)).toEqual([]);
    await screenshot(page, "receipt-code-copied-390");
    await ctx.close();
  });

  it("without JavaScript the code is shown and no dead copy button is offered", async () => {
    const ctx = await t.browser.newContext({ javaScriptEnabled: false, viewport: VIEWPORTS.phone, locale: "pt-BR" });
    const page = await ctx.newPage();
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": "198.51.100.91" });
    await page.goto(`${t.url}/denuncia`);
    await fileComplaint(page, "Recibo sem JavaScript");
    expect(((await page.getByTestId("receipt-code").textContent()) ?? "").trim()).toMatch(/^\d{4} \d{4} \d{4} \d{4}$/);
    expect(await page.getByRole("button", { name: "Copiar código" }).count()).toBe(0);
    expect(await groupLines(page)).toEqual([1, 1, 1, 1]);
    await screenshot(page, "receipt-code-nojs-390");
    await ctx.close();
  });
});

describe("the evidence picker on /denuncia", () => {
  it("is the pt-BR picker (not the browser's 'Choose File'), keyboard-operable and axe-clean", async () => {
    const ctx = await t.browser.newContext({ viewport: VIEWPORTS.desktop, locale: "en-US" });
    const page = await ctx.newPage();
    await page.goto(`${t.url}/denuncia`);
    await hydrated(page);
    const picker = page.getByTestId("evidence-picker");
    expect(await picker.textContent()).toContain(FILE_PICKER_LABELS.choose);
    expect(await picker.textContent()).toContain(FILE_PICKER_LABELS.none);
    // The native button is not what people see (the input is visually hidden).
    const input = page.getByLabel(/Evidência/);
    expect(await input.evaluate((el) => getComputedStyle(el).position === "absolute" && el.getBoundingClientRect().width <= 1)).toBe(true);
    // Keyboard: Tab reaches the input and the picker shows focus.
    await input.focus();
    expect(await page.evaluate(() => document.activeElement?.getAttribute("type"))).toBe("file");
    await input.setInputFiles({ name: "foto-do-posto.png", mimeType: "image/png", buffer: await plainPng(64, 48) });
    await expect.poll(() => picker.textContent()).toContain("foto-do-posto.png");
    await expect.poll(() => page.getByTestId("evidence-preview").count()).toBe(1);
    expect(await axe(page)).toEqual([]);
    await screenshot(page, "evidence-picker-1280");
    await page.setViewportSize(VIEWPORTS.phone);
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await screenshot(page, "evidence-picker-390");
    // Too large or the wrong type: the original's messages, and the picker is empty again.
    await input.setInputFiles({ name: "programa.exe", mimeType: "application/x-msdownload", buffer: Buffer.from("MZ") });
    await expect.poll(() => page.getByText(COMPLAINT_MESSAGES.typeNotAllowed).count()).toBe(1);
    expect(await picker.textContent()).toContain(FILE_PICKER_LABELS.none);
    await ctx.close();
  });
});

describe("the 404 page", () => {
  it("keeps the original's English line, adds pt-BR and links, axe-clean at both widths", async () => {
    const ctx = await newContext(t.browser);
    const page = await ctx.newPage();
    const res = await page.goto(`${t.url}/pagina-que-nao-existe`);
    expect(res?.status()).toBe(404);
    await hydrated(page);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Oops! Page not found");
    expect(await page.getByText(NOT_FOUND_MESSAGES.line).count()).toBe(1);
    expect(await page.getByRole("link", { name: "Convenções coletivas" }).count()).toBeGreaterThan(0);
    expect(await axe(page)).toEqual([]);
    await screenshot(page, "not-found-1280");
    await page.setViewportSize(VIEWPORTS.phone);
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await screenshot(page, "not-found-390");
    await ctx.close();
  });
});

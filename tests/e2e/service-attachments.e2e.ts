import { describe, expect, it } from "vitest";
import { useBrowserSuite } from "../support/browser-suite";
import { axeViolations as axe, hasNoHorizontalOverflow, hydrated, screenshot } from "../support/browser";
import { createServiceRecordRow } from "~/db/factories/services";
import { ATTACHMENT_MESSAGES } from "~/domain/service-records/attachments";
import { tinyPdf, tinyWav } from "../fixtures/complaint-files";

/**
 * Issue 22 §3–4 in Chromium at 390 px (ADRs 262, 263): on a record's page the secretaria attaches
 * a PDF (a wrong file first: its pt-BR message beside the field), sees it in the list and
 * "anexou rescisao.pdf" in the history, then opens the comprovante; the worker downloads the
 * public file from the consulta. Every page passes axe.
 */
const t = useBrowserSuite({ env: () => ({ APP_URL: "https://sindicato.example" }) });

describe("attachments and the receipt at 390 px", () => {
  it("attach a file → it is in the history → open the receipt; axe clean", async () => {
    const r = await createServiceRecordRow(t.db, { sector: "secretaria", requesterCpf: "52998224725", requesterName: "Conceição Araújo" });
    const page = await t.login("secretaria", { path: `/dashboard/atendimento/${r.id}`, viewport: "phone" });
    await hydrated(page);
    const card = page.getByTestId("service-attachments");
    const form = page.getByRole("form", { name: "Anexar arquivo" });

    // Not a PDF/JPEG/PNG: refused, the message beside the field, nothing listed.
    await form.getByLabel("Arquivo").setInputFiles({ name: "audio.pdf", mimeType: "application/pdf", buffer: tinyWav() });
    await form.getByRole("button", { name: "Anexar arquivo" }).click();
    await expect.poll(() => page.getByTestId("attachment-error").textContent()).toBe(ATTACHMENT_MESSAGES.typeNotAllowed);
    expect(await card.getByTestId("attachment-item").count()).toBe(0);

    await form.getByLabel("Arquivo").setInputFiles({ name: "rescisao.pdf", mimeType: "application/pdf", buffer: tinyPdf() });
    await form.getByLabel("Visível ao trabalhador na consulta pública").check();
    await form.getByRole("button", { name: "Anexar arquivo" }).click();
    await expect.poll(() => card.getByTestId("attachment-item").count()).toBe(1);
    expect(await card.getByTestId("attachment-link").textContent()).toBe("rescisao.pdf");
    expect(await card.getByText("Público na consulta").isVisible()).toBe(true);
    await expect
      .poll(() => page.getByTestId("service-history").textContent())
      .toContain("anexou rescisao.pdf (visível na consulta pública)");
    expect(await axe(page)).toEqual([]);
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, "service-attachments-390");

    await page.getByRole("link", { name: "Comprovante" }).click();
    await page.waitForURL((u) => u.pathname === `/dashboard/atendimento/${r.id}/comprovante`);
    await hydrated(page);
    expect(await page.getByTestId("receipt-protocol").textContent()).toBe(r.protocol);
    expect(await page.getByTestId("receipt-url").textContent()).toBe(
      `https://sindicato.example/atendimento/consulta?protocolo=${r.protocol}`,
    );
    expect(await page.getByTestId("receipt-qr").locator("svg[role=img]").count()).toBe(1);
    expect(await page.getByTestId("receipt-cpf").textContent()).toBe("***.982.247-**");
    expect(await axe(page)).toEqual([]);
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await screenshot(page, "service-receipt-390");
    // Printed: the shell and the buttons stay off the A4 page.
    await page.emulateMedia({ media: "print" });
    expect(await page.getByRole("button", { name: "Imprimir" }).isVisible()).toBe(false);
    expect(await page.getByTestId("service-receipt").isVisible()).toBe(true);
    await page.setViewportSize({ width: 794, height: 1123 });
    await screenshot(page, "service-receipt-print");
    await page.context().close();

    // The worker's consulta: protocol + CPF digits, then the public file to download.
    const worker = await t.newPage("phone", { acceptDownloads: true, path: `/atendimento/consulta?protocolo=${r.protocol}` });
    await hydrated(worker);
    await worker.getByLabel("4 últimos dígitos do CPF ou e-mail").fill("4725");
    await worker.getByRole("button", { name: "Consultar atendimento" }).click();
    const docs = worker.getByTestId("consulta-attachments");
    await docs.waitFor();
    expect(await docs.getByTestId("consulta-attachment-link").textContent()).toContain("rescisao.pdf");
    const download = worker.waitForEvent("download");
    await docs.getByTestId("consulta-attachment-link").click();
    expect((await download).suggestedFilename()).toBe("rescisao.pdf");
    expect(await axe(worker)).toEqual([]);
    expect(await hasNoHorizontalOverflow(worker)).toBe(true);
    await screenshot(worker, "service-consulta-attachments-390");
    await worker.context().close();
  });
});

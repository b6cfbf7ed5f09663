import { freePort } from "../fakes/listen";
import nodemailer from "nodemailer";
import { beforeAll, describe, expect, it } from "vitest";
import { useBrowserSuite } from "../support/browser-suite";
import { axeViolations as axe, checkedAtBothWidths, hasNoHorizontalOverflow, hydrated, screenshot } from "../support/browser";
import { createServiceRecordRow } from "~/db/factories/services";
import { tinyPdf } from "../fixtures/complaint-files";

/**
 * Issue 22 §6 in Chromium (ADR 265), and the e-mail reply's place in the history (§5, ADR 264):
 * the requester's reply, sent by nodemailer to the server's own SMTP receiver, is on the record's
 * page with its PDF; a jurídico user creates a canned reply on "Respostas prontas" (checked at
 * 1280 and 390 px), edits it, then on the record's page at 390 px inserts it into a comment — the
 * requester's name and protocol filled in — and posts it; axe-clean throughout. By keyboard where
 * it matters: the picker and its button.
 */
let inboundPort = 0;
beforeAll(async () => {
  inboundPort = await freePort();
});
const t = useBrowserSuite({ env: () => ({ SERVICE_REPLY_DOMAIN: "respostas.sindicato.example", INBOUND_SMTP_PORT: String(inboundPort) }) });

describe("Respostas prontas", () => {
  it("create and edit on the screen; insert into a comment at 390 px; axe clean", async () => {
    const user = await t.user("juridico");
    const r = await createServiceRecordRow(t.db, {
      sector: "juridico",
      requesterName: "Joana Pereira Lima",
      requesterEmail: "joana.lima@example.com",
    });
    const smtp = nodemailer.createTransport({ host: "127.0.0.1", port: inboundPort, secure: false, ignoreTLS: true });
    await smtp.sendMail({
      from: "Joana Pereira Lima <joana.lima@example.com>",
      to: (await t.server.hooks.replyAddress(r.protocol))!,
      subject: `Re: Atendimento registrado - Protocolo ${r.protocol}`,
      text: "Bom dia, segue o documento que faltava.\n\nEm 27/11/2026, Sindicato escreveu:\n> Olá, Joana.",
      attachments: [{ filename: "documento.pdf", content: tinyPdf() }],
    });
    smtp.close();

    const page = await t.login(user, { path: "/dashboard/respostas-prontas" });
    await hydrated(page);
    const form = page.getByRole("form", { name: "Nova resposta pronta" });
    await form.getByLabel("Título").fill("Documentos recebidos");
    await form.getByLabel("Texto").fill("Olá, {primeiro_nome}. Recebemos seus documentos do atendimento {protocolo}.");
    await form.getByRole("button", { name: "Criar resposta pronta" }).click();
    await expect.poll(() => page.getByTestId("canned-replies").getByRole("heading", { name: "Documentos recebidos" }).count()).toBe(1);
    // The focus is not dropped on the body: it goes to the list's heading, which counts the new reply.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("lista-respostas");

    // A typo in a placeholder is refused, naming it.
    await form.getByLabel("Título").fill("Com erro");
    await form.getByLabel("Texto").fill("Olá {nomee}");
    await form.getByRole("button", { name: "Criar resposta pronta" }).click();
    await expect.poll(() => page.getByText("Marcador desconhecido: {nomee}").count()).toBeGreaterThan(0);
    await form.getByLabel("Texto").fill("");
    await form.getByLabel("Título").fill("");

    await page.getByRole("button", { name: "Editar Documentos recebidos" }).click();
    const dialog = page.getByRole("dialog", { name: "Editar resposta pronta" });
    await dialog.getByLabel("Texto").fill("Olá, {primeiro_nome}. Recebemos seus documentos do atendimento {protocolo}. Obrigado!");
    expect(await axe(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Salvar alterações" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => page.getByText("do atendimento {protocolo}. Obrigado!").count()).toBe(1);
    await page.reload();
    await hydrated(page);
    await checkedAtBothWidths(page, "canned-replies");
    await page.context().close();

    const phone = await t.login(user, { path: `/dashboard/atendimento/${r.id}`, viewport: "phone" });
    await hydrated(phone);
    const history = phone.getByTestId("service-history");
    expect(await history.getByText("Resposta do solicitante por e-mail").count()).toBe(1);
    expect(await history.getByRole("link", { name: /documento\.pdf/ }).count()).toBe(1);
    const comment = phone.getByRole("form", { name: "Adicionar comentário" });
    await comment.getByLabel("Comentário").fill("Prezada,");
    // By keyboard: focus the picker, choose, and press the button with Enter.
    await comment.getByLabel("Resposta pronta").focus();
    await comment.getByLabel("Resposta pronta").selectOption({ label: "Documentos recebidos" });
    await phone.keyboard.press("Tab");
    await phone.keyboard.press("Enter");
    const expected = `Prezada,\nOlá, Joana. Recebemos seus documentos do atendimento ${r.protocol}. Obrigado!`;
    await expect.poll(() => comment.getByLabel("Comentário").inputValue()).toBe(expected);
    expect(await axe(phone)).toEqual([]);
    expect(await hasNoHorizontalOverflow(phone)).toBe(true);
    await screenshot(phone, "canned-reply-insert-390");
    await comment.getByRole("button", { name: "Adicionar comentário" }).click();
    await expect.poll(() => history.getByText(`do atendimento ${r.protocol}. Obrigado!`).count()).toBe(1);
    // The history alone (the full-page shot has the sticky header over it): the reply and its file.
    if (process.env.CI !== "true") await history.screenshot({ path: "tests/.artifacts/screenshots/service-history-reply-390.png" });
    await phone.context().close();
  });
});

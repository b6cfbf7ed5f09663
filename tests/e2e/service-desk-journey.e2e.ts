import { freePort } from "../fakes/listen";
import nodemailer from "nodemailer";
import { beforeAll, describe, expect, it } from "vitest";
import { useMailingBrowserSuite } from "../support/browser-suite";
import { axeViolations as axe, hasNoHorizontalOverflow, hydrated, screenshot } from "../support/browser";
import { assignRecord } from "../support/service-records";
import { createServiceRecordRow } from "~/db/factories/services";
import { fromBrasiliaLocalInput } from "~/lib/dates";
import { tinyPdf } from "../fixtures/complaint-files";

/**
 * Issue 22's whole desk in one day, in Chromium at 390 px, every page axe-clean: the admin assigns
 * a record to a jurídico user (who gets the assignment e-mail and a notification), the deadline
 * job's run of the day before the deadline e-mails her the record, she attaches the worker's PDF
 * and opens the comprovante, and the worker's reply to the notice, sent by a real SMTP client to
 * the server's own receiver, lands in the record's history.
 */
let inboundPort = 0;
beforeAll(async () => {
  inboundPort = await freePort();
});
const { t, smtp } = useMailingBrowserSuite(() => ({
  JOBS_POLL_MS: "200",
  SERVICE_REPLY_DOMAIN: "respostas.sindicato.example",
  INBOUND_SMTP_PORT: String(inboundPort),
}));

describe("the service desk's day at 390 px", () => {
  it("assign → reminder e-mail → attach → receipt → the reply by e-mail lands in the history", async () => {
    const user = await t.user("juridico");
    // Due on Thursday 03/12/2026; the reminders run on Wednesday (a business day in the DF).
    const due = fromBrasiliaLocalInput("2026-12-03T18:00")!;
    const r = await createServiceRecordRow(t.db, {
      sector: "juridico",
      dueAt: due,
      requesterName: "Joana Pereira Lima",
      requesterEmail: "joana.lima@example.com",
    });

    // 1. The admin assigns it from the record's page.
    const admin = await t.login("admin", { path: `/dashboard/atendimento/${r.id}`, viewport: "phone" });
    await hydrated(admin);
    await assignRecord(admin, user.name);
    await admin.context().close();
    const assigned = await smtp.sink.waitFor((m) => m.to.includes(user.email) && m.subject.includes("atribuído a você"));
    expect(assigned.subject).toBe(`Atendimento ${r.protocol} atribuído a você`);

    // 2. The deadline job, run through the server's own job queue with a fixed clock (the day
    // before the deadline): she is e-mailed the record due tomorrow.
    const job = await t.server.hooks.enqueue("service-deadline-reminders", { at: "2026-12-02T07:00:00-03:00" });
    expect(job).not.toBeNull();
    const reminder = await smtp.sink.waitFor((m) => m.to.includes(user.email) && m.subject.startsWith("Prazos dos seus atendimentos"));
    expect(reminder.text).toContain(r.protocol);

    // 3. She opens the record from her queue and attaches the worker's PDF.
    const page = await t.login(user, { path: "/dashboard/meus-atendimentos", viewport: "phone" });
    await hydrated(page);
    await page.getByTestId("my-service").filter({ hasText: r.protocol }).getByRole("link").first().click();
    await page.waitForURL((u) => u.pathname === `/dashboard/atendimento/${r.id}`);
    await hydrated(page);
    // On the phone the responsible's panel comes before the history, not below all of it.
    const top = (id: string) => page.getByTestId(id).evaluate((el) => el.getBoundingClientRect().top);
    expect(await top("responsible-card")).toBeLessThan(await top("history-card"));
    const attach = page.getByRole("form", { name: "Anexar arquivo" });
    await attach.getByLabel("Arquivo").setInputFiles({ name: "rescisao.pdf", mimeType: "application/pdf", buffer: tinyPdf() });
    await attach.getByRole("button", { name: "Anexar arquivo" }).click();
    const history = page.getByTestId("service-history");
    await expect.poll(() => history.textContent()).toContain("anexou rescisao.pdf");
    expect(await axe(page)).toEqual([]);
    expect(await hasNoHorizontalOverflow(page)).toBe(true);

    // 4. The comprovante.
    await page.getByRole("link", { name: "Comprovante" }).click();
    await page.waitForURL((u) => u.pathname === `/dashboard/atendimento/${r.id}/comprovante`);
    await hydrated(page);
    expect(await page.getByTestId("receipt-protocol").textContent()).toBe(r.protocol);
    expect(await axe(page)).toEqual([]);

    // 5. The worker answers the notice: a real SMTP client to the server's receiver.
    const mailer = nodemailer.createTransport({ host: "127.0.0.1", port: inboundPort, secure: false, ignoreTLS: true });
    await mailer.sendMail({
      from: "Joana Pereira Lima <joana.lima@example.com>",
      to: (await t.server.hooks.replyAddress(r.protocol))!,
      subject: `Re: Atendimento ${r.protocol}`,
      text: "Boa tarde, envio o holerite que faltava.\n\nEm 02/12/2026, Sindicato escreveu:\n> Olá, Joana.",
      attachments: [{ filename: "holerite.pdf", content: tinyPdf() }],
    });
    mailer.close();
    await page.goBack();
    await page.waitForURL((u) => u.pathname === `/dashboard/atendimento/${r.id}`);
    await expect
      .poll(async () => {
        await page.reload();
        return (await page.getByTestId("service-history").textContent()) ?? "";
      })
      .toContain("envio o holerite que faltava");
    await hydrated(page);
    expect(await history.getByText("Resposta do solicitante por e-mail").count()).toBe(1);
    expect(await history.getByRole("link", { name: /holerite\.pdf/ }).count()).toBe(1);
    // Headed by its author, the requester, not by the staff member responsible for the record.
    const reply = history.getByRole("listitem").filter({ hasText: "envio o holerite que faltava" });
    expect(await reply.locator("p").first().textContent()).toContain("Solicitante (resposta por e-mail)");
    expect(await reply.locator("p").first().textContent()).not.toContain(user.name);
    // Its file is in the record's "Anexos" as well.
    expect(await page.getByTestId("reply-attachment-list").getByRole("link", { name: "holerite.pdf" }).count()).toBe(1);
    // The quoted notice is not repeated in the history.
    expect(await history.textContent()).not.toContain("Sindicato escreveu");
    expect(await axe(page)).toEqual([]);
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await screenshot(page, "service-desk-journey-390");
    await page.context().close();
  });
});

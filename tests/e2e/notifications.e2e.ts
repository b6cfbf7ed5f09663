import { describe, expect, it } from "vitest";
import { createServiceRecordRow } from "~/db/factories/services";
import { notifications } from "~/db/schema";
import { useBrowserSuite } from "../support/browser-suite";
import { axeViolations, checkedAtBothWidths, hasNoHorizontalOverflow, hydrated, overflowingElements, screenshot } from "../support/browser";

/**
 * Issue 22 §7 and §8 in Chromium (ADR 266, 267): the bell in the shell at 390 px, its list and
 * the preferences, by keyboard and axe-clean; and the merge page of a duplicate.
 */
const t = useBrowserSuite();

describe("the bell and the notifications page", () => {
  it("shows the unread count, opens the list by keyboard, marks read, and saves the preferences", async () => {
    const juridico = await t.user("juridico");
    await t.db.insert(notifications).values([
      { userId: juridico.id, kind: "complaint_new", title: "Nova denúncia recebida", link: "/dashboard/denuncias" },
      { userId: juridico.id, kind: "contact_new", title: "Nova mensagem de contato — Jurídico", link: "/dashboard/contatos/juridico" },
      { userId: juridico.id, kind: "complaint_new", title: "Nova denúncia recebida", link: "/dashboard/denuncias" },
    ]);
    const page = await t.login("juridico", { viewport: "phone", path: "/dashboard/juridico" });
    await hydrated(page);
    const bell = page.getByRole("link", { name: "Notificações: 3 não lidas" });
    await expect.poll(() => bell.isVisible()).toBe(true);
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await screenshot(page, "notifications-bell-390");

    // By keyboard: focus the bell and follow it.
    await bell.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => u.pathname === "/dashboard/notificacoes");
    await hydrated(page);
    await expect.poll(() => page.getByTestId("notification").count()).toBe(3);
    expect(await page.getByTestId("notifications-unread").getAttribute("data-unread")).toBe("3");
    expect(await axeViolations(page)).toEqual([]);
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await screenshot(page, "notifications-page-390");

    // Mark one read: the bell and the list agree.
    await page.getByRole("button", { name: "Marcar como lida" }).first().click();
    await expect.poll(() => page.getByRole("link", { name: "Notificações: 2 não lidas" }).isVisible()).toBe(true);
    await expect.poll(() => page.locator('[data-testid="notification"][data-read="false"]').count()).toBe(2);

    // Mark all read.
    await page.getByRole("button", { name: "Marcar todas como lidas" }).click();
    await expect.poll(() => page.getByRole("link", { name: "Notificações: nenhuma não lida" }).isVisible()).toBe(true);
    await expect.poll(() => page.locator('[data-testid="notification"][data-read="false"]').count()).toBe(0);

    // Preferences by keyboard: untick "Por e-mail" of new complaints with the space bar, save with Enter.
    const box = page.locator("#pref-complaint_new-email");
    await box.focus();
    await page.keyboard.press("Space");
    expect(await box.isChecked()).toBe(false);
    await page.getByRole("button", { name: "Salvar preferências" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByText("Preferências de notificação salvas.").first().isVisible()).toBe(true);
    const [pref] = await t.query<{ email: boolean; in_app: boolean }>`
      select email, in_app from notification_preferences where user_id = ${juridico.id} and kind = 'complaint_new'`;
    expect(pref).toEqual({ email: false, in_app: true });
    await page.reload();
    await hydrated(page);
    expect(await page.locator("#pref-complaint_new-email").isChecked()).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "notifications-preferences-390");

    // "Abrir" goes to the notification's page.
    await page.getByRole("button", { name: "Abrir", exact: true }).first().click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe("/dashboard/denuncias");
    await page.context().close();
  });

  it("the page at both widths, empty and with an unread notification (axe-clean, no sideways scroll)", async () => {
    const page = await t.login("financeiro", { path: "/dashboard/notificacoes" });
    await hydrated(page);
    await expect.poll(() => page.getByRole("heading", { name: "Nenhuma notificação" }).isVisible()).toBe(true);
    await checkedAtBothWidths(page, "notifications-empty");
    await page.context().close();
  });
});

describe("merging a duplicate", () => {
  it("the merge page at 390 px: choose the survivor, merge, and the old record says where to look", async () => {
    const cpf = "52998224725";
    const dup = await createServiceRecordRow(t.db, { sector: "juridico", requesterCpf: cpf, requesterName: "Maria Duplicada" });
    const into = await createServiceRecordRow(t.db, { sector: "juridico", requesterCpf: cpf, requesterName: "Maria Duplicada" });
    const page = await t.login("juridico", { viewport: "phone", path: `/dashboard/atendimento/${dup.id}` });
    await hydrated(page);
    await page.getByRole("link", { name: "Unificar" }).click();
    await page.waitForURL((u) => u.pathname === `/dashboard/atendimento/${dup.id}/unificar`);
    await hydrated(page);
    await expect.poll(() => page.getByRole("radio", { name: new RegExp(into.protocol) }).isVisible()).toBe(true);
    await screenshot(page, "service-merge-390");
    expect(await axeViolations(page)).toEqual([]);
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await page.getByRole("radio", { name: new RegExp(into.protocol) }).check();
    // A confirmation step naming both protocols (a GET page: it works without JavaScript too).
    await page.getByRole("button", { name: "Continuar" }).click();
    const confirm = page.getByRole("button", { name: `Confirmar: unificar ${dup.protocol} a ${into.protocol}` });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    const [still] = await t.query<{ merged_into: string | null }>`select merged_into from service_records where id = ${dup.id}`;
    expect(still.merged_into).toBeNull();
    expect(await axeViolations(page)).toEqual([]);
    // The button names both protocols: it wraps instead of widening the phone's page (desk trial).
    expect(await overflowingElements(page)).toEqual([]);
    await screenshot(page, "service-merge-confirm-390");
    await confirm.click();
    await page.waitForURL((u) => u.pathname === `/dashboard/atendimento/${into.id}`);
    await hydrated(page);
    await expect.poll(() => page.getByTestId("merge-done").isVisible()).toBe(true);
    await page.goto(`${t.url}/dashboard/atendimento/${dup.id}`);
    await hydrated(page);
    await expect.poll(() => page.getByTestId("merged-into").isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Adicionar comentário" }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "service-merged-390");
    await page.context().close();
  });
});

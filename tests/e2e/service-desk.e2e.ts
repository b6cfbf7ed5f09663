import { describe, expect, it } from "vitest";
import { useBrowserSuite } from "../support/browser-suite";
import { axeViolations as axe, hasNoHorizontalOverflow, hydrated, screenshot } from "../support/browser";
import { assignRecord } from "../support/service-records";
import { createServiceRecordRow } from "~/db/factories/services";
import { fromBrasiliaLocalInput, todayInBrasilia } from "~/lib/dates";

/**
 * Issue 22 §1 in Chromium at 390 px (ADR 257): an administrator assigns a record due today to a
 * jurídico user with "Atribuir a…"; the user takes an overdue one with "Assumir"; both appear in
 * their "Meus atendimentos" with "Vence hoje" and "Atrasado", the panel card counts them, and
 * the record page and the queue pass axe.
 */
const t = useBrowserSuite({ env: () => ({ JOBS_POLL_MS: "200" }) });

describe("Meus atendimentos at 390 px", () => {
  it("assign → the record is in the user's queue with its badge; the card equals the list; axe clean", async () => {
    const user = await t.user("juridico");
    const endOfToday = new Date(fromBrasiliaLocalInput(`${todayInBrasilia()}T23:59:59`)!.getTime() + 999);
    const dueToday = await createServiceRecordRow(t.db, { sector: "juridico", dueAt: endOfToday });
    const overdue = await createServiceRecordRow(t.db, { sector: "juridico", dueAt: new Date(Date.now() - 86_400_000) });

    const admin = await t.login("admin", { path: `/dashboard/atendimento/${dueToday.id}`, viewport: "phone" });
    await hydrated(admin);
    await assignRecord(admin, user.name);
    expect(await axe(admin)).toEqual([]);
    expect(await hasNoHorizontalOverflow(admin)).toBe(true);
    await screenshot(admin, "service-assign-390");
    await admin.context().close();

    const page = await t.login(user, { path: `/dashboard/atendimento/${overdue.id}`, viewport: "phone" });
    await hydrated(page);
    await page.getByRole("button", { name: "Assumir" }).click();
    await expect.poll(() => page.getByTestId("responsible-name").textContent()).toBe(`Você (${user.name})`);

    await page.goto(`${t.url}/dashboard/juridico`);
    const card = page.locator('[data-card="meus-atendimentos"] [data-card-value]');
    expect(await card.getAttribute("data-card-value")).toBe("2");
    await page.locator('[data-card="meus-atendimentos"]').click();
    await page.waitForURL(/\/dashboard\/meus-atendimentos$/);
    await hydrated(page);
    const rows = page.getByTestId("my-service");
    expect(await rows.count()).toBe(2);
    // Soonest deadline first: the overdue one, then the one due today.
    expect(await rows.nth(0).getAttribute("data-protocol")).toBe(overdue.protocol);
    expect(await rows.nth(0).getByTestId("due-overdue").textContent()).toBe("Atrasado");
    expect(await rows.nth(1).getAttribute("data-protocol")).toBe(dueToday.protocol);
    expect(await rows.nth(1).getByTestId("due-today").textContent()).toBe("Vence hoje");
    expect(await axe(page)).toEqual([]);
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await screenshot(page, "service-mine-390");
    await page.context().close();
  });
});

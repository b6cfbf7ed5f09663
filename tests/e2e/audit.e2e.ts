import fs from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { createAuditEntry } from "~/db/factories/audit";
import { createMember } from "~/db/factories/members";
import { formatCpf } from "~/lib/br/cpf";
import { axeViolations, fromSidebar, hasNoHorizontalOverflow, hydrated, screenshot } from "../support/browser";
import { useBrowserSuite } from "../support/browser-suite";
import { expectAccessDenied } from "../support/refused-screens";

const t = useBrowserSuite();

beforeAll(async () => {
  const secretaria = await t.user("secretaria");
  const as = { id: secretaria.id, username: secretaria.username };
  await createAuditEntry(t.db, {
    actor: as,
    action: "news.updated",
    entityId: "3f1c2a9e-0b7d-4e55-9a1e-5d2b7c8e9f01",
    data: {
      title: "Assembleia geral extraordinária da categoria",
      slug: "assembleia-geral-extraordinaria",
      status: "published",
      publishedAt: "2026-03-12T13:00:00.000Z",
      changed: ["title", "body"],
    },
    createdAt: new Date("2026-03-12T14:30:00Z"),
  });
  await createAuditEntry(t.db, {
    actor: as,
    action: "agreement.updated",
    entityId: "a7d1e2f3-4b5c-4d6e-8f90-1a2b3c4d5e6f",
    data: {
      title: "Convenção coletiva dos vigilantes 2026/2027",
      changes: { status: { from: "draft", to: "active" }, validTo: { from: "2026-12-31", to: "2027-03-31" } },
    },
    createdAt: new Date("2026-03-11T18:05:00Z"),
  });
  await createAuditEntry(t.db, {
    actor: null,
    action: "login.failed",
    data: { username: "visitante.desconhecido" },
    createdAt: new Date("2026-03-10T09:00:00Z"),
  });
  for (let i = 0; i < 55; i++) {
    await createAuditEntry(t.db, {
      actor: as,
      action: "partner.updated",
      entityId: `parceiro-${i}`,
      data: { name: `Parceiro de exemplo ${i}`, changed: ["name", "website"], logoFileId: null },
      createdAt: new Date(Date.UTC(2026, 1, 1, 12, i)),
    });
  }
});

describe("audit screen", () => {
  for (const viewport of ["desktop", "phone"] as const) {
    it(`admin opens it from the sidebar, filters with the keyboard and exports (${viewport}); axe clean, no sideways scroll`, async () => {
      const page = await t.login("admin", { viewport });
      await fromSidebar(page, "Auditoria", "/dashboard/auditoria");
      expect(await page.getByRole("heading", { level: 1, name: "Auditoria" }).isVisible()).toBe(true);
      expect(await page.getByTestId("audit-entry").count()).toBe(50);
      await screenshot(page, `audit-${viewport === "desktop" ? 1280 : 390}`);
      expect(await axeViolations(page)).toEqual([]);
      expect(await hasNoHorizontalOverflow(page)).toBe(true);

      // Keyboard only: choose the action, type the dates, submit with Enter.
      await page.getByLabel("Ação", { exact: true }).focus();
      await page.getByLabel("Ação", { exact: true }).selectOption({ label: "Convenção alterada" });
      await page.keyboard.press("Tab");
      expect(await page.getByLabel("Tipo de registro").evaluate((el) => el === document.activeElement)).toBe(true);
      // The dates are typed dd/mm/aaaa in masked text fields, whatever the browser's language (ADR 193).
      await page.getByLabel("De (dd/mm/aaaa)").fill("01/03/2026");
      await page.getByLabel("Até (dd/mm/aaaa)").fill("31/03/2026");
      await page.getByLabel("Até (dd/mm/aaaa)").press("Enter");
      await page.waitForURL((u) => u.searchParams.get("acao") === "agreement.updated");
      const url = new URL(page.url());
      expect(url.searchParams.get("de")).toBe("01/03/2026");
      expect(url.searchParams.get("ate")).toBe("31/03/2026");
      const cards = page.getByTestId("audit-entry");
      await expect.poll(() => cards.count()).toBe(1);
      // The keyboard's focus is on the count of what was found (scrolled into view), not on the body.
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("audit-count");
      expect(await page.getByTestId("audit-count").isVisible()).toBe(true);
      const card = cards.first();
      expect(await card.getByText("11/03/2026 15:05:00").isVisible()).toBe(true);
      expect(await card.getByText("Convenção coletiva dos vigilantes 2026/2027").isVisible()).toBe(true);
      expect(await card.getByText("de 31/12/2026 para 31/03/2027").isVisible()).toBe(true);
      await screenshot(page, `audit-filtered-${viewport === "desktop" ? 1280 : 390}`);
      expect(await axeViolations(page)).toEqual([]);
      expect(await hasNoHorizontalOverflow(page)).toBe(true);

      // Export the filtered entries: a download; the page stays.
      const exportButton = page.getByRole("button", { name: /Exportar CSV/ });
      await exportButton.focus();
      const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
      expect(download.suggestedFilename()).toMatch(/^auditoria-\d{4}-\d{2}-\d{2}\.csv$/);
      const text = fs.readFileSync((await download.path())!, "utf8");
      expect(text.charCodeAt(0)).toBe(0xfeff);
      expect(text).toContain('"Data e hora (Brasília)";"Pessoa";"Usuário";"Ação"');
      expect(text).toContain("Convenção coletiva dos vigilantes 2026/2027");
      expect(text.trim().split("\r\n")).toHaveLength(2);
      expect(new URL(page.url()).pathname).toBe("/dashboard/auditoria");
      await page.context().close();
    });
  }

  it("pages with 'Mais antigos' / 'Mais recentes' and shows a bad filter's message", async () => {
    const page = await t.login("admin", { path: "/dashboard/auditoria?acao=partner.updated" });
    await hydrated(page);
    expect(await page.getByTestId("audit-entry").count()).toBe(50);
    await page.getByRole("link", { name: "Mais antigos" }).click();
    await page.waitForURL((u) => u.searchParams.has("antes"));
    await expect.poll(() => page.getByTestId("audit-entry").count()).toBe(5);
    await page.getByRole("link", { name: "Mais recentes" }).click();
    await page.waitForURL((u) => u.searchParams.has("depois"));
    await expect.poll(() => page.getByTestId("audit-entry").count()).toBe(50);

    const res = await page.goto(`${t.url}/dashboard/auditoria?acao=nada&ate=32/13/2026`);
    expect(res?.status()).toBe(400);
    expect(await page.getByTestId("audit-filter-errors").isVisible()).toBe(true);
    expect(await page.getByText("Ação desconhecida. Escolha uma ação da lista.").first().isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it("answers 'who viewed this member's CPF?' from the CPF typed in the member filter (390 px), axe clean", async () => {
    const member = await createMember(t.db);
    const other = await createMember(t.db);
    const rh = await t.user("rh");
    const secretaria = await t.user("secretaria");
    /** `by` saw the full CPF of `whom` (on a service record's page when `record` is given). */
    const cpfViewed = (
      by: { id: string; username: string },
      whom: { id: string; registrationNumber: number },
      record?: { serviceRecordId: string; protocol: string },
    ) =>
      createAuditEntry(t.db, {
        actor: { id: by.id, username: by.username },
        action: "member.cpf_viewed",
        entityId: whom.id,
        data: { registrationNumber: whom.registrationNumber, ...record },
      });
    await cpfViewed(rh, member);
    await cpfViewed(secretaria, member, { serviceRecordId: "3f1c2a9e-0b7d-4e55-9a1e-5d2b7c8e9f01", protocol: "SIND20260302090000" });
    await cpfViewed(rh, other);

    const page = await t.login("admin", { path: "/dashboard/auditoria", viewport: "phone" });
    await hydrated(page);
    await page.getByLabel("Ação", { exact: true }).selectOption({ label: "CPF completo de filiado visualizado" });
    await page.getByLabel("Filiado (matrícula ou CPF)").fill(formatCpf(member.cpf!));
    await page.getByLabel("Filiado (matrícula ou CPF)").press("Enter");
    // The CPF is swapped for the matrícula in the address.
    await page.waitForURL((u) => u.searchParams.get("filiado") === String(member.registrationNumber));
    expect(page.url()).not.toContain(member.cpf!.slice(0, 9));
    await expect.poll(() => page.getByLabel("Filiado (matrícula ou CPF)").inputValue()).toBe(String(member.registrationNumber));
    const cards = page.getByTestId("audit-entry");
    await expect.poll(() => cards.count()).toBe(2);
    expect(await page.getByTestId("audit-member").textContent()).toContain(String(member.registrationNumber));
    expect(await cards.filter({ hasText: rh.name }).count()).toBe(1);
    const fromRecord = cards.filter({ hasText: secretaria.name });
    expect(await fromRecord.getByText("Protocolo do atendimento").isVisible()).toBe(true);
    expect(await fromRecord.getByText("SIND20260302090000").isVisible()).toBe(true);
    expect(await page.getByText("registrationNumber").count()).toBe(0);
    await screenshot(page, "audit-member-390");
    expect(await axeViolations(page)).toEqual([]);
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await page.context().close();
  });

  it("another role gets 'Acesso Negado' and no sidebar item", async () => {
    const page = await t.login("presidencia");
    await expectAccessDenied(page, t.url, { entry: "Auditoria", path: "/dashboard/auditoria" });
    await page.context().close();
  });
});

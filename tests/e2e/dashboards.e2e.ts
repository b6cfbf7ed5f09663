import { beforeAll, describe, expect, it } from "vitest";
import { ROLES } from "~/auth/roles";
import { createComplaint } from "~/db/factories/complaints";
import { createContactMessage } from "~/db/factories/contacts";
import { createFieldRoute, createWorkplace } from "~/db/factories/field";
import { createCharge, createPayment } from "~/db/factories/finance";
import { createMember } from "~/db/factories/members";
import { createServiceRecordRow } from "~/db/factories/services";
import { todayInBrasilia } from "~/lib/dates";
import { useBrowserSuite } from "../support/browser-suite";
import { axeViolations as axe, hasNoHorizontalOverflow, hydrated, screenshot } from "../support/browser";

/** Every role's panel (issue 12) in Chromium: axe-clean and no sideways scroll at 1280 and 390 px. */
const t = useBrowserSuite();

beforeAll(async () => {
  const db = t.db;
  for (let i = 0; i < 6; i++) {
    const m = await createMember(db, { situation: i % 3 === 0 ? 10 : 1 });
    // This month's dues: half of them paid.
    const ch = await createCharge(db, { memberId: m.id });
    if (i % 2 === 0) await createPayment(db, { chargeId: ch.id, amountCentavos: ch.amountCentavos });
  }
  for (const sector of ["homologacao", "juridico", "financeiro", "secretaria", "presidencia"] as const) {
    await createServiceRecordRow(db, { sector, status: "pending" });
    await createServiceRecordRow(db, { sector, status: "resolved" });
  }
  const places = [
    "Taguatinga Shopping Center",
    "Asa Norte",
    "Ceilândia",
    "Gama",
    "Sobradinho",
    "Guará",
    "Águas Claras",
    "Samambaia",
    "Planaltina",
    "Recanto das Emas",
  ];
  for (const location of places) await createComplaint(db, { status: "pending", location });
  await createContactMessage(db, { sector: "secretaria" });
  const w = await createWorkplace(db, { city: "Taguatinga" });
  await createWorkplace(db, { city: "Brasília" });
  await createFieldRoute(db, { workplaceId: w.id, routeDate: todayInBrasilia(), status: "pendente", lat: -15.83, lon: -48.05 });
});

describe("role panels", () => {
  for (const role of ROLES) {
    it(`${role}: axe-clean at 1280 and 390 px`, async () => {
      const page = await t.login(role);
      await page.goto(`${t.url}/dashboard/${role}`);
      await hydrated(page);
      await expect.poll(() => page.locator("[data-card]").count()).toBeGreaterThanOrEqual(3);
      const more = page.getByRole("button", { name: "Ver mais" });
      if (await more.count()) {
        await more.first().focus();
        await page.keyboard.press("Enter");
        await expect.poll(() => page.getByRole("button", { name: "Ver menos" }).count()).toBe(1);
      }
      expect(await axe(page)).toEqual([]);
      await screenshot(page, `panel-${role}-1280`);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.waitForTimeout(100);
      const wide = await page.evaluate(() =>
        [...document.querySelectorAll("body *")]
          .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
          .slice(0, 5)
          .map((e) => `${e.tagName}.${(e.getAttribute("class") ?? "").slice(0, 60)} ${Math.round(e.getBoundingClientRect().right)}`),
      );
      expect(await hasNoHorizontalOverflow(page), wide.join(" | ")).toBe(true);
      expect(await axe(page)).toEqual([]);
      await screenshot(page, `panel-${role}-390`);
      await page.context().close();
    });
  }
});

import { describe, expect, it } from "vitest";
import { useBrowserSuite } from "../support/browser-suite";
import { hydrated, screenshot } from "../support/browser";

const t = useBrowserSuite();

describe("login in a real browser", () => {
  it("signs in as admin and lands on the admin panel", async () => {
    const page = await t.newPage();
    await t.signIn(page, "admin");
    expect(new URL(page.url()).pathname).toBe("/dashboard/admin");
    await expect.poll(() => page.getByTestId("panel-title").textContent()).toContain("Painel - Administrador");
    await hydrated(page);
    await screenshot(page, "smoke-admin-panel");
    await page.context().close();
  });
});

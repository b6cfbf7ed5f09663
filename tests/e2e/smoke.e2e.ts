import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { startTestServer, type TestServer } from "../support/server";
import { hydrated, launchBrowser, loginAs, newContext, screenshot } from "../support/browser";

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("login in a real browser", () => {
  it("signs in as admin and lands on the admin panel", async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await loginAs(page, server.url, "admin");
    expect(new URL(page.url()).pathname).toBe("/dashboard/admin");
    await expect.poll(() => page.getByTestId("panel-title").textContent()).toContain("Painel - Administrador");
    await hydrated(page);
    await screenshot(page, "smoke-admin-panel");
    await ctx.close();
  });
});

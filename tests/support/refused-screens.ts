import { expect } from "vitest";
import type { Page } from "playwright-core";
import type { Role } from "~/auth/roles";
import type { BrowserSuite } from "./browser-suite";

/** The sidebar's link named `entry` (a role that may not open the screen has none). */
export function sidebarLink(page: Page, entry: string) {
  return page.getByRole("navigation", { name: "Menu do painel" }).getByRole("link", { name: entry });
}

/**
 * A role refused a screen whose page visits go to the role's own panel: no sidebar entry, and
 * the screen's address lands on `panel`.
 */
export async function expectSentToOwnPanel(page: Page, base: string, screen: { entry: string; path: string; panel: string }) {
  expect(await sidebarLink(page, screen.entry).count()).toBe(0);
  await page.goto(`${base}${screen.path}`);
  await page.waitForURL((u) => u.pathname === screen.panel);
  expect(new URL(page.url()).pathname).toBe(screen.panel);
}

/** `role`, signed in on a fresh page, is refused the screen and sent to its own panel (`expectSentToOwnPanel`). */
export async function expectRoleSentToOwnPanel(t: BrowserSuite, role: Role, screen: { entry: string; path: string }) {
  const page = await t.login(role);
  await expectSentToOwnPanel(page, t.url, { ...screen, panel: `/dashboard/${role}` });
  await page.context().close();
}

/** A role refused a screen that answers 403: no sidebar entry, and "Acesso Negado" at its address. */
export async function expectAccessDenied(page: Page, base: string, screen: { entry: string; path: string }) {
  expect(await sidebarLink(page, screen.entry).count()).toBe(0);
  const res = await page.goto(`${base}${screen.path}`);
  expect(res?.status()).toBe(403);
  expect(await page.getByRole("heading", { name: "Acesso Negado" }).isVisible()).toBe(true);
}

import { expect } from "vitest";
import type { Page } from "playwright-core";
import { axeViolations as axe, hasNoHorizontalOverflow, hydrated, screenshot } from "./browser";

/**
 * The first-day journeys (issue 19 §3): a person signed in, then through clicks only — the menu,
 * buttons and links; no typed addresses after the sign-in.
 */

/** What the person sees at a step: axe-clean, no sideways scroll, and a screenshot to look at. */
export async function seen(page: Page, name: string) {
  expect(await axe(page), name).toEqual([]);
  expect(await hasNoHorizontalOverflow(page), name).toBe(true);
  await screenshot(page, `journey-${name}`);
}

/** Follows a sidebar entry: on a phone, through the menu button first. */
export async function menu(page: Page, entry: string) {
  const phone = (page.viewportSize()?.width ?? 1280) < 768;
  if (phone) await page.getByRole("button", { name: "Abrir menu" }).click();
  const link = page.getByRole("navigation", { name: "Menu do painel" }).getByRole("link", { name: entry, exact: true });
  const href = await link.getAttribute("href");
  await link.click();
  // The entry's page rendered, not only its address: the address changes before React renders the
  // new page, and the heading of the page left is visible until then. The sidebar (in the DOM at
  // every width) marks the entry current in the same render as the page.
  const current = page.locator('nav[aria-label="Menu do painel"] a[aria-current="page"]').first();
  await expect.poll(() => current.getAttribute("href").catch(() => null)).toBe(href);
  await expect.poll(() => page.locator("main h1").first().isVisible()).toBe(true);
  await hydrated(page);
}

import { expect } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from "playwright-core";
import axe, { type Result as AxeResult, type RunOptions } from "axe-core";
import { totpCode } from "~/auth/totp.server";
import { freshCode, noteCodeUsed, rememberSecret } from "./two-factor";
import { CHROME_FLAGS, chromePath } from "../../scripts/lib/chrome.js";

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromePath(), args: CHROME_FLAGS, headless: true });
}

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/** A fresh context: pt-BR, Brasília time, 1280 px (or 390 px with "phone"), plus any other options. */
export async function newContext(
  browser: Browser,
  viewport: keyof typeof VIEWPORTS = "desktop",
  options: Omit<BrowserContextOptions, "viewport"> = {},
): Promise<BrowserContext> {
  return browser.newContext({ locale: "pt-BR", timezoneId: "America/Sao_Paulo", ...options, viewport: VIEWPORTS[viewport] });
}

/**
 * Signs in through the real login form and waits for the role's panel. When the server asks for
 * the second factor (ADR 187), types the user's computed TOTP code on the code step, or enrols
 * on the enrolment page with the key it shows.
 */
export async function loginAs(page: Page, baseUrl: string, username: string, password = "Demo@2026") {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel("Usuário").fill(username);
  await page.getByLabel("Senha", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await page.waitForURL((u) => u.pathname.startsWith("/dashboard") || u.pathname.startsWith("/login/"));
  const step = new URL(page.url()).pathname;
  if (step === "/login/ativar-verificacao") {
    const secret = ((await page.getByTestId("totp-secret").textContent()) ?? "").replace(/\s/g, "");
    await page.getByLabel("Código de 6 dígitos do aplicativo").fill(totpCode(secret));
    await page.getByRole("button", { name: "Ativar" }).click();
    rememberSecret(baseUrl, username, secret);
    noteCodeUsed(baseUrl, username);
    await page.getByRole("link", { name: "Continuar para o painel" }).click();
  } else if (step === "/login/verificacao") {
    await page.getByLabel("Código de verificação").fill(await freshCode(baseUrl, username));
    await page.getByRole("button", { name: "Verificar" }).click();
  }
  await page.waitForURL((u) => u.pathname.startsWith("/dashboard"));
}

/**
 * Waits until React has hydrated (client handlers attached), the router is at rest (no navigation,
 * revalidation or fetcher under way) and React has committed that state to the page. Public pages
 * hydrate lazily (idle after load, or the first interaction); the app marks <html data-hydrated>
 * once hydration has committed, and keeps the router state it last committed in
 * `window.__committedRouterState` (app/root.tsx): a router at rest has not always rendered yet, as
 * React commits a navigation's new page in a transition after the router's state says idle.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    type RouterState = {
      initialized: boolean;
      navigation: { state: string };
      revalidation: string;
      fetchers: Map<string, { state: string }>;
    };
    const w = window as unknown as { __reactRouterDataRouter?: { state: RouterState }; __committedRouterState?: RouterState };
    const router = w.__reactRouterDataRouter;
    if (!router || document.documentElement.dataset.hydrated === undefined) return false;
    const { state } = router;
    return (
      state.initialized &&
      state.navigation.state === "idle" &&
      state.revalidation === "idle" &&
      [...state.fetchers.values()].every((f) => f.state === "idle") &&
      w.__committedRouterState === state
    );
  });
}

const shotDir = path.resolve("tests/.artifacts/screenshots");

/**
 * Saves a full-page screenshot under tests/.artifacts/screenshots/ for review. In CI (`CI=true`)
 * only a failing test's are taken (`force`), as nobody looks at the others there; set
 * SCREENSHOTS=1 to take them all.
 */
export async function screenshot(page: Page, name: string, force = false) {
  if (process.env.CI === "true" && process.env.SCREENSHOTS !== "1" && !force) return;
  fs.mkdirSync(shotDir, { recursive: true });
  await page.screenshot({ path: path.join(shotDir, `${name}.png`), fullPage: true });
}

/**
 * Follows a sidebar entry to its page, hydrated. On a phone (below md) the menu button opens the
 * sidebar first, pressed once the page has hydrated (it starts after the first paint, ADR 284).
 */
export async function fromSidebar(page: Page, entry: string, pathname: string) {
  if ((page.viewportSize()?.width ?? VIEWPORTS.desktop.width) < 768) {
    await hydrated(page);
    await page.getByRole("button", { name: "Abrir menu" }).click();
  }
  await page.getByRole("navigation", { name: "Menu do painel" }).getByRole("link", { name: entry }).click();
  await page.waitForURL((u) => u.pathname === pathname);
  await hydrated(page);
}

/** Full-page shots of a scrolled page show the sticky header mid-page: this one starts from the top. */
export async function screenshotFromTop(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

/** The screen as it stands: no sideways scroll, axe-clean, and a screenshot (`name`). */
export async function checkedScreen(page: Page, name: string) {
  expect(await hasNoHorizontalOverflow(page), name).toBe(true);
  expect(await axeViolations(page), name).toEqual([]);
  await screenshot(page, name);
}

/** The screen as it stands is axe-clean, and a screenshot of it (`name`). */
export async function axeCleanShot(page: Page, name: string) {
  expect(await axeViolations(page), name).toEqual([]);
  await screenshot(page, name);
}

/**
 * Once the page has hydrated: no sideways scroll, and a screenshot (`name`) taken by `shoot`
 * (`screenshotFromTop` for a page that may be scrolled).
 */
export async function hydratedWithoutSidewaysScroll(page: Page, name: string, shoot = screenshot) {
  await hydrated(page);
  expect(await hasNoHorizontalOverflow(page), name).toBe(true);
  await shoot(page, name);
}

/** Opens `url`, hydrated: its title holds `title`, it is axe-clean, and a screenshot from the top (`name`). */
export async function openedAxeClean(page: Page, url: string, title: string, name: string) {
  await page.goto(url);
  await hydrated(page);
  expect(await page.title()).toContain(title);
  expect(await axeViolations(page)).toEqual([]);
  await screenshotFromTop(page, name);
}

/** True when nothing on the page is wider than the viewport (no horizontal scroll). */
export async function hasNoHorizontalOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
}

/**
 * What sticks out to the right when the page scrolls sideways (empty when it doesn't): the
 * innermost such elements, as "tag.class: text", so a failure names its culprit.
 */
export async function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    if (document.documentElement.scrollWidth <= width + 1) return [];
    const wide = [...document.body.querySelectorAll("*")].filter((el) => el.getBoundingClientRect().right > width + 1);
    return wide
      .filter((el) => !wide.some((other) => other !== el && el.contains(other)))
      .slice(0, 5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${String(el.getAttribute("class") ?? "").slice(0, 80)}: ${(el.textContent ?? "").trim().slice(0, 60)}`,
      );
  });
}

/**
 * A screen at 1280 px, then at 390 px: axe-clean at both widths, no sideways scroll on the phone,
 * and a screenshot of each (`<name>-1280`, `<name>-390`). The page stays at 390 px.
 */
export async function checkedAtBothWidths(page: Page, name: string) {
  expect(await axeViolations(page), `${name} a 1280 px`).toEqual([]);
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize(VIEWPORTS.phone);
  expect(await axeViolations(page), `${name} a 390 px`).toEqual([]);
  expect(await hasNoHorizontalOverflow(page), `${name} a 390 px`).toBe(true);
  await screenshot(page, `${name}-390`);
}

/** Presses the button `name` and answers the dialog it opens, which bears the same name. */
export async function openDialog(page: Page, name: string): Promise<Locator> {
  await page.getByRole("button", { name }).click();
  return page.getByRole("dialog", { name });
}

/** The axe-core rule tags the product is held to: WCAG 2.2 level AA. */
export const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** axe-core's violations on the current page, one readable line each (empty when clean). */
export async function axeViolations(page: Page): Promise<string[]> {
  // A colour transition caught halfway (a button turning from filled to outline) reads as low
  // contrast: the running transitions and animations end first (not the endless ones, spinners).
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => Number.isFinite(a.effect?.getComputedTiming().iterations ?? 1))
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
  // label-content-name-mismatch (WCAG 2.5.3) is experimental in axe-core, so off unless named.
  const violations = await axeRun(page, { rules: { "label-content-name-mismatch": { enabled: true } } });
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/**
 * axe-core's WCAG 2.2 AA violations on the page as it stands. axe-core is put into the page once
 * (again only after the page loads another document) and run there: @axe-core/playwright put it
 * in anew on every call and finished every run in a blank page of its own, for frames, which the
 * app has none of — 1.5–1.8 s a call against 0.23–0.25 s, with the same violations (ADR 292).
 * Only the violations are collected (not the passes and inapplicable rules' nodes), which is what
 * is read and a third of the time on a long page.
 */
export async function axeRun(page: Page, options: Pick<RunOptions, "rules"> = {}): Promise<AxeResult[]> {
  type WithAxe = { axe?: typeof axe };
  if (!(await page.evaluate(() => typeof (window as WithAxe).axe === "object"))) await page.evaluate(axe.source);
  const runOptions: RunOptions = { ...options, runOnly: { type: "tag", values: WCAG_22_AA }, resultTypes: ["violations"] };
  return page.evaluate(async (o) => (await (window as WithAxe).axe!.run(document, o)).violations, runOptions);
}

/** Types each value into the field of `scope` labelled with its key, in the given order. */
export async function fillLabelled(scope: Page | Locator, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) await scope.getByLabel(label).fill(value);
}

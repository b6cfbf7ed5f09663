import { afterAll, beforeAll } from "vitest";
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { sha256Hex } from "~/utils/crypto.server";
import { launchBrowser, loginAs, newContext, type VIEWPORTS } from "./browser";
import { ServerSuite, type SuiteOptions, type Who } from "./suite";
import { useSmtpSink } from "./smtp";

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;
export type Viewport = keyof typeof VIEWPORTS;
/**
 * `clock`: Playwright's clock is installed in the page before it loads anything; it runs at real
 * speed until a test jumps it forward (`page.clock.fastForward`), e.g. over a toast's 6 s instead
 * of waiting them out.
 */
export type PageOptions = { viewport?: Viewport; clock?: boolean } & Omit<BrowserContextOptions, "viewport">;

/**
 * One Chromium for the whole browser run: the browser files share one worker process (ADR 277),
 * and each test opens its own context, so only the launch (and its close) was per file. Launched
 * on first use; Playwright closes it when the worker exits.
 */
let sharedBrowser: Promise<Browser> | undefined;
function theBrowser(): Promise<Browser> {
  sharedBrowser ??= launchBrowser().then((browser) => {
    browser.on("disconnected", () => (sharedBrowser = undefined));
    return browser;
  });
  // A failed launch is tried again by the next file.
  sharedBrowser.catch(() => (sharedBrowser = undefined));
  return sharedBrowser;
}

/**
 * One server for a browser test file, and the run's Chromium. Pages come from `newPage` (a fresh
 * context each) or `login` (a fresh context, signed in).
 */
export class BrowserSuite extends ServerSuite {
  #browser: Browser | undefined;
  /** Per username: the cookies of one real sign-in through the form, reused while valid. */
  #signedIn = new Map<string, StorageState>();

  async startAll(options: SuiteOptions) {
    const [browser] = await Promise.all([theBrowser(), this.start(options)]);
    this.#browser = browser;
  }

  async stopAll() {
    // What a test left open goes with its file, as when each file had a browser of its own.
    await Promise.all(this.#browser?.contexts().map((c) => c.close()) ?? []);
    this.#browser = undefined;
    this.#signedIn.clear();
    await this.stop();
  }

  get browser(): Browser {
    if (!this.#browser) throw new Error("navegador de teste ainda não iniciado: use-o dentro de um teste ou de um hook");
    return this.#browser;
  }

  /**
   * A page in a fresh context (see `newContext`), opened at `path` when one is given; close it with
   * `page.context().close()`.
   */
  async newPage(viewport: Viewport = "desktop", options: Omit<PageOptions, "viewport"> & { path?: string } = {}): Promise<Page> {
    const { clock, path, ...contextOptions } = options;
    const page = await (await newContext(this.browser, viewport, contextOptions)).newPage();
    if (clock) await page.clock.install();
    if (path) await page.goto(this.url + path);
    return page;
  }

  /** Signs in on this page through the real login form (no cache) and waits for the panel. */
  async signIn(page: Page, who: Who) {
    const { username, password } = await this.credentials(who);
    await loginAs(page, this.url, username, password);
  }

  /**
   * A page in a fresh context, signed in as `who`, at `path` (default: the user's panel). The
   * first sign-in per user goes through the real form; later ones reuse its cookies while its
   * session is still valid in the database (a test that logs out or changes the password just
   * causes the next one to sign in through the form again).
   */
  async login(who: Who, options: PageOptions & { path?: string } = {}): Promise<Page> {
    const { username, password } = await this.credentials(who);
    const { viewport = "desktop", path, ...contextOptions } = options;
    const cached = this.#signedIn.get(username);
    if (cached && (await this.#sessionAlive(cached, username))) {
      const page = await this.newPage(viewport, { ...contextOptions, storageState: cached });
      await page.goto(this.url + (path ?? "/dashboard"));
      if (!new URL(page.url()).pathname.startsWith("/login")) return page;
      await page.context().close();
    }
    const page = await this.newPage(viewport, contextOptions);
    await loginAs(page, this.url, username, password);
    this.#signedIn.set(username, await page.context().storageState());
    if (path) await page.goto(this.url + path);
    return page;
  }

  /** The session behind saved cookies still exists, is not idle-expired and belongs to `username`. */
  async #sessionAlive(state: StorageState, username: string) {
    const token = state.cookies.find((c) => c.name === "sid" || c.name === "__Host-sid")?.value;
    if (!token) return false;
    const rows = await this.query`
      select 1 from sessions s join users u on u.id = s.user_id
      where s.id = ${sha256Hex(decodeURIComponent(token))} and u.username = ${username} and u.active
        and not s.second_factor_pending and s.expires_at > now() and s.last_seen_at > now() - interval '25 minutes'`;
    return rows.length === 1;
  }
}

/**
 * Call once at the top of a browser test file; it starts the server (and the run's Chromium, the
 * first time) before the tests, and closes the server and the file's browser contexts after them:
 *
 *     const t = useBrowserSuite();
 *     it("…", async () => {
 *       const page = await t.login("secretaria", { path: "/dashboard/noticias" });
 *       …
 *       await page.context().close();
 *     });
 */
export function useBrowserSuite(options: SuiteOptions = {}) {
  const suite = new BrowserSuite();
  beforeAll(() => suite.startAll(options));
  afterAll(() => suite.stopAll());
  return suite;
}

/**
 * The browser file's server, mailing through a real SMTP sink (`smtp.sink` holds what it sent), as
 * `useMailingTestServer` for the integration files; `env` a function when it depends on something
 * an earlier hook started:
 *
 *     const { t, smtp } = useMailingBrowserSuite({ JOBS_POLL_MS: "200" });
 */
export function useMailingBrowserSuite(env: Record<string, string> | (() => Record<string, string>) = {}) {
  const smtp = useSmtpSink();
  const t = useBrowserSuite({ env: () => ({ ...smtp.env(), ...(typeof env === "function" ? env() : env) }) });
  return { t, smtp };
}

import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import type { Result as AxeResult } from "axe-core";
import { createInstitutionalContent } from "~/db/factories/content";
import { useBrowserSuite } from "../support/browser-suite";
import { createAgreementMix, createNewsMix, createPartnerSet } from "../support/scenarios";
import { axeRun, hydrated, VIEWPORTS } from "../support/browser";

/**
 * Every public page: zero axe violations (WCAG 2.2 AA tags) at desktop and phone widths, and the
 * head and landmarks every public page must have.
 */

type PublicPage = { name: string; path: string; status?: number; indexable?: boolean };
const PAGES: PublicPage[] = [
  { name: "início", path: "/" },
  { name: "quem somos", path: "/quem-somos" },
  { name: "convenções", path: "/convencoes" },
  { name: "notícias", path: "/noticias" },
  { name: "parceiros", path: "/parceiros" },
  { name: "contato", path: "/contato" },
  { name: "denúncia", path: "/denuncia" },
  { name: "privacidade", path: "/privacidade" },
  { name: "manutenção", path: "/manutencao", indexable: false },
  { name: "login", path: "/login", indexable: false },
  { name: "esqueci a senha", path: "/esqueci-senha", indexable: false },
  { name: "página não encontrada", path: "/esta-pagina-nao-existe", status: 404, indexable: false },
];

const t = useBrowserSuite();

beforeAll(async () => {
  // Every page with content in it, as a site in use has (axe judges what is on the page).
  await createInstitutionalContent(t.db);
  await createAgreementMix(t.db);
  await createPartnerSet(t.db);
  const { published } = await createNewsMix(t.db);
  PAGES.splice(4, 0, { name: "notícia", path: `/noticias/${published.slug}` });
});

async function open(page: Page, p: PublicPage) {
  const res = await page.goto(t.url + p.path);
  expect(res?.status(), p.path).toBe(p.status ?? 200);
  await hydrated(page);
}

function describeViolations(violations: AxeResult[]) {
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} → ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 5)
        .join(" | ")}`,
  );
}

/** The head and landmarks every public page must have (read from the page as the browser built it). */
async function headProblems(page: Page, p: PublicPage) {
  const problems: string[] = [];
  const head = await page.evaluate(() => ({
    title: document.title,
    description: document.querySelector('meta[name="description"]')?.getAttribute("content") ?? "",
    ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute("content") ?? "",
    canonicals: [...document.querySelectorAll('link[rel="canonical"]')].map((l) => l.getAttribute("href")),
    robots: document.querySelector('meta[name="robots"]')?.getAttribute("content") ?? "",
    header: document.querySelectorAll("header").length,
    main: document.querySelectorAll("main").length,
    footer: document.querySelectorAll("footer").length,
    h1: document.querySelectorAll("h1").length,
    lang: document.documentElement.lang,
  }));
  const where = `${p.path}:`;
  if (!head.title.trim()) problems.push(`${where} sem <title>`);
  if (head.description.trim().length < 20) problems.push(`${where} sem meta description`);
  if (!head.ogTitle.trim()) problems.push(`${where} sem og:title`);
  if (p.status === 404) {
    // A missing page has no URL of its own to declare; it must not be indexed instead.
    if (!head.robots.includes("noindex")) problems.push(`${where} 404 sem noindex`);
  } else {
    if (head.canonicals.length !== 1) problems.push(`${where} ${head.canonicals.length} links canonical`);
    else if (!/^https?:\/\//.test(head.canonicals[0] ?? "") || !head.canonicals[0]!.endsWith(p.path === "/" ? "/" : p.path))
      problems.push(`${where} canonical inesperado ${head.canonicals[0]}`);
  }
  if (p.indexable !== false && head.robots.includes("noindex")) problems.push(`${where} noindex numa página pública`);
  if (head.header < 1 || head.main !== 1 || head.footer < 1)
    problems.push(`${where} marcos header/main/footer: ${head.header}/${head.main}/${head.footer}`);
  if (head.h1 !== 1) problems.push(`${where} ${head.h1} <h1>`);
  if (head.lang !== "pt-BR") problems.push(`${where} lang=${head.lang}`);
  return problems;
}

describe("public pages pass axe (WCAG 2.2 AA) and have their head and landmarks", () => {
  for (const viewport of Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[]) {
    const desktop = viewport === "desktop";
    it(`zero violations on every public page at ${VIEWPORTS[viewport].width}px${desktop ? "; title, meta description, og:title, canonical URL, and header/main/footer" : ""}`, async () => {
      const page = await t.newPage(viewport);
      const ctx = page.context();
      const failures: Record<string, string[]> = {};
      const problems: string[] = [];
      for (const p of PAGES) {
        await open(page, p);
        const violations = await axeRun(page);
        if (violations.length) failures[p.path] = describeViolations(violations);
        // The head does not depend on the width: checked once, on the same page load.
        if (desktop) problems.push(...(await headProblems(page, p)));
      }
      await ctx.close();
      expect(failures).toEqual({});
      expect(problems).toEqual([]);
    });
  }
});

import { beforeAll, describe, expect, it } from "vitest";
import { useBrowserSuite } from "../support/browser-suite";
import { axeViolations, fromSidebar, hasNoHorizontalOverflow, screenshot } from "../support/browser";
import { enqueueFailingJob, jobsApi } from "../support/jobs";
import { DIAGNOSTICS_MESSAGES } from "~/domain/diagnostics/diagnostics";
import { expectAccessDenied } from "../support/refused-screens";

const t = useBrowserSuite({ env: { JOBS_POLL_MS: "100", INSTAGRAM_ACCESS_TOKEN: "", SMTP_URL: "" } });

beforeAll(async () => {
  // Something in every table: a recorded success and failure, a failed job, a cached post.
  const api = jobsApi(t.server);
  await api.recordServiceCall("cep", true);
  await api.recordServiceCall("geocoder", false, "sem resposta em 5000 ms");
  const id = await enqueueFailingJob(t.server, "e2e.falha", "Falha de exemplo para o diagnóstico");
  for (let i = 0; i < 100; i++) {
    if ((await t.query<{ state: string }>`select state from jobs where id = ${id}`)[0].state === "failed") break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await t.query`insert into instagram_posts (id, caption, permalink, timestamp)
    values ('17900000000000001', 'Assembleia geral da categoria nesta sexta-feira, às 18h, na sede do sindicato. Participe!', 'https://www.instagram.com/p/x/', now())`;
});

describe("diagnostics page", () => {
  for (const viewport of ["desktop", "phone"] as const) {
    it(`admin opens it from the sidebar; zero axe violations, no sideways scroll, keyboard-reachable tables (${viewport})`, async () => {
      const page = await t.newPage(viewport);
      const ctx = page.context();
      await t.signIn(page, "admin");
      await fromSidebar(page, "Diagnóstico", "/test-supabase");
      // On the phone the menu overlay closes after the navigation; until then the page is aria-hidden.
      await expect
        .poll(() => page.getByRole("heading", { level: 1, name: DIAGNOSTICS_MESSAGES.title }).isVisible(), { timeout: 10_000 })
        .toBe(true);
      for (const h of [
        "Banco de dados",
        "Arquivos armazenados",
        "E-mail",
        "Serviços externos",
        "Tarefas em segundo plano",
        "Posts do Instagram em cache",
      ]) {
        expect(await page.getByRole("heading", { level: 2, name: h }).isVisible(), h).toBe(true);
      }
      expect(await page.getByText("Falha de exemplo para o diagnóstico").isVisible()).toBe(true);
      expect(await page.getByText(DIAGNOSTICS_MESSAGES.noRecord).isVisible()).toBe(true);
      // Each wide table scrolls inside its own region, which takes keyboard focus.
      const region = page.getByRole("region", { name: "Serviços externos", exact: true }).last();
      await region.focus();
      expect(await region.evaluate((el) => el === document.activeElement)).toBe(true);
      await screenshot(page, `diagnostics-${viewport === "desktop" ? 1280 : 390}`);
      expect(await axeViolations(page)).toEqual([]);
      expect(await hasNoHorizontalOverflow(page)).toBe(true);
      await ctx.close();
    });
  }

  it("another role gets 'Acesso Negado' and no sidebar item", async () => {
    const page = await t.newPage();
    const ctx = page.context();
    await t.signIn(page, "presidencia");
    await expectAccessDenied(page, t.url, { entry: "Diagnóstico", path: "/test-supabase" });
    expect(await axeViolations(page)).toEqual([]);
    await ctx.close();
  });
});

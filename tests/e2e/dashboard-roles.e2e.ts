import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { ROLES, ROLE_LABELS, type Role } from "~/auth/roles";
import { screenFor } from "~/auth/screens";
import { SERVICE_SECTORS } from "~/auth/scopes";
import { useBrowserSuite } from "../support/browser-suite";
import { axeViolations, hasNoHorizontalOverflow, hydrated, screenshot } from "../support/browser";
import { SAMPLE_PARAMS } from "../support/form-registry";
import { flattenRoutes } from "../unit/routes-table";
import { freshCode } from "../support/two-factor";
import { createMember } from "~/db/factories/members";
import { createServiceRecordRow } from "~/db/factories/services";
import { createCharge } from "~/db/factories/finance";
import { CARRY_OVER_MS } from "~/components/ui/toaster";

const t = useBrowserSuite();

const pages = flattenRoutes().filter(
  (r) => r.pattern.startsWith("/dashboard") && /export (async )?function loader/.test(fs.readFileSync(path.resolve("app", r.file), "utf8")),
);

/** Real rows for the pages of one record (a member, a service record in the role's own sector). */
async function recordParams(role: Role): Promise<Record<string, string>> {
  const sector = (SERVICE_SECTORS as readonly string[]).includes(role) ? (role as (typeof SERVICE_SECTORS)[number]) : "secretaria";
  return {
    memberId: (await createMember(t.db)).id,
    id: (await createServiceRecordRow(t.db, { sector })).id,
    chargeId: (await createCharge(t.db)).id,
  };
}

function concrete(pattern: string, role: Role, params: Record<string, string>) {
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => (name === "role" ? role : (params[name] ?? SAMPLE_PARAMS[name] ?? "x")));
}

async function isResourceRoute(file: string) {
  return !/export default function/.test(fs.readFileSync(path.resolve("app", file), "utf8"));
}

describe("every role, in Chromium: its panel, its menu, and the refusals", () => {
  for (const role of ROLES) {
    it(`${role}: lands on its panel, opens every menu entry by client navigation, and is refused elsewhere`, async () => {
      const page = await t.login(role);
      const ctx = page.context();
      expect(new URL(page.url()).pathname).toBe(`/dashboard/${role}`);
      await expect.poll(() => page.getByTestId("panel-title").textContent()).toBe(`Painel - ${ROLE_LABELS[role]}`);
      await hydrated(page);
      const problems: string[] = [];
      // The sidebar shows only screens the role may open, and each entry opens by client-side
      // navigation (what HTTP alone cannot show). Every dashboard page as every role, allowed or
      // refused, is checked over HTTP by tests/integration/access-matrix.test.ts.
      const nav = page.getByRole("navigation", { name: "Menu do painel" });
      const links = await nav.getByRole("link").evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).getAttribute("href")!));
      expect(links.length).toBeGreaterThan(0);
      for (const href of links) {
        const screen = screenFor(href);
        if (!screen?.roles.includes(role)) {
          problems.push(`${role} vê ${href} no menu`);
          continue;
        }
        await nav.locator(`a[href="${href}"]`).first().click();
        await page.waitForURL((u) => u.pathname === href || screenFor(u.pathname) === screen);
        await expect.poll(() => page.locator("main h1, main h2").first().isVisible()).toBe(true);
        if ((await page.getByTestId("access-message").count()) > 0) problems.push(`${href}: permitido, mas mostrou acesso negado`);
      }
      // One refused page per kind of refusal (a redirect to the panel, each message), in the browser.
      const params = await recordParams(role);
      const refusalKindsSeen = new Set<string>();
      for (const r of pages) {
        if (await isResourceRoute(r.file)) continue;
        const url = concrete(r.pattern, role, params);
        const screen = screenFor(url)!;
        if (screen.roles.includes(role)) continue;
        const kind = screen.denial.kind === "redirect" ? "redirect" : `message:${screen.denial.title}`;
        if (refusalKindsSeen.has(kind)) continue;
        refusalKindsSeen.add(kind);
        await page.goto(t.url + url);
        const landed = new URL(page.url()).pathname;
        if (screen.denial.kind === "redirect") {
          if (landed !== `/dashboard/${role}`) problems.push(`${url}: deveria redirecionar ao painel, ficou em ${landed}`);
        } else {
          const text = await page.getByTestId("access-message").textContent();
          if (!text?.includes(screen.denial.title) || !text.includes(screen.denial.message))
            problems.push(`${url}: mensagem esperada '${screen.denial.title}', veio '${text}'`);
        }
      }
      expect(problems).toEqual([]);
      await ctx.close();
    });
  }

  it("signs in as admin through the form and lands on the admin panel", async () => {
    // The page's clock (Playwright's, at real speed) jumps over the carry-over time instead of waiting it.
    const page = await t.newPage("desktop", { clock: true });
    const browserNow = () => page.evaluate(() => Date.now());
    await t.signIn(page, "admin");
    expect(new URL(page.url()).pathname).toBe("/dashboard/admin");
    // The sign-in's toast belongs to the panel it landed on: the next page is not covered by it (ADR 278).
    await expect.poll(() => page.getByTestId("toast").first().textContent()).toContain("Login realizado com sucesso!");
    const shownAt = await browserNow();
    await hydrated(page);
    await page.clock.fastForward(Math.max(0, CARRY_OVER_MS + 200 - ((await browserNow()) - shownAt)));
    await page.getByRole("link", { name: "Alterar senha" }).click();
    await page.waitForURL("**/dashboard/alterar-senha");
    await expect.poll(() => page.getByTestId("toast").allTextContents(), { timeout: 3000 }).toEqual([]);
    // Still within the toast's own 6 s (by the page's clock, which the toast's timer runs on):
    // without ADR 278 it would be here.
    expect((await browserNow()) - shownAt).toBeLessThan(5000);
    await page.goBack();
    await expect.poll(() => page.getByTestId("panel-title").textContent()).toContain("Painel - Administrador");
    await screenshot(page, "smoke-admin-panel");
    await page.context().close();
  });
});

describe("quick actions open the real screens", () => {
  it("rh: 'Novo Filiado' opens the new-member form, 'Editar Filiado' asks which member with the cursor in the search", async () => {
    const page = await t.login("rh");
    await hydrated(page);
    const actions = page.getByRole("navigation", { name: "Ações rápidas" });
    await actions.getByRole("link", { name: "Novo Filiado" }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard/rh/members" && u.searchParams.get("novo") === "1");
    await expect.poll(() => page.getByRole("dialog", { name: "Novo Filiado" }).isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await page.goBack();
    await page.waitForURL((u) => u.pathname === "/dashboard/rh");
    await actions.getByRole("link", { name: "Editar Filiado" }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard/rh/members" && u.searchParams.get("acao") === "editar");
    await expect.poll(() => page.getByRole("status").filter({ hasText: "Para editar um filiado" }).isVisible()).toBe(true);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("busca-filiados");
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });
});

describe("a quick action that is a file", () => {
  it("secretaria: 'Relatório de Filiados' saves the members' CSV and the panel stays (no blank page)", async () => {
    const page = await t.login("secretaria");
    await hydrated(page);
    const panel = new URL(page.url()).pathname;
    const link = page.getByRole("navigation", { name: "Ações rápidas" }).getByRole("link", { name: "Relatório de Filiados" });
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = await (await download.createReadStream()).toArray();
    expect(Buffer.concat(csv).toString("utf8")).toContain(";");
    expect(new URL(page.url()).pathname).toBe(panel);
    await expect.poll(() => page.getByTestId("panel-title").isVisible()).toBe(true);
    await page.context().close();
  });
});

async function openUsers(page: Page) {
  await t.signIn(page, "admin");
  await page.goto(`${t.url}/dashboard/admin/users`);
  await hydrated(page);
}

describe("shell and user management", () => {
  it("shows 'Entrando...' while signing in", async () => {
    const page = await t.newPage();
    const ctx = page.context();
    const rh = await t.user("rh");
    await page.goto(`${t.url}/login`);
    await hydrated(page);
    await page.route("**/login*", async (route) => {
      if (route.request().method() === "POST") await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await page.getByLabel("Usuário").fill(rh.username);
    await page.getByLabel("Senha", { exact: true }).fill(rh.password);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect.poll(() => page.getByRole("button", { name: "Entrando..." }).count()).toBe(1);
    // rh signs in with the second factor (ADR 185): the code step, then the panel.
    await page.waitForURL("**/login/verificacao");
    await page.getByLabel("Código de verificação").fill(await freshCode(t.url, rh.username));
    await page.getByRole("button", { name: "Verificar" }).click();
    await page.waitForURL("**/dashboard/rh");
    await ctx.close();
  });

  it("admin creates, edits, sets the password of and deletes a user", async () => {
    // The page's clock (Playwright's, at real speed) lets the test wait out a toast in no time.
    const page = await t.newPage("desktop", { clock: true });
    const ctx = page.context();
    await openUsers(page);
    await page.getByRole("button", { name: "Novo usuário" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Usuário").fill("maria.souza");
    await dialog.getByLabel("Nome").fill("Maria Souza");
    await dialog.getByLabel("E-mail").fill("maria@exemplo.com");
    await dialog.getByLabel("Perfil").selectOption("secretaria");
    await dialog.getByLabel("Senha", { exact: true }).fill("Maria@2026");
    await expect.poll(() => dialog.getByTestId("password-strength").textContent()).toContain("Forte");
    await dialog.getByRole("button", { name: "Criar usuário" }).click();
    await expect.poll(() => page.getByTestId("toast").first().textContent()).toContain("Usuário criado com sucesso!");
    const row = page.getByTestId("user-row-maria.souza");
    await expect.poll(() => row.count()).toBe(1);

    await row.getByRole("button", { name: /Editar/ }).click();
    await page.getByRole("dialog").getByLabel("Nome").fill("Maria S. Souza");
    await page.getByRole("dialog").getByRole("button", { name: "Salvar alterações" }).click();
    await expect.poll(() => page.getByText("Usuário atualizado com sucesso!").count()).toBeGreaterThan(0);
    await expect.poll(() => row.textContent()).toContain("Maria S. Souza");

    await row.getByRole("button", { name: /Alterar senha de/ }).click();
    const pw = page.getByRole("dialog");
    await pw.getByLabel("Nova senha").fill("Outra@2026");
    await pw.getByLabel("Confirmar senha").fill("Outra@2027");
    await expect.poll(() => pw.getByText("As senhas não coincidem").count()).toBe(1);
    await pw.getByRole("button", { name: "Alterar senha" }).click();
    // The server's answer is beside the field, not in a toast (issue 19 §5).
    await expect.poll(() => pw.getByLabel("Confirmar senha").getAttribute("aria-invalid")).toBe("true");
    expect(await pw.getByText("As senhas não coincidem").count()).toBe(1);
    expect(await page.getByTestId("toast").filter({ hasText: "As senhas não coincidem" }).count()).toBe(0);
    await pw.getByLabel("Confirmar senha").fill("Outra@2026");
    await pw.getByRole("button", { name: "Alterar senha" }).click();
    await expect.poll(() => page.getByText("Senha alterada com sucesso!").count()).toBeGreaterThan(0);

    // The toast sits over the row's last button: the person waits for it to go (its 6 s, jumped).
    await page.clock.fastForward(6_000);
    await row.getByRole("button", { name: /Excluir/ }).click();
    await expect
      .poll(() => page.getByRole("alertdialog").textContent())
      .toContain("Tem certeza que deseja excluir o usuário Maria S. Souza");
    await page.getByRole("alertdialog").getByRole("button", { name: "Excluir" }).click();
    await expect.poll(() => page.getByText("Usuário excluído com sucesso!").count()).toBeGreaterThan(0);
    await expect.poll(() => row.count()).toBe(0);
    // No delete button on one's own row.
    const ownRow = page.getByTestId(`user-row-${(await t.user("admin")).username}`);
    await expect.poll(() => ownRow.getByRole("button", { name: /Excluir/ }).count()).toBe(0);

    const audit = await t.query<{
      action: string;
    }>`select action from audit_log where entity_type = 'user' and action like 'user.%' order by id`;
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(["user.created", "user.updated", "user.password_set", "user.deleted"]),
    );
    await ctx.close();
  });

  it("change password: strength meter, messages and success", async () => {
    const homologacao = await t.user("homologacao");
    const page = await t.login("homologacao", { path: "/dashboard/alterar-senha" });
    const ctx = page.context();
    await hydrated(page);
    const submit = page.getByRole("button", { name: "Alterar senha" });
    await page.getByLabel("Nova senha", { exact: true }).fill("abcdefg");
    await expect.poll(() => page.getByTestId("password-strength").textContent()).toContain("Fraca");
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel("Nova senha", { exact: true }).fill("Abcdefgh");
    await expect.poll(() => page.getByTestId("password-strength").textContent()).toContain("Média");
    await page.getByLabel("Senha atual").fill("Errada@2026");
    await page.getByLabel("Confirmar nova senha").fill("Abcdefgh");
    await submit.click();
    await expect.poll(() => page.getByText("Senha atual incorreta!").count()).toBeGreaterThan(0);
    await page.getByLabel("Senha atual").fill(homologacao.password);
    await page.getByLabel("Nova senha", { exact: true }).fill("Homolog@2026");
    await page.getByLabel("Confirmar nova senha").fill("Homolog@2026");
    await submit.click();
    await expect.poll(() => page.getByText("Senha alterada com sucesso!").count()).toBeGreaterThan(0);
    await page.waitForURL("**/dashboard/homologacao", { timeout: 5000 });
    await ctx.close();
  });

  it("logout says 'Logout realizado com sucesso!'", async () => {
    const page = await t.login("campo");
    const ctx = page.context();
    await hydrated(page);
    await page.getByRole("button", { name: "Sair" }).click();
    await page.waitForURL("**/login");
    await expect.poll(() => page.getByText("Logout realizado com sucesso!").count()).toBeGreaterThan(0);
    await ctx.close();
  });

  it("on a 390 px phone the sidebar collapses and opens as an overlay; nothing overflows", async () => {
    const page = await t.newPage("phone", { path: "/login" });
    const ctx = page.context();
    await screenshot(page, "login-390");
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await openUsers(page);
    expect(await page.getByRole("navigation", { name: "Menu do painel" }).isVisible()).toBe(false);
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await screenshot(page, "users-390");
    await page.getByRole("button", { name: "Abrir menu" }).click();
    const overlay = page.getByRole("dialog");
    await expect.poll(() => overlay.getByRole("link", { name: "Usuários" }).isVisible()).toBe(true);
    await screenshot(page, "shell-menu-390");
    // Escape closes it and gives the focus back to the button that opened it (as a dialog does).
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.tagName))
      .toBe("Abrir menu");
    await page.getByRole("button", { name: "Abrir menu" }).click();
    await expect.poll(() => overlay.getByRole("link", { name: "Painel" }).isVisible()).toBe(true);
    await overlay.getByRole("link", { name: "Painel" }).click();
    await page.waitForURL("**/dashboard/admin");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    await screenshot(page, "panel-390");
    await ctx.close();
  });

  it("desktop screenshots of login, shell and user management", async () => {
    const page = await t.newPage("desktop", { path: "/login" });
    const ctx = page.context();
    await screenshot(page, "login-1280");
    await openUsers(page);
    expect(await page.getByRole("navigation", { name: "Menu do painel" }).isVisible()).toBe(true);
    await screenshot(page, "users-1280");
    await page.getByRole("button", { name: "Novo usuário" }).click();
    await screenshot(page, "users-create-1280");
    await page.keyboard.press("Escape");
    await page.goto(`${t.url}/dashboard/alterar-senha`);
    await screenshot(page, "change-password-1280");
    await ctx.close();
  });
});

import { describe, expect, it } from "vitest";
import { createUser } from "~/db/factories/users";
import { totpCode } from "~/auth/totp.server";
import { useBrowserSuite } from "../support/browser-suite";
import { axeViolations, hasNoHorizontalOverflow, hydrated, screenshot } from "../support/browser";
import { freshCode } from "../support/two-factor";

/** Issue 18 §7 (ADR 185) in Chromium, on a 390 px phone: enrolment, the code step, the own page. */
const t = useBrowserSuite();

/** A new phone page that sends the login form with the user's password (the second step is the test's). */
async function signInOnPhone(user: { username: string; password: string }) {
  const page = await t.newPage("phone", { path: "/login" });
  await page.getByLabel("Usuário").fill(user.username);
  await page.getByLabel("Senha", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  return page;
}

describe("two-factor sign-in on a phone", () => {
  it("a user of a required role enrols at first sign-in (QR, key, first code, recovery codes), then signs in with the code", async () => {
    const rh = await createUser(t.db, { role: "rh", totpSecret: null });
    const page = await signInOnPhone(rh);
    await page.waitForURL((u) => u.pathname === "/login/ativar-verificacao");
    await hydrated(page);
    await expect.poll(() => page.getByRole("heading", { name: "Ativar verificação em duas etapas" }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("img", { name: /Código QR/ }).isVisible()).toBe(true);
    const secret = ((await page.getByTestId("totp-secret").textContent()) ?? "").replace(/\s/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await axeViolations(page)).toEqual([]);
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await screenshot(page, "two-factor-enrol-phone");

    // A wrong code first: the message is beside the field.
    await page.getByLabel("Código de 6 dígitos do aplicativo").fill("000000");
    await page.getByRole("button", { name: "Ativar" }).click();
    await expect.poll(() => page.getByText(/Código inválido/).isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    const enrolledAt = Date.now();
    await page.getByLabel("Código de 6 dígitos do aplicativo").fill(totpCode(secret, enrolledAt));
    await page.getByRole("button", { name: "Ativar" }).click();
    await expect.poll(() => page.getByTestId("recovery-codes").locator("li").count()).toBe(10);
    expect(await axeViolations(page)).toEqual([]);
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await screenshot(page, "two-factor-recovery-codes-phone");
    await page.getByRole("link", { name: "Continuar para o painel" }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard/rh");

    // Next time: the code step.
    const next = await signInOnPhone(rh);
    await next.waitForURL((u) => u.pathname === "/login/verificacao");
    await hydrated(next);
    await screenshot(next, "two-factor-code-step-phone");
    expect(await axeViolations(next)).toEqual([]);
    expect(await hasNoHorizontalOverflow(next)).toBe(true);
    // The recovery-code mode changes the field; back to the app's code.
    await next.getByRole("button", { name: /Usar um código de recuperação/ }).click();
    await expect.poll(() => next.getByLabel("Código de recuperação").isVisible()).toBe(true);
    await next.getByRole("button", { name: "Usar o código do aplicativo" }).click();
    await next.getByLabel("Código de verificação").fill(totpCode(secret, enrolledAt + 30_000));
    await next.getByRole("button", { name: "Verificar" }).click();
    await next.waitForURL((u) => u.pathname === "/dashboard/rh");
    await page.context().close();
    await next.context().close();
  });

  it("the own page: status, new recovery codes (admin) and turning it on (financeiro)", async () => {
    const admin = await t.login("admin", { viewport: "phone", path: "/dashboard/duas-etapas" });
    await hydrated(admin);
    await expect.poll(() => admin.getByText("Obrigatória para o seu perfil").isVisible()).toBe(true);
    await screenshot(admin, "two-factor-own-page-admin-phone");
    expect(await axeViolations(admin)).toEqual([]);
    expect(await hasNoHorizontalOverflow(admin)).toBe(true);
    await admin.getByLabel("Código atual do aplicativo").fill(await freshCode(t.url, (await t.user("admin")).username));
    await admin.getByRole("button", { name: "Gerar novos códigos de recuperação" }).click();
    await expect.poll(() => admin.getByTestId("recovery-codes").locator("li").count()).toBe(10);
    expect(await hasNoHorizontalOverflow(admin)).toBe(true);
    await screenshot(admin, "two-factor-own-page-codes-phone");
    await admin.context().close();

    const financeiro = await t.login("financeiro", { viewport: "phone", path: "/dashboard/duas-etapas" });
    await hydrated(financeiro);
    await expect.poll(() => financeiro.getByText("Opcional para o seu perfil").isVisible()).toBe(true);
    expect(await axeViolations(financeiro)).toEqual([]);
    expect(await hasNoHorizontalOverflow(financeiro)).toBe(true);
    await screenshot(financeiro, "two-factor-own-page-enrol-phone");
    const secret = ((await financeiro.getByTestId("totp-secret").textContent()) ?? "").replace(/\s/g, "");
    await financeiro.getByLabel("Código de 6 dígitos do aplicativo").fill(totpCode(secret));
    await financeiro.getByRole("button", { name: "Ativar" }).click();
    await expect.poll(() => financeiro.getByTestId("recovery-codes").locator("li").count()).toBe(10);
    await expect.poll(() => financeiro.getByText("Ativa", { exact: true }).isVisible()).toBe(true);
    expect(await axeViolations(financeiro)).toEqual([]);
    await financeiro.context().close();
  });

  it("the admin resets a user's second factor from the users screen", async () => {
    const target = await createUser(t.db, { role: "secretaria", name: "Alvo Redefinição" });
    const page = await t.login("admin", { viewport: "phone", path: "/dashboard/admin/users" });
    await hydrated(page);
    await page.getByRole("button", { name: "2 etapas: redefinir a verificação de Alvo Redefinição" }).click();
    await expect.poll(() => page.getByRole("alertdialog").isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Redefinir", exact: true }).click();
    await expect
      .poll(() =>
        page
          .getByText(/Verificação em duas etapas redefinida/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    const [row] = await t.query<{ on: boolean }>`select totp_secret is not null as on from users where id = ${target.id}`;
    expect(row.on).toBe(false);
    await page.context().close();
  });
});

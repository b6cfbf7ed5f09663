import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { useBrowserSuite } from "../support/browser-suite";
import { axeViolations as axe, hasNoHorizontalOverflow, hydrated, openDialog, screenshot } from "../support/browser";
import { UNKNOWN_CEP } from "../fakes/viacep";
import { useOutsideFakes } from "../support/outside-fakes";
import { FIELD_MESSAGES } from "~/domain/service-records/service.schema";
import { SERVICE_MESSAGES } from "~/domain/service-records/service-options";
import { BR_MESSAGES } from "~/lib/br/messages";

/**
 * The staff forms as a person meets them (issue 19 §3 §4 §5 §9 §10): every error in one submit,
 * each field checked on leaving it (CPF check digits included) and its error gone once fixed
 * (typed or filled by the CEP look-up), look-up failures beside their field, money typed as
 * pt-BR writes it, and dates typed dd/mm/aaaa whatever the browser's language.
 */
const outside = useOutsideFakes({ viacep: true });
const t = useBrowserSuite({ env: outside.env });

async function clean(page: Page, name: string) {
  expect(await axe(page), name).toEqual([]);
  expect(await hasNoHorizontalOverflow(page), name).toBe(true);
  await screenshot(page, name);
}

/** The error message shown under the field with this label (its aria-describedby's error). */
async function errorOf(page: Page, label: string | RegExp) {
  const field = page.getByLabel(label, { exact: typeof label === "string" });
  const id = await field.getAttribute("id");
  const error = page.locator(`[id="${id}-error"]`);
  return (await error.count()) ? ((await error.textContent()) ?? "") : "";
}

describe("every error at once, checked field by field", () => {
  it("jurídico, type 'Outros', short description: one submit flags the description, the type to specify and the case type", async () => {
    const page = await t.login("juridico", { path: "/dashboard/atendimento" });
    await hydrated(page);
    await page.getByLabel("Tipo de atendimento *").selectOption("Outros");
    await page.getByLabel("Especifique o tipo *").waitFor();
    await page.getByLabel("Descrição *").fill("curta");
    await page.getByRole("button", { name: "Registrar atendimento" }).click();
    await expect.poll(() => page.getByText(SERVICE_MESSAGES.invalidForm).first().isVisible()).toBe(true);
    // The first submit shows all of them (they used to come in rounds).
    expect(await errorOf(page, "Descrição *")).toBe(FIELD_MESSAGES.descriptionShort);
    expect(await errorOf(page, "Especifique o tipo *")).toBe(FIELD_MESSAGES.otherType);
    expect(await errorOf(page, /^Tipo de caso/)).toBe(FIELD_MESSAGES.required);
    expect(await errorOf(page, "Nome *")).toBe(FIELD_MESSAGES.name);
    expect(await errorOf(page, "CPF *")).toBe(FIELD_MESSAGES.cpf);
    // The first field in error has the focus.
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("requesterCpf");
    await clean(page, "forms-service-errors-1280");

    // Fixing a field takes its error away at once, before any new submit.
    await page.getByLabel("Nome *").fill("Joaquim Pereira");
    await expect.poll(() => errorOf(page, "Nome *")).toBe("");
    await page.getByLabel("Especifique o tipo *").fill("Revisão de horas extras");
    await expect.poll(() => errorOf(page, "Especifique o tipo *")).toBe("");
    await page.getByLabel("Tipo de caso").selectOption("trabalhista");
    await expect.poll(() => errorOf(page, /^Tipo de caso/)).toBe("");
    await page.getByLabel("Descrição *").fill("Pede revisão das horas extras de 2025.");
    await expect.poll(() => errorOf(page, "Descrição *")).toBe("");
    // The others stay until fixed.
    expect(await errorOf(page, "CPF *")).toBe(FIELD_MESSAGES.cpf);
    await page.context().close();
  });

  it("checks the CPF's check digits on leaving the field, and clears the error once the CPF is valid (390 px)", async () => {
    const page = await t.login("secretaria", { path: "/dashboard/atendimento", viewport: "phone" });
    await hydrated(page);
    const cpf = page.getByLabel("CPF *");
    await cpf.pressSequentially("12345678900");
    expect(await cpf.inputValue()).toBe("123.456.789-00");
    // Nothing said while typing; said on leaving the field.
    expect(await errorOf(page, "CPF *")).toBe("");
    await page.getByLabel("Nome *").focus();
    await expect.poll(() => errorOf(page, "CPF *")).toBe(BR_MESSAGES.cpfInvalid);
    expect(await cpf.getAttribute("aria-invalid")).toBe("true");
    // An untouched field is not judged on someone else's blur.
    expect(await errorOf(page, "Nome *")).toBe("");
    await clean(page, "forms-cpf-blur-390");
    await cpf.fill("");
    await cpf.pressSequentially("52998224725");
    await expect.poll(() => errorOf(page, "CPF *")).toBe("");
    expect(await cpf.getAttribute("aria-invalid")).toBeNull();
    // A required field left empty is flagged when left.
    await page.getByLabel("Nome *").focus();
    await page.getByLabel("Telefone").focus();
    await expect.poll(() => errorOf(page, "Nome *")).toBe(FIELD_MESSAGES.name);
    await page.context().close();
  });

  it("the CEP look-up clears the errors of the fields it fills; a failed look-up is said beside the CEP, not in a toast", async () => {
    const page = await t.login("rh", { path: "/dashboard/rh/members" });
    await hydrated(page);
    const dialog = await openDialog(page, "Novo Filiado");
    await dialog.getByRole("button", { name: "Adicionar filiado" }).click();
    await expect.poll(() => errorOf(page, "Cidade *")).toBe("Cidade é obrigatória.");
    expect(await errorOf(page, "Endereço *")).toBe("Endereço é obrigatório.");
    expect(await errorOf(page, "Nome completo *")).toBe("Nome completo é obrigatório.");
    await dialog.getByLabel("Nome completo *").fill("Maria das Dores");
    await expect.poll(() => errorOf(page, "Nome completo *")).toBe("");

    // A CEP the service does not know: said beside the field, no toast over the address.
    await dialog.getByLabel("CEP *").fill(UNKNOWN_CEP);
    await dialog.getByLabel("CEP *").blur();
    await expect.poll(() => dialog.getByTestId("cep-status").textContent()).toBe(BR_MESSAGES.cepNotFound);
    expect(await page.getByTestId("toast").count()).toBe(0);
    await clean(page, "forms-cep-not-found-1280");

    // A known one fills the address and city: their errors go.
    await dialog.getByLabel("CEP *").fill("70040010");
    await dialog.getByLabel("CEP *").blur();
    await expect.poll(() => dialog.getByLabel("Cidade *").inputValue()).toBe("Brasília");
    await expect.poll(() => errorOf(page, "Cidade *")).toBe("");
    expect(await errorOf(page, "Endereço *")).toBe("");
    expect(await dialog.getByTestId("cep-status").textContent()).toBe("");
    // The confirmation is a toast.
    await expect.poll(() => page.getByTestId("toast").first().textContent()).toContain(BR_MESSAGES.cepFilled);
    await page.context().close();
  });
});

describe("money and dates", () => {
  it("'Gerar cobranças do mês' reads 50,00 as fifty reais and shows each charge's amount and the total (390 px)", async () => {
    const page = await t.login("financeiro", { path: "/dashboard/financeiro/financial", viewport: "phone" });
    await hydrated(page);
    const batch = await openDialog(page, "Gerar cobranças do mês");
    const amount = batch.getByLabel("Valor (R$)");
    await amount.pressSequentially("50,00");
    expect(await amount.inputValue()).toBe("50,00");
    await batch.getByLabel("Mês de referência").selectOption("3");
    await batch.getByLabel("Ano").fill("2032");
    await batch.getByLabel("Data de vencimento").pressSequentially("10032032");
    expect(await batch.getByLabel("Data de vencimento").inputValue()).toBe("10/03/2032");
    await batch.getByRole("button", { name: "Pré-visualizar" }).click();
    const preview = batch.getByTestId("batch-preview");
    await preview.waitFor();
    const text = (await preview.textContent()) ?? "";
    expect(text).toContain("de R$\u00a050,00");
    expect(text).toContain("vencimento em 10/03/2032");
    expect(text).toMatch(/Total: R\$\u00a0[\d.]+,00 \(\d+ × R\$\u00a050,00\)/);
    await clean(page, "forms-batch-preview-390");
    // A changed amount asks for a new preview: what is generated is what was shown.
    await amount.fill("60,00");
    await expect.poll(() => preview.count()).toBe(0);
    expect(await batch.getByRole("button", { name: /^Gerar/ }).isDisabled()).toBe(true);
    await page.context().close();
  });

  it("'Último salário' shows the grouping as typed: 285050 reads 285.050, and 2.850,50 is kept", async () => {
    const page = await t.login("admin", { path: "/dashboard/atendimento" });
    await hydrated(page);
    await page.getByLabel("Setor *").selectOption("homologacao");
    const salary = page.getByLabel("Último salário (R$)");
    await salary.pressSequentially("285050");
    expect(await salary.inputValue()).toBe("285.050");
    await salary.fill("");
    await salary.pressSequentially("2850,50");
    expect(await salary.inputValue()).toBe("2.850,50");
    expect(await salary.evaluate((el) => (el as HTMLInputElement).type)).toBe("text");
    await page.context().close();
  });

  for (const locale of ["en-US", "pt-BR"] as const) {
    it(`dates are typed dd/mm/aaaa with the browser in ${locale}; an impossible day is said clearly`, async () => {
      const page = await t.login("admin", { path: "/dashboard/atendimento", locale });
      await hydrated(page);
      expect(await page.evaluate(() => navigator.language)).toBe(locale);
      await page.getByLabel("Setor *").selectOption("homologacao");
      const start = page.getByLabel("Data de admissão");
      expect(await start.evaluate((el) => (el as HTMLInputElement).type)).toBe("text");
      expect(await start.getAttribute("placeholder")).toBe("dd/mm/aaaa");
      await start.pressSequentially("31022026");
      expect(await start.inputValue()).toBe("31/02/2026");
      await page.getByLabel("Data de desligamento").focus();
      await expect.poll(() => errorOf(page, /^Data de admissão/)).toBe("31/02/2026 não existe: fevereiro de 2026 tem 28 dias.");
      await start.fill("");
      await start.pressSequentially("01032021");
      await expect.poll(() => errorOf(page, /^Data de admissão/)).toBe("");
      await page.getByLabel("Data de desligamento").pressSequentially("31102026");

      // The whole record, saved with the days as typed.
      const name = `Datas ${locale}`;
      await page.getByLabel("CPF *").pressSequentially("52998224725");
      await page.getByLabel("Nome *").fill(name);
      await page.getByLabel("Tipo de atendimento *").selectOption("Homologação de rescisão");
      await page.getByLabel("Descrição *").fill("Conferência da rescisão com datas digitadas.");
      await page.getByLabel("Tipo de rescisão").selectOption("acordo_mutuo");
      await page.getByLabel("CNPJ").pressSequentially("11222333000181");
      await page.getByLabel("Nome da empresa").fill("Vigilância Planalto Ltda");
      await page.getByLabel("Último salário (R$)").pressSequentially("2850,50");
      await page.getByRole("button", { name: "Registrar atendimento" }).click();
      await expect.poll(async () => (await t.query`select 1 from service_records where requester_name = ${name}`).length).toBe(1);
      const [row] = await t.query<{
        data: Record<string, unknown>;
      }>`select sector_data as data from service_records where requester_name = ${name}`;
      expect(row.data).toMatchObject({ workStartDate: "2021-03-01", workEndDate: "2026-10-31", lastSalary: 285050 });
      await page.context().close();
    });
  }
});

describe("toasts", () => {
  it("stack at most two, and move away from the focused field on a phone", async () => {
    const page = await t.login("rh", { path: "/dashboard/rh/members", viewport: "phone" });
    await hydrated(page);
    const dialog = await openDialog(page, "Novo Filiado");
    const cep = dialog.getByLabel("CEP *");
    for (const code of ["70040010", "72110015", "70040010"]) {
      await cep.fill(code);
      await cep.blur();
      await cep.focus();
      await page.waitForTimeout(300);
    }
    await expect.poll(() => page.getByTestId("toast").count()).toBe(2);
    // Focus the field under the toasts' edge: they go to the other one.
    const viewport = page.locator("ol[data-edge]");
    const edge = await viewport.getAttribute("data-edge");
    const box = (await viewport.boundingBox())!;
    const focused = await page.evaluate(() => document.activeElement!.getBoundingClientRect().toJSON());
    const overlaps = focused.bottom > box.y && focused.top < box.y + box.height;
    expect(overlaps, `toasts at ${edge} cover the focused field`).toBe(false);
    await screenshot(page, "forms-toasts-390");
    await page.context().close();
  });
});

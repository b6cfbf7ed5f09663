import { beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { useBrowserSuite, type Viewport } from "../support/browser-suite";
import { hydrated } from "../support/browser";
import { menu, seen } from "../support/journey";
import { KNOWN_CEPS } from "../fakes/viacep";
import { useOutsideFakes } from "../support/outside-fakes";
import { createMember, createMembers, fictitiousCpf } from "~/db/factories/members";
import { LOGIN_MESSAGES } from "~/auth/login.server";
import { MEMBER_MESSAGES } from "~/domain/members/member.schema";
import { FIELD_MESSAGES } from "~/domain/service-records/service.schema";
import { OTHER_TYPE, SERVICE_MESSAGES } from "~/domain/service-records/service-options";
import { BR_MESSAGES } from "~/lib/br/messages";
import { formatCpf, maskCpfForList } from "~/lib/br/cpf";
import { DATE_INPUT_MESSAGES } from "~/lib/date-input";
import { formatDate, todayInBrasilia } from "~/lib/dates";

/**
 * The first day of rh and jurídico, walked as the person lives it (issue 19 §3): signed in, then
 * through clicks only — the menu, buttons and links; no typed addresses after the sign-in. On a
 * 390 px phone with the browser in pt-BR and again in en-US (dates are typed dd/mm/aaaa whatever
 * the browser's language), and once more on a 1280 px laptop. Each step asserts what the person
 * sees; `seen` checks axe, sideways scroll and keeps a screenshot at the key steps.
 */
const outside = useOutsideFakes({ viacep: true });
const t = useBrowserSuite({ env: outside.env });

type Run = { viewport: Viewport; locale: "pt-BR" | "en-US" };
const RUNS: Run[] = [
  { viewport: "phone", locale: "pt-BR" },
  { viewport: "phone", locale: "en-US" },
  { viewport: "desktop", locale: "pt-BR" },
];
// The en-US pass looks (axe, overflow, screenshot) only where the browser's language could show:
// the forms with dates and the pages that print them.
const runName = ({ viewport, locale }: Run) => `${viewport === "phone" ? "390" : "1280"}${locale === "pt-BR" ? "" : `-${locale}`}`;

/** The error shown under the field (its `{id}-error`, which aria-describedby points at), or "". */
async function errorOf(field: Locator) {
  const id = await field.getAttribute("id");
  const error = field.page().locator(`[id="${id}-error"]`);
  return (await error.count()) ? ((await error.textContent()) ?? "") : "";
}

async function signIn(role: "rh" | "juridico", run: Run): Promise<Page> {
  // Playwright's clock, at real speed, lets a step jump over a toast's 6 s instead of waiting them.
  const page = await t.login(role, { viewport: run.viewport, locale: run.locale, clock: true });
  await hydrated(page);
  // The browser speaks the run's language; the product stays pt-BR.
  expect(await page.evaluate(() => navigator.language)).toBe(run.locale);
  expect(new URL(page.url()).pathname).toBe(`/dashboard/${role}`);
  // A sign-in through the form (each role's first, on a phone) is confirmed by a toast, which leaves
  // the top bar's buttons, the phone's menu first of all, free to use at once.
  if (runName(run) === "390") {
    await expect.poll(() => page.getByTestId("toast").first().textContent()).toContain(LOGIN_MESSAGES.success);
    const covered = await page.evaluate(() => {
      const boxes = (els: Iterable<Element>) =>
        Array.from(els, (el) => ({ el, r: el.getBoundingClientRect() })).filter(({ r }) => r.width > 0);
      const toasts = boxes(document.querySelectorAll('[data-testid="toast"]'));
      const bar = boxes(document.querySelector("header")?.querySelectorAll("button, a") ?? []);
      const over = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      return bar.filter(({ r }) => toasts.some((t) => over(t.r, r))).map(({ el }) => el.getAttribute("aria-label") ?? el.textContent);
    });
    expect(covered).toEqual([]);
  }
  return page;
}

/** Each run's new member: a name with accents, found by typing it without them. */
const NEWCOMERS: Record<string, { name: string; search: string; cpf: string; email: string }> = {
  "390": {
    name: "Ângela Jornada Conceição",
    search: "angela jornada conceicao",
    cpf: fictitiousCpf(990_001),
    email: "angela.jornada@exemplo.com.br",
  },
  "390-en-US": {
    name: "Íris Jornada Gonçalves",
    search: "iris jornada goncalves",
    cpf: fictitiousCpf(990_002),
    email: "iris.jornada@exemplo.com.br",
  },
  "1280": {
    name: "Joaquim Jornada Araújo",
    search: "joaquim jornada araujo",
    cpf: fictitiousCpf(990_003),
    email: "joaquim.jornada@exemplo.com.br",
  },
};

/** How long a toast stays (app/components/ui/toast-viewport.tsx). */
const TOAST_MS = 6_000;

/** The CEP the new members live at, as the fake ViaCEP answers it. */
const CEP = "72110015";
const CEP_ADDRESS = `${KNOWN_CEPS[CEP].logradouro}, ${KNOWN_CEPS[CEP].bairro}`;

let lawMember: Awaited<ReturnType<typeof createMember>>;
beforeAll(async () => {
  // A list longer than a page, and near-namesakes the search must leave out.
  await createMembers(t.db, 14);
  await createMember(t.db, { name: "Ângela Jornada Silva" });
  await createMember(t.db, { name: "Iris Jornada Prado" });
  await createMember(t.db, { name: "Joaquim Jornada Lima" });
  lawMember = await createMember(t.db, {
    name: "Benedito Jurídico Ramos",
    email: "benedito.ramos@exemplo.com.br",
    mobilePhone: "61991230000",
  });
});

describe("rh: new member by CEP → found without accents → edit → 'Ver CPF completo' (audited)", () => {
  for (const run of RUNS) {
    const tag = runName(run);
    it(`at ${run.viewport === "phone" ? "390" : "1280"} px, browser in ${run.locale}`, async () => {
      const who = NEWCOMERS[tag];
      const rh = await t.user("rh");
      const page = await signIn("rh", run);
      if (tag === "390") await seen(page, `rh-panel-${tag}`);

      // The members list, from the menu.
      await menu(page, "Filiados");
      expect(await page.locator("main h1").first().textContent()).toBe("Gestão de Filiados");
      expect(new URL(page.url()).pathname).toBe("/dashboard/rh/members");
      // rh does not import: the screen says who does (issue 19 §2).
      expect(await page.getByTestId("import-note").textContent()).toBe(
        "A importação de planilhas de filiados é feita pelo administrador do sistema.",
      );
      expect(await page.getByRole("link", { name: "Importar" }).count()).toBe(0);
      if (run.locale === "pt-BR") await seen(page, `rh-members-${tag}`);

      // New member: the dialog opens on its first field; the CEP fills address, city and UF.
      await page.getByRole("button", { name: "Novo Filiado" }).click();
      const dialog = page.getByRole("dialog", { name: "Novo Filiado" });
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("name");
      await dialog.getByLabel("Nome completo *").fill(who.name);
      await dialog.getByLabel("CPF *").pressSequentially(who.cpf);
      expect(await dialog.getByLabel("CPF *").inputValue()).toBe(formatCpf(who.cpf));
      await dialog.getByLabel("E-mail *").fill(who.email);
      await dialog.getByLabel("Telefone *").pressSequentially("61987654321");
      expect(await dialog.getByLabel("Telefone *").inputValue()).toBe("(61) 98765-4321");
      const cep = dialog.getByLabel("CEP *");
      await cep.pressSequentially(CEP);
      expect(await cep.inputValue()).toBe("72110-015");
      // Leaving the CEP looks it up.
      await page.keyboard.press("Tab");
      await expect.poll(() => dialog.getByLabel("Endereço *").inputValue()).toBe(CEP_ADDRESS);
      expect(await dialog.getByLabel("Cidade *").inputValue()).toBe(KNOWN_CEPS[CEP].localidade);
      expect(await dialog.getByLabel("UF *").inputValue()).toBe(KNOWN_CEPS[CEP].uf);
      await expect.poll(() => page.getByTestId("toast").first().textContent()).toContain(BR_MESSAGES.cepFilled);
      expect(await dialog.getByTestId("cep-status").textContent()).toBe("");
      // The address is still the person's to complete.
      await dialog.getByLabel("Endereço *").fill(`${CEP_ADDRESS}, Lote 7`);
      await seen(page, `rh-new-member-${tag}`);
      await dialog.getByRole("button", { name: "Adicionar filiado" }).click();
      await expect.poll(() => page.getByText(MEMBER_MESSAGES.created).first().isVisible()).toBe(true);
      await expect.poll(() => dialog.isVisible()).toBe(false);
      const [saved] = await t.query<{ id: string; registration_number: number; address: string; city: string; state: string; cep: string }>`
        select id, registration_number, address, city, state, cep from members where cpf = ${who.cpf}`;
      expect(saved).toMatchObject({ address: `${CEP_ADDRESS}, Lote 7`, city: "Brasília", state: "DF", cep: CEP });

      // Found by the name typed without accents, and only them.
      const search = page.getByRole("searchbox", { name: "Buscar por nome ou matrícula" });
      await search.fill(who.search);
      await page.getByRole("button", { name: "Buscar" }).click();
      await expect.poll(() => page.locator("main h1 + p").first().textContent()).toBe(`1 filiado para “${who.search}”.`);
      expect(new URL(page.url()).searchParams.get("q")).toBe(who.search);
      const row = page.getByTestId(`member-row-${saved.registration_number}`);
      expect(await row.isVisible()).toBe(true);
      expect(await page.locator('tbody tr[data-testid^="member-row-"]').count()).toBe(1);
      expect(await row.textContent()).toContain(who.name);
      expect(await row.textContent()).toContain(maskCpfForList(who.cpf));
      if (run.locale === "pt-BR") await seen(page, `rh-found-${tag}`);

      // Edit from the row: a new workplace, saved and shown.
      await row.getByRole("button", { name: `Editar ${who.name}` }).click();
      const edit = page.getByRole("dialog", { name: `Editar ${who.name}` });
      expect(await edit.getByLabel("Endereço").inputValue()).toBe(`${CEP_ADDRESS}, Lote 7`);
      await edit.getByLabel("Local de trabalho").fill("Hospital Regional de Taguatinga");
      if (run.locale === "pt-BR") await seen(page, `rh-edit-${tag}`);
      await edit.getByRole("button", { name: "Salvar alterações" }).click();
      await expect.poll(() => page.getByText(MEMBER_MESSAGES.updated).first().isVisible()).toBe(true);
      await expect.poll(() => edit.isVisible()).toBe(false);
      await expect.poll(() => row.textContent()).toContain("Brasília · Hospital Regional de Taguatinga");
      const [edited] = await t.query<{ workplace_name: string }>`select workplace_name from members where id = ${saved.id}`;
      expect(edited.workplace_name).toBe("Hospital Regional de Taguatinga");

      // The member's page: the CPF masked; the whole number only after "Ver CPF completo", audited then.
      await row.getByRole("link", { name: who.name }).click();
      await expect.poll(() => page.locator("main h1").first().textContent()).toBe(who.name);
      expect(new URL(page.url()).pathname).toBe(`/dashboard/rh/members/${saved.id}`);
      // Dates read dd/mm/aaaa whatever the browser's language.
      expect(
        await page.getByText(`Matrícula ${saved.registration_number} · cadastro em ${formatDate(todayInBrasilia())}`).isVisible(),
      ).toBe(true);
      expect(await page.getByText("Hospital Regional de Taguatinga").first().isVisible()).toBe(true);
      const cpfShown = page.getByTestId("requester-cpf");
      expect(await cpfShown.textContent()).toBe(maskCpfForList(who.cpf));
      // Each value sits right under its label, also beside the taller CPF cell ("Ver CPF completo").
      // (A label is one 16 px line: its value starts within 24 px of the label's top.)
      const valueBelowLabel = (label: string) =>
        page
          .locator("dt")
          .filter({ hasText: new RegExp(`^${label}$`) })
          .evaluate((dt) => dt.nextElementSibling!.getBoundingClientRect().top - dt.getBoundingClientRect().top);
      for (const label of ["Nome", "Matrícula", "CPF"]) expect(await valueBelowLabel(label), label).toBeLessThan(24);
      expect(await page.content()).not.toContain(formatCpf(who.cpf));
      const views = async () =>
        await t.query<{ actor_id: string; data: { registrationNumber: number } }>`
          select actor_id, data from audit_log where action = 'member.cpf_viewed' and entity_id = ${saved.id}`;
      expect(await views()).toEqual([]);
      await seen(page, `rh-member-page-${tag}`);
      await page.getByRole("button", { name: SERVICE_MESSAGES.revealCpf }).click();
      await expect.poll(() => cpfShown.textContent()).toBe(formatCpf(who.cpf));
      expect(await page.getByText(MEMBER_MESSAGES.cpfRevealed).isVisible()).toBe(true);
      expect(await page.getByRole("button", { name: SERVICE_MESSAGES.revealCpf }).count()).toBe(0);
      expect(await views()).toEqual([{ actor_id: rh.id, data: { registrationNumber: saved.registration_number } }]);
      if (run.locale === "pt-BR") await seen(page, `rh-cpf-revealed-${tag}`);

      // Back to the list, by its link. On a phone the toast sits over it: the person waits for it
      // to go (the page's clock jumps over its 6 s), and the click finds the link uncovered.
      if (run.viewport === "phone") await page.clock.fastForward(TOAST_MS);
      await page.getByRole("link", { name: "Voltar para a lista de filiados" }).click();
      await expect.poll(() => page.locator("main h1").first().textContent()).toBe("Gestão de Filiados");
      expect(new URL(page.url()).pathname).toBe("/dashboard/rh/members");
      await page.context().close();
    });
  }
});

describe("jurídico: a record of type 'Outros' with every error shown in one submit", () => {
  for (const run of RUNS) {
    const tag = runName(run);
    it(`at ${run.viewport === "phone" ? "390" : "1280"} px, browser in ${run.locale}`, async () => {
      const page = await signIn("juridico", run);
      if (tag === "390") await seen(page, `juridico-panel-${tag}`);
      await menu(page, "Atendimento");
      expect(await page.locator("main h1").first().textContent()).toBe("Novo Atendimento");
      // The sector is the person's own, and no protocol number is shown before saving.
      expect(await page.getByLabel("Setor *").inputValue()).toBe("juridico");
      expect(await page.getByLabel("Número de protocolo").count()).toBe(0);
      if (run.locale === "pt-BR") await seen(page, `juridico-form-${tag}`);

      // Everything wrong at once: an invalid CPF, no name, "Outros" unspecified, a short
      // description, no case type, and a deadline that does not exist.
      const cpf = page.getByLabel("CPF *");
      const name = page.getByLabel("Nome *");
      const type = page.getByLabel("Tipo de atendimento *");
      const description = page.getByLabel("Descrição *");
      const caseType = page.getByLabel("Tipo de caso");
      const deadline = page.getByLabel("Prazo do caso", { exact: true });
      await cpf.pressSequentially("12345678900");
      expect(await cpf.inputValue()).toBe("123.456.789-00");
      await type.selectOption(OTHER_TYPE);
      const other = page.getByLabel("Especifique o tipo *");
      await other.waitFor();
      await description.fill("curta");
      expect(await deadline.getAttribute("placeholder")).toBe("dd/mm/aaaa");
      await deadline.pressSequentially("31022027");
      expect(await deadline.inputValue()).toBe("31/02/2027");
      await page.getByRole("button", { name: "Registrar atendimento" }).click();

      // ONE submit shows every error.
      await expect.poll(() => page.locator("#service-form-error").textContent()).toBe(SERVICE_MESSAGES.invalidForm);
      const expected: [Locator, string][] = [
        [cpf, BR_MESSAGES.cpfInvalid],
        [name, FIELD_MESSAGES.name],
        [other, FIELD_MESSAGES.otherType],
        [description, FIELD_MESSAGES.descriptionShort],
        [caseType, FIELD_MESSAGES.required],
        [deadline, DATE_INPUT_MESSAGES.day("31/02/2027", 2, 2027, 28)],
      ];
      for (const [field, message] of expected) {
        expect(await errorOf(field), message).toBe(message);
        expect(await field.getAttribute("aria-invalid"), message).toBe("true");
      }
      // Side by side (on a laptop), fields stay level whatever the hints and errors under them.
      for (const [a, b] of [
        [cpf, name],
        [page.getByLabel("Responsável"), page.getByLabel("Status")],
        [page.getByLabel("Número do processo"), deadline],
      ]) {
        const [boxA, boxB] = [(await a.boundingBox())!, (await b.boundingBox())!];
        if (boxA.x !== boxB.x)
          expect(Math.abs(boxA.y - boxB.y), `${await a.getAttribute("name")} level with ${await b.getAttribute("name")}`).toBeLessThan(2);
      }
      // The first field in error has the focus, and nothing was written.
      expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("requesterCpf");
      expect(await t.query`select 1 from service_records where description = 'curta'`).toEqual([]);
      await seen(page, `juridico-errors-${tag}`);

      // Each error goes as its field is fixed; the others stay until theirs is.
      await cpf.fill("");
      await cpf.pressSequentially(lawMember.cpf!);
      await expect.poll(() => errorOf(cpf)).toBe("");
      // A member's CPF: the look-up fills the name, and the name's error goes with it.
      await expect.poll(() => page.getByTestId("member-lookup").textContent()).toBe(SERVICE_MESSAGES.memberFound(lawMember.name));
      await expect.poll(() => name.inputValue()).toBe(lawMember.name);
      await expect.poll(() => errorOf(name)).toBe("");
      expect(await page.getByLabel("E-mail").inputValue()).toBe(lawMember.email);
      expect(await errorOf(other)).toBe(FIELD_MESSAGES.otherType);
      await other.fill("Revisão de adicional de insalubridade");
      await expect.poll(() => errorOf(other)).toBe("");
      expect(await errorOf(description)).toBe(FIELD_MESSAGES.descriptionShort);
      await description.fill("Pede revisão do adicional de insalubridade pago desde 2024.");
      await expect.poll(() => errorOf(description)).toBe("");
      expect(await errorOf(caseType)).toBe(FIELD_MESSAGES.required);
      await caseType.selectOption("trabalhista");
      await expect.poll(() => errorOf(caseType)).toBe("");
      expect(await errorOf(deadline)).toBe(DATE_INPUT_MESSAGES.day("31/02/2027", 2, 2027, 28));
      await deadline.fill("");
      await deadline.pressSequentially("15032027");
      await expect.poll(() => errorOf(deadline)).toBe("");
      await expect.poll(() => page.locator('[aria-invalid="true"]').count()).toBe(0);
      // Nothing left to correct: the form no longer asks for corrections.
      expect(await page.getByText(SERVICE_MESSAGES.invalidForm).count()).toBe(0);
      if (run.locale === "pt-BR") await seen(page, `juridico-fixed-${tag}`);

      // Registered: the confirmation with the protocol stays on screen.
      await page.getByRole("button", { name: "Registrar atendimento" }).click();
      const receipt = page.getByTestId("service-created");
      await expect.poll(() => receipt.isVisible()).toBe(true);
      const protocol = (await page.getByTestId("service-protocol").textContent())!.trim();
      expect(protocol).toMatch(/^SIND\d{14}$/);
      expect(await receipt.textContent()).toContain("Atendimento registrado com sucesso!");
      expect(await receipt.textContent()).toContain("Revisão de adicional de insalubridade");
      expect(await receipt.textContent()).toContain(lawMember.name);
      // On a phone the confirmation is brought into view (the form was long).
      expect(await receipt.evaluate((el) => el.getBoundingClientRect().top < window.innerHeight)).toBe(true);
      for (const action of ["Copiar", "Novo atendimento"])
        expect(await page.getByRole("button", { name: action }).isVisible(), action).toBe(true);
      expect(await page.getByRole("link", { name: "Comprovante A4 com QR Code" }).isVisible()).toBe(true);
      expect(await page.getByRole("link", { name: "Abrir atendimento" }).isVisible()).toBe(true);
      const [row] = await t.query<{
        id: string;
        service_type: string;
        other_type: string;
        member_id: string;
        data: Record<string, unknown>;
        due: string;
      }>`
        select id, service_type, other_type, member_id, sector_data as data, due_at as due from service_records where protocol = ${protocol}`;
      // The record's own deadline (from the priority) is not the case's deadline typed above: named apart.
      const due = formatDate(row.due);
      expect(due).not.toBe("15/03/2027");
      expect(await receipt.locator("dt", { hasText: "Prazo do atendimento" }).locator("xpath=following-sibling::dd").textContent()).toBe(
        due,
      );
      expect(row).toMatchObject({ service_type: OTHER_TYPE, other_type: "Revisão de adicional de insalubridade", member_id: lawMember.id });
      expect(row.data).toMatchObject({ caseType: "trabalhista", deadlineDate: "2027-03-15" });
      await seen(page, `juridico-protocol-${tag}`);
      // Still there after the time a toast would have gone (once is enough): the page's clock
      // jumps past a toast's 6 s, firing every timer due by then.
      if (tag === "390") await page.clock.fastForward(TOAST_MS + 1_000);
      expect(await page.getByTestId("service-protocol").textContent()).toBe(protocol);
      expect(await page.getByTestId("toast").count()).toBe(0);

      // The record, opened from the confirmation: the case's deadline as typed, beside the record's.
      await page.getByRole("link", { name: "Abrir atendimento" }).click();
      await expect.poll(() => page.locator("main h1").first().textContent()).toContain(protocol);
      expect(new URL(page.url()).pathname).toBe(`/dashboard/atendimento/${row.id}`);
      await hydrated(page);
      const info = (label: string) =>
        page
          .locator("dt")
          .filter({ hasText: new RegExp(`^${label}$`) })
          .locator("xpath=following-sibling::dd")
          .textContent();
      expect(await info("Prazo do atendimento")).toBe(due);
      expect(await info("Prazo do caso")).toBe("15/03/2027");
      expect(await info("Tipo de atendimento")).toBe(`${OTHER_TYPE}: Revisão de adicional de insalubridade`);
      expect(await info("Tipo de caso")).toBe("Trabalhista");
      await seen(page, `juridico-record-${tag}`);
      await page.context().close();
    });
  }
});

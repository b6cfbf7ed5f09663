import fs from "node:fs";
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { useBrowserSuite } from "../support/browser-suite";
import { hydrated, VIEWPORTS } from "../support/browser";
import { menu, seen } from "../support/journey";
import { readXlsxSheet, xlsxOf } from "../support/xlsx-files";
import { useOutsideFakes } from "../support/outside-fakes";
import { createMember } from "~/db/factories/members";
import { ROUTE_MESSAGES } from "~/domain/fieldwork/visit-route.schema";
import { WORKPLACE_MESSAGES } from "~/domain/fieldwork/workplace.schema";
import { WORKPLACE_IMPORT_MESSAGES } from "~/domain/fieldwork/import-workplaces.server";
import { DUPLICATE_MESSAGES } from "~/domain/fieldwork/workplace-duplicates";
import { MEMBER_EVENTS } from "~/domain/audit/events/members";
import { SERVICE_MESSAGES } from "~/domain/service-records/service-options";
import { BR_MESSAGES } from "~/lib/br/messages";
import { formatCpf, maskCpfForList } from "~/lib/br/cpf";
import { formatDate, todayInBrasilia } from "~/lib/dates";
import { fillFinishForm, visitChangeButtons } from "../support/fieldwork";
import { solidImage } from "../fixtures/images";

/**
 * The first day of campo and admin, walked as the person lives it (issue 19 §3): on a 390 px
 * phone, signed in, then through clicks only — the menu, buttons and links; no typed addresses
 * after the sign-in. Each step asserts what the person sees; every screen on the way is
 * axe-clean and fits the phone. Both journeys type dd/mm/aaaa dates, so each runs with the
 * browser in pt-BR and again in en-US (issue 19 §1.10); the pt-BR run also looks at the key
 * screens at 1280 px.
 */
const outside = useOutsideFakes({ tiles: true, viacep: true, nominatim: true });
beforeAll(() => {
  // The CEPs the admin types (the fake answers them as ViaCEP would).
  Object.assign(outside.viacep.ceps, {
    "70040900": { logradouro: "Setor Comercial Sul Quadra 7", bairro: "Asa Sul", localidade: "Brasília", uf: "DF" },
    "70355030": { logradouro: "SQS 308 Área Especial", bairro: "Asa Sul", localidade: "Brasília", uf: "DF" },
  });
});
const t = useBrowserSuite({ env: outside.env });

const today = todayInBrasilia();
const LOCALES = ["pt-BR", "en-US"] as const;
type Locale = (typeof LOCALES)[number];

/** `seen` at 390 px and, on the pt-BR run, at 1280 px too (then back to the phone). */
async function seenBoth(page: Page, name: string, wide: boolean) {
  // The full-page screenshots read best from the top (a sticky header is drawn where the page was scrolled).
  await page.evaluate(() => window.scrollTo(0, 0));
  await seen(page, `${name}-390`);
  if (!wide) return;
  await page.setViewportSize(VIEWPORTS.desktop);
  await seen(page, `${name}-1280`);
  await page.setViewportSize(VIEWPORTS.phone);
}

/** Whether the person can see the element now: a point near its top is on the screen and not covered. */
async function onScreen(locator: Locator) {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + Math.min(r.height / 2, 20);
    if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) return false;
    const top = document.elementFromPoint(x, y);
    return !!top && (el === top || el.contains(top));
  });
}

/** A toast says it (toasts are confirmations; they go by themselves). */
async function toastSays(page: Page, message: string) {
  await expect.poll(() => page.getByTestId("toast").filter({ hasText: message }).first().isVisible(), { timeout: 10_000 }).toBe(true);
}

describe("campo's first day at 390 px", () => {
  const runs = {
    "pt-BR": { route: "Visita QNA 15 manhã", notes: "Brigada pediu retorno em 30 dias.\nExtintor do 2º andar vencido." },
    "en-US": { route: "Visita QNA 15 tarde", notes: "Líder da brigada ausente; voltar na sexta." },
  } as const;

  for (const locale of LOCALES) {
    it(`(${locale}) creates a route → starts it → finishes it with notes and a photo → "Minhas Visitas" shows it`, async () => {
      const run = runs[locale];
      const wide = locale === "pt-BR";
      const page = await t.login("campo", {
        viewport: "phone",
        locale,
        permissions: ["geolocation"],
        geolocation: { latitude: -15.8105, longitude: -48.0598, accuracy: 12 },
      });
      await hydrated(page);
      expect(new URL(page.url()).pathname).toBe("/dashboard/campo");
      await seenBoth(page, `campo-${locale}-panel`, wide);

      // Plan the visit: the CEP fills the address; the day is typed dd/mm/aaaa.
      await menu(page, "Criar Rota");
      expect(await page.locator("main h1").textContent()).toBe("Criar Rota");
      await page.getByLabel("Nome da rota").fill(run.route);
      await page.getByLabel("Descrição").fill("Levantamento da brigada do posto.");
      await page.getByLabel("CEP").pressSequentially("72110015");
      await expect.poll(() => page.getByLabel("Endereço").inputValue()).toBe("QNA 15, Taguatinga Norte, Brasília/DF");
      expect(await page.getByText(ROUTE_MESSAGES.hintFound).isVisible()).toBe(true);
      await page.getByLabel("Número de filiados").fill("12");
      const day = page.getByLabel("Dia da rota");
      await day.fill("");
      await day.pressSequentially(formatDate(today).replace(/\//g, ""));
      expect(await day.inputValue()).toBe(formatDate(today));
      await seenBoth(page, `campo-${locale}-route-create`, wide);
      await page.getByRole("button", { name: "Criar rota" }).click();
      await toastSays(page, ROUTE_MESSAGES.created);
      const [created] = await t.query<{ id: string; route_date: string; cep: string; affiliates: number }>`
        select id, to_char(route_date, 'YYYY-MM-DD') as route_date, cep, affiliates from field_routes where name = ${run.route}`;
      expect(created).toMatchObject({ route_date: today, cep: "72110015", affiliates: 12 });
      // The form is ready for the next route.
      expect(await page.getByLabel("Nome da rota").inputValue()).toBe("");

      // At the place: start with the phone's location.
      await menu(page, "Executar Rota");
      expect(await page.locator("main").textContent()).toContain(`Rotas de ${formatDate(today)}.`);
      const card = page.getByTestId(`route-${created.id}`);
      expect(await card.textContent()).toContain("QNA 15, Taguatinga Norte, Brasília/DF");
      expect(await card.textContent()).toContain("Pendente");
      await seen(page, `campo-${locale}-route-execute-390`);
      await card.getByRole("button", { name: "Iniciar rota" }).click();
      await toastSays(page, ROUTE_MESSAGES.started);
      await expect.poll(() => page.getByText(ROUTE_MESSAGES.inProgressNotice, { exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await card.textContent()).toContain("Em andamento");
      const [started] = await t.query<{ status: string; start_lat: number; start_accuracy_m: number }>`
        select status, start_lat, start_accuracy_m from field_routes where id = ${created.id}`;
      expect(started).toEqual({ status: "em_andamento", start_lat: -15.8105, start_accuracy_m: 12 });

      // Finish: the answers, the observations and a photo from the camera.
      const form = card.getByTestId("finish-form");
      await fillFinishForm(form, {
        brigadePhone: "(61) 3355-1020",
        basicFirefighters: "4",
        lifeguards: "0",
        totalWorkers: "40",
        dayWorkers: "28",
        nightWorkers: "12",
        hiring: "Condomínio",
      });
      await form.getByLabel("Observações (opcional)").fill(run.notes);
      const photo = await solidImage("jpeg", 1600, 1200, { r: 190, g: 40, b: 30 });
      await form
        .getByLabel("Tirar foto do local (opcional)")
        .setInputFiles({ name: "IMG_0001.jpg", mimeType: "image/jpeg", buffer: photo });
      await expect.poll(() => form.getByRole("img", { name: "Foto do local da visita" }).isVisible()).toBe(true);
      expect(await form.getByText("Trocar foto do local").isVisible()).toBe(true);
      await seenBoth(page, `campo-${locale}-route-finish`, wide);
      await form.getByRole("button", { name: "Finalizar rota" }).click();
      await page.waitForURL((u) => u.pathname === "/dashboard/campo", { timeout: 15_000 });
      await toastSays(page, ROUTE_MESSAGES.finished);
      const [done] = await t.query<{ status: string; notes: string; total_workers: number; photo: boolean }>`
        select status, notes, total_workers, photo_file_id is not null as photo from field_routes where id = ${created.id}`;
      expect(done).toEqual({ status: "concluida", notes: run.notes, total_workers: 40, photo: true });

      // What campo did today, read-only.
      await hydrated(page);
      await menu(page, "Minhas Visitas");
      const visit = page.getByTestId("my-visit").filter({ hasText: run.route });
      await expect.poll(() => visit.isVisible()).toBe(true);
      expect(await visit.getByTestId("my-visit-notes").innerText()).toBe(run.notes);
      expect(await visit.textContent()).toContain("(61) 3355-1020");
      expect(await visit.textContent()).toContain("40 (28 diurnos, 12 noturnos)");
      expect(await visit.getByText("Enviada", { exact: true }).isVisible()).toBe(true);
      expect(await visitChangeButtons(page).count()).toBe(0);
      await seenBoth(page, `campo-${locale}-my-visits`, wide);
      await page.context().close();
    });
  }
});

describe("admin's first day at 390 px", () => {
  let members: Record<Locale, Awaited<ReturnType<typeof createMember>>>;
  beforeAll(async () => {
    members = {
      "pt-BR": await createMember(t.db, { name: "Valdirene Auditada Souza" }),
      "en-US": await createMember(t.db, { name: "Gervásio Auditado Lima" }),
    };
  });

  const runs = {
    // The same shopping, typed the other way round on another CEP of the sector: the person cancels.
    "pt-BR": {
      first: { name: "Shopping Pátio Brasil", cep: "70040010", address: "Setor Comercial Sul Quadra 1" },
      second: { name: "Pátio Brasil Shopping", cep: "70040900" },
      decision: "cancel" as const,
      reason: "name-sector" as const,
      imported: ["Residencial Jardim Botânico", "Hotel Nacional Anexo", "Clube dos Previdenciários"],
      sector: "73000",
    },
    // Another school at the same CEP: a different place, so the person confirms.
    "en-US": {
      first: { name: "Escola Parque 308 Sul", cep: "70355030", address: "SQS 308 Área Especial" },
      second: { name: "Escola Classe 308 Sul", cep: "70355030" },
      decision: "confirm" as const,
      reason: "cep" as const,
      imported: ["Faculdade Planalto Taguatinga", "Feira dos Importados", "Condomínio Vivendas do Lago"],
      sector: "72000",
    },
  };

  for (const locale of LOCALES) {
    it(`(${locale}) adds a workplace by CEP → meets the duplicate warning → imports a sheet with one bad row (nothing written) → finds who viewed a CPF by matrícula`, async () => {
      const run = runs[locale];
      const member = members[locale];
      const wide = locale === "pt-BR";
      const admin = await t.user("admin");
      const page = await t.login("admin", { viewport: "phone", locale });
      await hydrated(page);
      expect(new URL(page.url()).pathname).toBe("/dashboard/admin");

      // A workplace, the CEP filling the address.
      await menu(page, "Mapa de Postos");
      await page.getByRole("button", { name: "Adicionar posto" }).click();
      const dialog = page.getByRole("dialog", { name: "Adicionar posto" });
      await expect.poll(() => dialog.getByLabel("Nome").evaluate((el) => el === document.activeElement)).toBe(true);
      await dialog.getByLabel("Nome").fill(run.first.name);
      await dialog.getByLabel("CEP").pressSequentially(run.first.cep);
      await dialog.getByLabel("CEP").blur();
      await expect.poll(() => dialog.getByLabel("Endereço").inputValue()).toBe(run.first.address);
      expect(await dialog.getByLabel("Bairro").inputValue()).toBe("Asa Sul");
      expect(await dialog.getByLabel("Cidade").inputValue()).toBe("Brasília");
      await seenBoth(page, `admin-${locale}-workplace-add`, wide);
      await dialog.getByRole("button", { name: "Adicionar posto" }).click();
      await toastSays(page, WORKPLACE_MESSAGES.created);
      await expect.poll(() => dialog.isVisible()).toBe(false);
      const [first] = await t.query<{ code: string; address: string }>`select code, address from workplaces where name = ${run.first.name}`;
      expect(first.address).toBe(run.first.address);
      await expect.poll(() => page.getByTestId(`workplace-row-${first.code}`).isVisible()).toBe(true);
      const [{ n: count }] = await t.query<{ n: number }>`select count(*)::int as n from workplaces`;
      expect(await page.locator("main h1 + p").textContent()).toContain(
        count === 1 ? "1 posto cadastrado." : `${count} postos cadastrados.`,
      );

      // The near-duplicate: warned, with the place it looks like, before anything is saved.
      await page.getByRole("button", { name: "Adicionar posto" }).click();
      await dialog.getByLabel("Nome").fill(run.second.name);
      await dialog.getByLabel("CEP").pressSequentially(run.second.cep);
      await dialog.getByLabel("CEP").blur();
      await expect.poll(() => dialog.getByLabel("Endereço").inputValue()).not.toBe("");
      await dialog.getByRole("button", { name: "Adicionar posto" }).click();
      const warning = dialog.getByTestId("workplace-duplicate-warning");
      await expect.poll(() => warning.isVisible(), { timeout: 10_000 }).toBe(true);
      // Seen where the person is looking, not below the dialog's fold.
      await expect.poll(() => onScreen(warning)).toBe(true);
      expect(await warning.textContent()).toBe(
        DUPLICATE_MESSAGES.form([
          { code: first.code, name: run.first.name, address: first.address, cep: run.first.cep, reason: run.reason },
        ]),
      );
      expect(await t.query`select 1 from workplaces where name = ${run.second.name}`).toHaveLength(0);
      await seenBoth(page, `admin-${locale}-workplace-duplicate`, wide);
      if (run.decision === "cancel") {
        // The same shopping: the person closes the form; nothing is saved.
        await dialog.getByRole("button", { name: "Fechar" }).click();
        await expect.poll(() => dialog.isVisible()).toBe(false);
        expect(await t.query`select 1 from workplaces where name = ${run.second.name}`).toHaveLength(0);
      } else {
        // Another place at the same CEP: the person confirms and saves.
        await dialog.getByLabel(DUPLICATE_MESSAGES.confirmLabel).check();
        await dialog.getByRole("button", { name: "Adicionar posto" }).click();
        await toastSays(page, WORKPLACE_MESSAGES.created);
        await expect.poll(() => dialog.isVisible()).toBe(false);
        expect(await t.query`select 1 from workplaces where name = ${run.second.name}`).toHaveLength(1);
      }

      // The import: the template from the page, filled in; one row is wrong.
      const box = page.getByTestId("workplace-import");
      const [template] = await Promise.all([page.waitForEvent("download"), box.getByRole("link", { name: "modelo de planilha" }).click()]);
      const [headers] = await readXlsxSheet(fs.readFileSync((await template.path())!));
      expect(headers.slice(0, 7)).toEqual(["codigo", "nome_fantasia", "endereco", "bairro", "cidade", "estado", "cep"]);
      const row = (name: string, address: string, cep: string) =>
        headers.map((h) => ({ nome_fantasia: name, endereco: address, cidade: "Brasília", estado: "DF", cep })[h] ?? "");
      const names = run.imported;
      const sheet = await xlsxOf(headers, [
        row(names[0], "Quadra 1 Conjunto A", `${run.sector}-100`),
        row(names[1], "", "7300-10"),
        row(names[2], "Quadra 3 Conjunto C", `${run.sector}-300`),
      ]);
      const before = (await t.query<{ n: number }>`select count(*)::int as n from workplaces`)[0].n;
      await box.getByLabel("Planilha (.xlsx ou .csv)").setInputFiles({
        name: "postos-novos.xlsx",
        mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        buffer: sheet,
      });
      expect(await box.getByTestId("workplace-import-file").textContent()).toContain("postos-novos.xlsx");
      await box.getByRole("button", { name: "Validar planilha" }).click();
      const report = page.getByTestId("workplace-import-report");
      await expect.poll(() => report.isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await report.textContent()).toContain("Nada foi gravado: corrija as linhas abaixo e valide de novo");
      expect(await report.getByTestId("import-count-total").textContent()).toBe("3");
      expect(await report.getByTestId("import-count-rejected").textContent()).toBe("1");
      const bad = report.getByTestId("import-rejected-3");
      expect(await bad.textContent()).toContain(names[1]);
      expect(await bad.textContent()).toContain(BR_MESSAGES.cepHint);
      expect(await bad.textContent()).toMatch(/Endereço/);
      // The problem is said in the page, beside the report, not in a toast over it.
      expect(await box.getByTestId("workplace-import-status").textContent()).toBe(WORKPLACE_IMPORT_MESSAGES.withProblems(1));
      expect(
        await page
          .getByTestId("toast")
          .filter({ hasText: WORKPLACE_IMPORT_MESSAGES.withProblems(1) })
          .count(),
      ).toBe(0);
      // All or nothing: no confirmation for a file with a bad row, and nothing was written.
      expect(await box.getByRole("button", { name: "Confirmar importação" }).count()).toBe(0);
      expect((await t.query<{ n: number }>`select count(*)::int as n from workplaces`)[0].n).toBe(before);
      expect(await t.query`select 1 from workplaces where name in (${names[0]}, ${names[1]}, ${names[2]})`).toHaveLength(0);
      await report.scrollIntoViewIfNeeded();
      await seenBoth(page, `admin-${locale}-import-report`, wide);

      // A CPF view to ask about: the member's page shows it masked until "Ver CPF completo".
      await menu(page, "Filiados");
      await page.getByLabel("Buscar por nome ou matrícula").fill(
        member.name
          .toLowerCase()
          .normalize("NFD")
          .replace(/[\u0300-\u036f]/g, ""),
      );
      await page.getByRole("button", { name: "Buscar" }).click();
      const memberRow = page.getByTestId(`member-row-${member.registrationNumber}`);
      await expect.poll(() => memberRow.isVisible()).toBe(true);
      await memberRow.getByRole("link", { name: member.name }).click();
      await page.waitForURL((u) => u.pathname.endsWith(`/members/${member.id}`));
      await hydrated(page);
      expect(await page.getByTestId("requester-cpf").textContent()).toBe(maskCpfForList(member.cpf!));
      await page.getByRole("button", { name: "Ver CPF completo" }).click();
      await expect.poll(() => page.getByTestId("requester-cpf").textContent()).toBe(formatCpf(member.cpf!));
      expect(await page.getByText(SERVICE_MESSAGES.cpfRevealed).isVisible()).toBe(true);
      await seenBoth(page, `admin-${locale}-member-cpf`, wide);

      // Who viewed this CPF? Asked by matrícula, since today (dd/mm/aaaa).
      await menu(page, "Auditoria");
      await page.getByLabel("Filiado (matrícula ou CPF)").fill(String(member.registrationNumber));
      const from = page.getByLabel("De (dd/mm/aaaa)");
      await from.pressSequentially(formatDate(today).replace(/\//g, ""));
      expect(await from.inputValue()).toBe(formatDate(today));
      await page.getByRole("button", { name: "Filtrar" }).click();
      await page.waitForURL((u) => u.searchParams.get("filiado") === String(member.registrationNumber));
      expect(new URL(page.url()).searchParams.get("de")).toBe(formatDate(today));
      await hydrated(page);
      expect(await page.getByTestId("audit-member").textContent()).toContain(
        `Registros sobre o filiado de matrícula ${member.registrationNumber} (${member.name}).`,
      );
      await page.getByRole("link", { name: "Ver só quem viu o CPF completo" }).click();
      await page.waitForURL((u) => u.searchParams.get("acao") === "member.cpf_viewed");
      await hydrated(page);
      // The filters shown are the ones in force.
      const action = page.getByLabel("Ação", { exact: true });
      await expect.poll(() => action.inputValue()).toBe("member.cpf_viewed");
      expect(await action.locator("option:checked").textContent()).toBe(MEMBER_EVENTS["member.cpf_viewed"].label);
      expect(await page.getByLabel("Filiado (matrícula ou CPF)").inputValue()).toBe(String(member.registrationNumber));
      expect(await from.inputValue()).toBe(formatDate(today));
      const entries = page.getByTestId("audit-entry");
      await expect.poll(() => entries.count()).toBe(1);
      const entry = entries.first();
      expect(await entry.textContent()).toContain(MEMBER_EVENTS["member.cpf_viewed"].label);
      expect(await entry.textContent()).toContain(admin.name);
      expect(await entry.textContent()).not.toContain(member.cpf!.slice(3, 9));
      expect(await page.getByTestId("audit-count").textContent()).toBe("1 registro nesta página, do mais recente ao mais antigo.");
      await seenBoth(page, `admin-${locale}-audit-cpf`, wide);
      await page.context().close();
    });
  }
});

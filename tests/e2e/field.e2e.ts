import { beforeAll, describe, expect, it } from "vitest";
import { useBrowserSuite } from "../support/browser-suite";
import { useOutsideFakes } from "../support/outside-fakes";
import { UNKNOWN_CEP } from "../fakes/viacep";
import {
  axeViolations as axe,
  hasNoHorizontalOverflow,
  hydrated,
  screenshot,
  checkedAtBothWidths,
  fromSidebar,
  openDialog,
  VIEWPORTS,
} from "../support/browser";
import { createWorkplace } from "~/db/factories/field";
import { ROUTE_MESSAGES } from "~/domain/fieldwork/visit-route.schema";
import { WORKPLACE_MESSAGES } from "~/domain/fieldwork/workplace.schema";
import { DUPLICATE_MESSAGES } from "~/domain/fieldwork/workplace-duplicates";
import { fillFinishForm, visitChangeButtons } from "../support/fieldwork";

const outside = useOutsideFakes({
  tiles: true,
  viacep: true,
  nominatim: { places: { "Setor Comercial Sul Quadra 1, Asa Sul, Brasília, DF": { lat: "-15.7975", lon: "-47.8919" } } },
});
const t = useBrowserSuite({ env: outside.env });
beforeAll(async () => {
  for (let i = 0; i < 12; i++)
    await createWorkplace(t.db, { lat: -15.79 + i * 0.002, lon: -47.88 - i * 0.002, positionSource: "geocoder" });
});

describe("workplaces map", () => {
  it("admin adds a workplace with the CEP filling the address; map, list and axe at 1280 and 390", async () => {
    const page = await t.login("admin", { path: "/dashboard/admin/mapa-postos" });
    await hydrated(page);
    const dialog = await openDialog(page, "Adicionar posto");
    await dialog.getByLabel("Nome").fill("Shopping do Teste E2E");
    await dialog.getByLabel("CEP").fill("70040010");
    await dialog.getByLabel("CEP").blur();
    await expect.poll(() => dialog.getByLabel("Endereço").inputValue()).toBe("Setor Comercial Sul Quadra 1");
    expect(await dialog.getByLabel("Bairro").inputValue()).toBe("Asa Sul");
    await dialog.getByRole("button", { name: "Adicionar posto" }).click();
    // The 12 workplaces above share this CEP: a likely duplicate, saved only once confirmed (ADR 217).
    const warning = dialog.getByTestId("workplace-duplicate-warning");
    await expect.poll(() => warning.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await warning.textContent()).toContain("Possível posto duplicado");
    expect(await warning.textContent()).toContain("mesmo CEP");
    expect(await axe(page)).toEqual([]);
    await screenshot(page, "workplace-duplicate-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await axe(page)).toEqual([]);
    await screenshot(page, "workplace-duplicate-390");
    await page.setViewportSize({ width: 1280, height: 800 });
    await dialog.getByLabel(DUPLICATE_MESSAGES.confirmLabel).check();
    await dialog.getByRole("button", { name: "Adicionar posto" }).click();
    await expect.poll(() => page.getByText(WORKPLACE_MESSAGES.created).first().isVisible()).toBe(true);
    await page.goto(`${t.url}/dashboard/admin/mapa-postos?q=teste%20e2e`);
    await hydrated(page);
    await expect.poll(() => page.getByText("Shopping do Teste E2E").first().isVisible()).toBe(true);
    await page.goto(`${t.url}/dashboard/admin/mapa-postos`);
    await hydrated(page);
    const map = page.getByTestId("workplace-map");
    await map.scrollIntoViewIfNeeded();
    await expect.poll(() => map.getAttribute("data-marker-count"), { timeout: 15_000 }).toBe("13");
    expect((await map.boundingBox())?.height).toBe(500);
    await page.evaluate(() => window.scrollTo(0, 0));
    await checkedAtBothWidths(page, "workplaces");
    await page.context().close();
  });
});

describe("a visit on a phone", () => {
  it("campo creates a route, starts it with geolocation, loses the connection while finishing (draft kept), then finishes", async () => {
    const [w] = await t.query<{ id: string; name: string }>`select id, name from workplaces where name = 'Shopping do Teste E2E'`;
    const create = await t.login("campo", { path: "/dashboard/campo/criar-rota" });
    await hydrated(create);
    expect(await create.getByText(ROUTE_MESSAGES.hintDigits).isVisible()).toBe(true);
    await create.getByLabel("Começar de um posto (opcional)").selectOption(w.id);
    await expect.poll(() => create.getByText(ROUTE_MESSAGES.workplaceLoaded).first().isVisible()).toBe(true);
    expect(await create.getByLabel("Endereço").inputValue()).toContain("Setor Comercial Sul Quadra 1");
    await create.getByLabel("Descrição").fill("Levantamento da brigada");
    expect(await axe(create)).toEqual([]);
    await screenshot(create, "route-create-1280");
    await create.getByRole("button", { name: "Criar rota" }).click();
    await expect.poll(() => create.getByText(ROUTE_MESSAGES.created).first().isVisible()).toBe(true);
    await create.context().close();

    const page = await t.login("campo", {
      viewport: "phone",
      path: "/dashboard/campo/executar-rota",
      permissions: ["geolocation"],
      geolocation: { latitude: -15.7976, longitude: -47.892, accuracy: 9 },
    });
    await hydrated(page);
    expect(await axe(page)).toEqual([]);
    await screenshot(page, "route-execute-390");
    await page.getByRole("button", { name: "Iniciar rota" }).first().click();
    await expect.poll(() => page.getByText(ROUTE_MESSAGES.inProgressNotice).isVisible(), { timeout: 15_000 }).toBe(true);
    const [started] = await t.query<{
      start_lat: number;
      start_accuracy_m: number;
    }>`select start_lat, start_accuracy_m from field_routes where workplace_id = ${w.id}`;
    expect(started).toMatchObject({ start_lat: -15.7976, start_accuracy_m: 9 });

    const form = page.getByTestId("finish-form");
    // Missing fields are listed.
    await form.getByRole("button", { name: "Finalizar rota" }).click();
    await expect.poll(() => form.getByRole("alert").textContent()).toContain(ROUTE_MESSAGES.missingPrefix);
    await fillFinishForm(form, {
      brigadePhone: "(61) 3333-4444",
      basicFirefighters: "3",
      lifeguards: "1",
      totalWorkers: "90",
      dayWorkers: "60",
      nightWorkers: "30",
      hiring: "Shopping",
    });
    // The visit's observations (issue 19 §12), kept in the draft like the rest.
    await form.getByLabel("Observações (opcional)").fill("Brigada pediu retorno em 30 dias.");
    await screenshot(page, "route-finish-390");
    expect(await axe(page)).toEqual([]);
    expect(await hasNoHorizontalOverflow(page)).toBe(true);

    // The connection drops: the visit is not lost.
    await page.context().setOffline(true);
    await form.getByRole("button", { name: "Finalizar rota" }).click();
    await expect.poll(() => form.getByRole("alert").textContent()).toContain("Sem conexão");
    expect(await t.query`select 1 from field_routes where workplace_id = ${w.id} and status = 'concluida'`).toHaveLength(0);
    await page.context().setOffline(false);
    await page.reload();
    await hydrated(page);
    const again = page.getByTestId("finish-form");
    await expect.poll(() => again.getByLabel("Total de trabalhadores no local").inputValue()).toBe("90");
    expect(await again.getByLabel("Tipo de contratação direta").inputValue()).toBe("Shopping");
    await again.getByRole("button", { name: "Finalizar rota" }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard/campo", { timeout: 15_000 });
    const [done] = await t.query<{
      status: string;
      total_workers: number;
      notes: string;
    }>`select status, total_workers, notes from field_routes where workplace_id = ${w.id}`;
    expect(done).toEqual({ status: "concluida", total_workers: 90, notes: "Brigada pediu retorno em 30 dias." });
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("visita-rascunho:")))).toEqual([]);
    // "Minhas Visitas" from the menu: the visit just finished, with its observations, read-only.
    await fromSidebar(page, "Minhas Visitas", "/dashboard/campo/minhas-visitas");
    const visit = page.getByTestId("my-visit").filter({ hasText: "Shopping do Teste E2E" });
    await expect.poll(() => visit.isVisible()).toBe(true);
    expect(await visit.getByTestId("my-visit-notes").textContent()).toBe("Brigada pediu retorno em 30 dias.");
    expect(await visitChangeButtons(page).count()).toBe(0);
    expect(await axe(page)).toEqual([]);
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await screenshot(page, "my-visits-390");
    await page.context().close();
    const wide = await t.login("campo", { path: "/dashboard/campo/minhas-visitas" });
    await hydrated(wide);
    expect(await wide.getByTestId("my-visit").count()).toBeGreaterThan(0);
    expect(await axe(wide)).toEqual([]);
    await screenshot(wide, "my-visits-1280");
    await wide.context().close();
  });

  it("with location denied, the route starts from the CEP", async () => {
    await t.query`insert into field_routes (name, description, cep, address, route_date) values ('Rota Sem GPS', 'Teste', '72110015', 'QNA 15, Taguatinga Norte, Brasília/DF', (now() at time zone 'America/Sao_Paulo')::date)`;
    const page = await t.login("campo", { viewport: "phone", path: "/dashboard/campo/executar-rota" });
    await hydrated(page);
    const card = page.locator("li", { hasText: "Rota Sem GPS" });
    await card.getByRole("button", { name: "Iniciar rota" }).click();
    await expect.poll(() => card.getByRole("button", { name: "Iniciar com o CEP" }).isVisible(), { timeout: 15_000 }).toBe(true);
    await card.getByRole("button", { name: "Iniciar com o CEP" }).click();
    await expect
      .poll(
        async () =>
          (await t.query<{ start_cep: string | null }>`select start_cep from field_routes where name = 'Rota Sem GPS'`)[0].start_cep,
      )
      .toBe("72110015");
    // One route at a time (issue 19 §12): another route of the day offers no start, and says why.
    await t.query`insert into field_routes (name, description, cep, address, route_date) values ('Rota Segunda', 'Teste', '72110015', 'QNA 15, Taguatinga Norte, Brasília/DF', (now() at time zone 'America/Sao_Paulo')::date)`;
    await page.reload();
    await hydrated(page);
    const second = page.locator("li", { hasText: "Rota Segunda" });
    expect(await second.getByTestId("second-start-refused").textContent()).toBe(ROUTE_MESSAGES.secondStart);
    expect(await second.getByRole("button", { name: "Iniciar rota" }).count()).toBe(0);
    expect(await axe(page)).toEqual([]);
    await screenshot(page, "route-second-start-390");
    await page.context().close();
  });

  it("the panel's map of today's routes: on a phone it waits for 'Mostrar mapa' (no Leaflet before), on a laptop it loads in view", async () => {
    const isLeaflet = (url: string) => /\/assets\/(base-layers|workplace-map)[^/]*\.js$/.test(url);
    const phone = await t.login("campo", { viewport: "phone", path: "/dashboard/campo" });
    const fetched: string[] = [];
    phone.on("request", (r) => fetched.push(r.url()));
    await phone.reload();
    await hydrated(phone);
    const show = phone.getByRole("button", { name: "Mostrar mapa" });
    await show.scrollIntoViewIfNeeded();
    expect(await show.isVisible()).toBe(true);
    expect(fetched.filter(isLeaflet)).toEqual([]);
    expect(await axe(phone)).toEqual([]);
    // By keyboard: focus the button and press Enter.
    await show.focus();
    await phone.keyboard.press("Enter");
    await expect.poll(() => phone.locator(".leaflet-container").count()).toBe(1);
    expect(fetched.some(isLeaflet)).toBe(true);
    // Focus moved into the map (a named region), not lost with the button.
    await expect.poll(() => phone.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Mapa das rotas de hoje");
    await phone.context().close();

    const laptop = await t.login("campo", { path: "/dashboard/campo" });
    await hydrated(laptop);
    await laptop.getByText("Rotas de Hoje").scrollIntoViewIfNeeded();
    await expect.poll(() => laptop.locator(".leaflet-container").count()).toBe(1);
    expect(await laptop.getByRole("button", { name: "Mostrar mapa" }).count()).toBe(0);
    await laptop.context().close();
  });
});

describe("workplace spreadsheet import", () => {
  it("admin validates a .csv (report shown, nothing written, no confirmation while a row has a problem), fixes it, then confirms; axe-clean at 1280 and 390", async () => {
    const page = await t.login("admin", { path: "/dashboard/admin/mapa-postos" });
    await hydrated(page);
    const csv = [
      "nome_fantasia;endereco;cidade;estado;cep",
      "Posto Importado E2E;SCS Quadra 2;Brasília;DF;70300-500",
      ";Sem nome;Brasília;DF;70300-500",
    ].join("\n");
    const box = page.getByTestId("workplace-import");
    await box.getByLabel("Planilha (.xlsx ou .csv)").setInputFiles({ name: "postos.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await box.getByRole("button", { name: "Validar planilha" }).click();
    const report = page.getByTestId("workplace-import-report");
    await expect.poll(() => report.isVisible()).toBe(true);
    expect(await page.getByTestId("import-count-created").textContent()).toBe("1");
    expect(await page.getByTestId("import-count-rejected").textContent()).toBe("1");
    expect((await t.query`select 1 from workplaces where name = 'Posto Importado E2E'`).length).toBe(0);
    await checkedAtBothWidths(page, "workplaces-import-preview");
    // All or nothing: the file with a bad row cannot be confirmed; the corrected one can.
    expect(await box.getByRole("button", { name: "Confirmar importação" }).count()).toBe(0);
    await box
      .getByLabel("Planilha (.xlsx ou .csv)")
      .setInputFiles({ name: "postos-corrigido.csv", mimeType: "text/csv", buffer: Buffer.from(csv.split("\n").slice(0, 2).join("\n")) });
    await box.getByRole("button", { name: "Validar planilha" }).click();
    await expect.poll(() => page.getByText("Planilha validada. Confira o relatório antes de importar.").first().isVisible()).toBe(true);
    expect(await page.getByTestId("import-count-rejected").textContent()).toBe("0");
    await box.getByRole("button", { name: "Confirmar importação" }).click();
    await expect.poll(() => page.getByText("Importação concluída: 1 posto criado, 0 atualizados.").first().isVisible()).toBe(true);
    expect((await t.query`select 1 from workplaces where name = 'Posto Importado E2E'`).length).toBe(1);
    await page.context().close();
  });
});

describe("criar-rota's toasts on a phone", () => {
  it("the toast after a workplace's CEP look-up leaves the page's heading 'Criar Rota' uncovered (ADR 306)", async () => {
    const [w] = await t.query<{ id: string }>`select id from workplaces order by name limit 1`;
    const page = await t.login("campo", { path: "/dashboard/campo/criar-rota", viewport: "phone" });
    await hydrated(page);
    await page.getByLabel("Começar de um posto (opcional)").selectOption(w.id);
    // "Endereço do posto carregado!", or the notice that its registered address is used.
    const toast = page.getByTestId("toast").first();
    await expect.poll(() => toast.isVisible()).toBe(true);
    const heading = page.getByRole("heading", { level: 1, name: "Criar Rota" });
    const covered = async () => {
      const [h, b] = [(await heading.boundingBox())!, (await toast.boundingBox())!];
      // The heading is on screen (the check means something) and the toast is above or below it.
      return h.y >= 0 && (b.y >= h.y + h.height || b.y + b.height <= h.y) ? "livre" : "coberto";
    };
    await page.waitForTimeout(300);
    expect(await covered()).toBe("livre");
    await screenshot(page, "route-create-toast-390");
    await page.context().close();
  });
});

describe("criar-rota on a slow phone", () => {
  it("a workplace picked before the page works is taken up once it does: its CEP, address and members fill in", async () => {
    const [w] = await t.query<{ id: string }>`select id from workplaces where name = 'Shopping do Teste E2E'`;
    const page = await t.login("campo", { path: "/dashboard/campo", viewport: "phone" });
    // The page's scripts wait until the workplace is picked (routing also turns the HTTP cache off).
    let release!: () => void;
    const scriptsMayLoad = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await scriptsMayLoad;
      await route.continue();
    });
    await page.goto(`${t.url}/dashboard/campo/criar-rota`, { waitUntil: "commit" });
    const select = page.getByLabel("Começar de um posto (opcional)");
    await select.waitFor();
    await select.selectOption(w.id);
    release();
    await hydrated(page);
    await expect.poll(() => page.getByLabel("Endereço").inputValue()).toContain("Setor Comercial Sul Quadra 1");
    expect(await select.inputValue()).toBe(w.id);
    expect(await page.getByLabel("CEP").inputValue()).toMatch(/^\d{5}-\d{3}$/);
    await page.context().close();
  });
});

describe("a route from one of many workplaces", () => {
  it("past 100 workplaces, criar-rota searches them (GET, 390 px) and starts from the one found; axe at both widths", async () => {
    const before = Number((await t.query<{ n: number }>`select count(*)::int as n from workplaces`)[0].n);
    await t.query`
      insert into workplaces (code, name, address, neighbourhood, city, state, cep, lat, lon, members_count)
      select 'P9' || lpad(g::text, 8, '0'), 'Posto em Massa ' || g, 'Quadra ' || g, 'Asa Norte', 'Brasília', 'DF',
             case when g = 1 then ${UNKNOWN_CEP} else '70040010' end, -15.79, -47.88, 0
      from generate_series(1, ${101 - before}::int) g`;
    try {
      const page = await t.login("campo", { path: "/dashboard/campo/criar-rota", viewport: "phone" });
      await hydrated(page);
      const search = page.getByRole("search", { name: "Buscar posto" });
      expect(await search.getByRole("status").textContent()).toContain("101 postos cadastrados");
      expect(await page.getByLabel("Começar de um posto (opcional)").locator("option").count()).toBe(1);
      await page.getByLabel("Descrição").fill("Rota a partir da busca");
      await search.getByLabel("Buscar posto").fill("shopping do teste");
      await search.getByRole("button", { name: "Buscar" }).click();
      await expect.poll(() => search.getByRole("status").textContent()).toContain("1 posto encontrado para “shopping do teste”");
      // The route form kept what was typed; the select now holds what the search found.
      expect(await page.getByLabel("Descrição").inputValue()).toBe("Rota a partir da busca");
      const [w] = await t.query<{ id: string }>`select id from workplaces where name = 'Shopping do Teste E2E'`;
      await page.getByLabel("Começar de um posto (opcional)").selectOption(w.id);
      await expect.poll(() => page.getByText(ROUTE_MESSAGES.workplaceLoaded).first().isVisible()).toBe(true);
      expect(await hasNoHorizontalOverflow(page)).toBe(true);
      // A workplace whose CEP the service does not know: its registered address, and the hint under
      // the CEP says so (it said "Endereço localizado!" beside the fallback notice: a first-day trial).
      await search.getByLabel("Buscar posto").fill("Posto em Massa 1");
      await search.getByRole("button", { name: "Buscar" }).click();
      await expect.poll(() => search.getByRole("status").textContent()).toContain("encontrados para “Posto em Massa 1”");
      const [unknown] = await t.query<{ id: string }>`select id from workplaces where name = 'Posto em Massa 1'`;
      await page.getByLabel("Começar de um posto (opcional)").selectOption(unknown.id);
      await expect.poll(() => page.getByText(ROUTE_MESSAGES.workplaceCepFallback).first().isVisible()).toBe(true);
      expect(await page.getByText(ROUTE_MESSAGES.hintRegistered).isVisible()).toBe(true);
      expect(await page.getByText(ROUTE_MESSAGES.hintFound).count()).toBe(0);
      expect(await page.getByLabel("Endereço").inputValue()).toBe("Quadra 1, Asa Norte, Brasília/DF");
      await page.setViewportSize(VIEWPORTS.desktop);
      await checkedAtBothWidths(page, "route-create-search");
      await page.context().close();
    } finally {
      await t.query`delete from workplaces where name like 'Posto em Massa %'`;
    }
  });
});

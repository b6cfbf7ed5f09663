import { beforeAll, describe, expect, it } from "vitest";
import { useBrowserSuite } from "../support/browser-suite";
import { hydrated } from "../support/browser";
import { askConsulta } from "../support/service-records";
import { menu, seen } from "../support/journey";
import { createMember } from "~/db/factories/members";
import { SERVICE_MESSAGES } from "~/domain/service-records/service-options";

/**
 * The first day, walked as the person lives it (issue 19 §3): on a 390 px phone, signed in, then
 * through clicks only — the menu, buttons and links; no typed addresses after the sign-in.
 * Each step asserts what the person sees; every screen on the way is axe-clean.
 */
const t = useBrowserSuite();
let member: Awaited<ReturnType<typeof createMember>>;

beforeAll(async () => {
  member = await createMember(t.db, { name: "Joaquim Jornada Teste", email: "joaquim.jornada@example.com", mobilePhone: "61991234567" });
});

describe("first-day journeys at 390 px", () => {
  it("secretaria: a record for a member by CPF (the form fills) → the protocol stays → comment → status → the public consulta finds it", async () => {
    // Playwright's clock, at real speed, lets the test wait out a toast's time in no time.
    const page = await t.login("secretaria", { viewport: "phone", clock: true });
    await hydrated(page);
    await menu(page, "Atendimento");
    await seen(page, "secretaria-form-390");
    await page.getByLabel("CPF *").pressSequentially(member.cpf!);
    await expect.poll(() => page.getByTestId("member-lookup").textContent()).toBe(SERVICE_MESSAGES.memberFound(member.name));
    // Found means filled, and editable.
    await expect.poll(() => page.getByLabel("Nome *").inputValue()).toBe(member.name);
    expect(await page.getByLabel("E-mail").inputValue()).toBe(member.email);
    expect(await page.getByLabel("Nome *").isEditable()).toBe(true);
    // No protocol number is shown before saving.
    expect(await page.getByLabel("Número de protocolo").count()).toBe(0);
    await page.getByLabel("Tipo de atendimento *").selectOption({ index: 1 });
    await page.getByLabel("Descrição *").fill("Pediu orientação sobre o banco de horas da escala 12x36.");
    await page.getByLabel("Tipo de solicitação").selectOption("informacao");
    await page.getByRole("button", { name: "Registrar atendimento" }).click();
    await expect.poll(() => page.getByTestId("service-created").isVisible()).toBe(true);
    const protocol = (await page.getByTestId("service-protocol").textContent())!.trim();
    expect(protocol).toMatch(/^SIND\d{14}$/);
    // It stays: still there after the time a toast (6 s) would have gone; the page's clock jumps
    // over it, firing every timer due by then.
    await page.clock.fastForward(7_000);
    expect(await page.getByTestId("service-protocol").textContent()).toBe(protocol);
    await seen(page, "secretaria-protocol-390");
    const [row] = await t.query<{ id: string; protocol: string }>`select id, protocol from service_records where protocol = ${protocol}`;
    expect(row?.protocol).toBe(protocol);

    await page.getByRole("link", { name: "Abrir atendimento" }).click();
    await page.waitForURL((u) => u.pathname === `/dashboard/atendimento/${row.id}`);
    await hydrated(page);
    const me = (await t.user("secretaria")).name;
    const comment = page.getByRole("form", { name: "Adicionar comentário" });
    await comment.getByLabel("Responsável").selectOption({ label: me });
    await comment.getByLabel("Comentário").fill("Orientação enviada por e-mail ao trabalhador.");
    await comment.getByRole("button", { name: "Adicionar comentário" }).click();
    await expect.poll(() => page.getByTestId("service-history").textContent()).toContain("Orientação enviada por e-mail ao trabalhador.");
    const quick = page.getByRole("form", { name: "Alterar status do chamado" });
    await quick.getByLabel("Responsável").selectOption({ label: me });
    await quick.getByLabel("Comentário sobre a alteração").fill("Dúvida respondida.");
    await quick.getByRole("button", { name: "Resolver" }).click();
    await expect.poll(() => page.getByTestId("detail-badges").textContent()).toContain("Resolvido");
    await seen(page, "secretaria-detail-390");
    await page.context().close();

    // The worker, on their own phone, finds it on the public consulta.
    const worker = await t.newPage("phone", { path: "/atendimento/consulta" });
    await hydrated(worker);
    await worker.getByLabel("Número do protocolo").fill(protocol);
    const result = await askConsulta(worker, member.cpf!.slice(-4));
    expect(await result.textContent()).toContain("Resolvido");
    await seen(worker, "secretaria-consulta-390");
    await worker.context().close();
  });
});

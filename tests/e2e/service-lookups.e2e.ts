import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { useBrowserSuite } from "../support/browser-suite";
import { axeViolations as axe, hydrated } from "../support/browser";
import { startLookupFront, type LookupFront, type LookupFrontMode } from "../fakes/lookup-proxy";
import { createMember } from "~/db/factories/members";
import { SERVICE_MESSAGES, SERVICE_TYPES } from "~/domain/service-records/service-options";
import { LOOKUP_TIMEOUT_MS } from "~/components/service-records/lookup-fetch";

/**
 * The service form when its look-ups fail (ADR 137). The browser loads the app through a local
 * HTTP front (tests/fakes/lookup-proxy.ts) that forwards everything to the real server but can
 * make GET /api/filiados/consulta and GET /api/atendimentos/empresa answer 503, hang, answer
 * HTML or another JSON shape, or cut the connection. Each failure shows the original's message
 * and the record is still saved by hand (and linked to the member by the server).
 */
const MEMBER = "/api/filiados/consulta";
const COMPANY = "/api/atendimentos/empresa";
const t = useBrowserSuite();
let front: LookupFront;
let frontUrl: string;
let member: Awaited<ReturnType<typeof createMember>>;
beforeAll(async () => {
  member = await createMember(t.db);
  await t.user("homologacao");
  front = await startLookupFront(t.url.replace("//localhost:", "//127.0.0.1:"), [MEMBER, COMPANY]);
  // Under the suite's host name (the signed-in cookies are that host's), on the front's port.
  frontUrl = `${new URL(t.url).protocol}//${new URL(t.url).hostname}:${new URL(front.url).port}`;
});
afterAll(async () => {
  await front?.close();
});

async function typeCpf(page: Page, cpf: string) {
  const field = page.getByLabel("CPF *");
  await field.fill("");
  await field.pressSequentially(cpf);
}

/**
 * A hanging look-up is given up by the form's own time limit (LOOKUP_TIMEOUT_MS, 8 s). The page's
 * clock (Playwright's, installed before the form loads; it runs at real speed otherwise) jumps
 * over it once the request is pending, instead of the test waiting 8 s twice.
 */
async function passTimeLimitIfHanging(page: Page, mode: LookupFrontMode) {
  if (mode === "hang") await page.clock.fastForward(LOOKUP_TIMEOUT_MS);
}

async function memberLookup(page: Page, mode: LookupFrontMode, cpf: string) {
  front.modes.set(MEMBER, mode);
  const before = front.seen.filter((p) => p === MEMBER).length;
  await typeCpf(page, cpf);
  // A cut connection may be retried once by the browser: at least one request reached the front.
  await expect.poll(() => front.seen.filter((p) => p === MEMBER).length).toBeGreaterThan(before);
  await passTimeLimitIfHanging(page, mode);
  await expect.poll(() => page.getByTestId("member-lookup").textContent(), { timeout: LOOKUP_TIMEOUT_MS + 10_000 }).not.toBe("");
  return page.getByTestId("member-lookup").textContent();
}

async function companyLookup(page: Page, mode: LookupFrontMode, cnpj: string) {
  front.modes.set(COMPANY, mode);
  const before = front.seen.filter((p) => p === COMPANY).length;
  const field = page.getByLabel(/^CNPJ/);
  await field.fill("");
  await field.pressSequentially(cnpj);
  await field.blur();
  await expect.poll(() => front.seen.filter((p) => p === COMPANY).length).toBeGreaterThan(before);
  await passTimeLimitIfHanging(page, mode);
  await expect.poll(() => page.getByTestId("company-notice").textContent(), { timeout: LOOKUP_TIMEOUT_MS + 10_000 }).not.toBe("");
  return page.getByTestId("company-notice").textContent();
}

describe("service form look-ups that fail", () => {
  it("member look-up down, slow, or answering garbage: the original's message, then the record is saved by hand and linked by the server", async () => {
    const page = await t.login("homologacao");
    await page.clock.install();
    await page.goto(`${frontUrl}/dashboard/atendimento`);
    expect(new URL(page.url()).pathname).toBe("/dashboard/atendimento");
    await hydrated(page);
    const manual = SERVICE_MESSAGES.lookupManual;
    // The real endpoint, through the front: the member is found.
    expect(await memberLookup(page, "ok", member.cpf!)).toBe(SERVICE_MESSAGES.memberFound(member.name));
    expect(await memberLookup(page, "http-error", "11144477735")).toBe(`${SERVICE_MESSAGES.memberError}. ${manual}`);
    expect(await axe(page)).toEqual([]);
    expect(await memberLookup(page, "invalid-json", "52998224725")).toBe(`${SERVICE_MESSAGES.memberUnexpected}. ${manual}`);
    expect(await memberLookup(page, "wrong-shape", "11144477735")).toBe(`${SERVICE_MESSAGES.memberUnexpected}. ${manual}`);
    expect(await memberLookup(page, "reset", "52998224725")).toBe(`${SERVICE_MESSAGES.memberUnreachable}. ${manual}`);
    expect(await memberLookup(page, "hang", member.cpf!)).toBe(`${SERVICE_MESSAGES.memberUnreachable}. ${manual}`);

    // The company look-up fails too; everything is typed by hand and saved.
    expect(await companyLookup(page, "http-error", "11222333000181")).toBe(`${SERVICE_MESSAGES.companyError}. ${manual}`);
    expect(await companyLookup(page, "wrong-shape", "11222333000181")).toBe(`${SERVICE_MESSAGES.companyUnexpected}. ${manual}`);
    expect(await companyLookup(page, "hang", "11222333000181")).toBe(`${SERVICE_MESSAGES.companyError}. ${manual}`);
    expect(await companyLookup(page, "reset", "11222333000181")).toBe(`${SERVICE_MESSAGES.companyError}. ${manual}`);
    expect(await axe(page)).toEqual([]);

    await page.getByLabel("Nome *").fill(member.name);
    await page.getByLabel("Tipo de atendimento *").selectOption(SERVICE_TYPES.homologacao[0]);
    await page.getByLabel("Descrição *").fill("Conferência da rescisão, consulta de filiação fora do ar.");
    await page.getByLabel("Tipo de rescisão").selectOption("dispensa_sem_justa_causa");
    await page.getByLabel("Nome da empresa").fill("Brigada Exemplo Serviços Ltda");
    await page.getByLabel("Data de admissão").fill("01/03/2021");
    await page.getByLabel("Data de desligamento").fill("31/10/2026");
    await page.getByRole("button", { name: "Registrar atendimento" }).click();
    await expect.poll(() => page.getByTestId("service-created").isVisible()).toBe(true);

    const [row] = await t.query<{ protocol: string; member_id: string | null; sector_data: Record<string, unknown> }>`
      select protocol, member_id, sector_data from service_records where description = 'Conferência da rescisão, consulta de filiação fora do ar.'`;
    expect(await page.getByTestId("service-protocol").textContent()).toBe(row.protocol);
    // The server linked the member by CPF although the browser never got an answer.
    expect(row.member_id).toBe(member.id);
    // The company typed by hand is remembered (ADR 132).
    const companies = await t.query<{ legal_name: string }>`select legal_name from companies where cnpj = '11222333000181'`;
    expect(companies.map((c) => c.legal_name)).toEqual(["Brigada Exemplo Serviços Ltda"]);
    // Where the worker follows the record.
    expect(await page.getByTestId("service-consulta-hint").getByRole("link").getAttribute("href")).toBe(
      `/atendimento/consulta?protocolo=${row.protocol}`,
    );

    // With the look-up back, the remembered company loads (in a new form).
    await page.getByRole("button", { name: "Novo atendimento" }).click();
    await page.getByLabel("Setor *").selectOption("homologacao");
    expect(await companyLookup(page, "ok", "11222333000181")).toBe(SERVICE_MESSAGES.companyLoaded);
    expect(await page.getByLabel("Nome da empresa").inputValue()).toBe("Brigada Exemplo Serviços Ltda");
    await page.context().close();
  });
});

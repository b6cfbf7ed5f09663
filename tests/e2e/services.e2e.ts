import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { useBrowserSuite } from "../support/browser-suite";
import { axeViolations as axe, overflowingElements, hydrated, screenshot } from "../support/browser";
import { askConsulta } from "../support/service-records";
import { createMember } from "~/db/factories/members";
import { createServiceRecordRow } from "~/db/factories/services";
import { formatCpf, maskCpfForList } from "~/lib/br/cpf";
import { SERVICE_MESSAGES } from "~/domain/service-records/service-options";

/** A service record's whole life in the browser, as secretaria and admin; axe at 1280 and 390 px. */
const t = useBrowserSuite();
let member: Awaited<ReturnType<typeof createMember>>;
beforeAll(async () => {
  member = await createMember(t.db);
  await t.user("secretaria");
  await t.user("admin");
  for (let i = 0; i < 3; i++) await createServiceRecordRow(t.db, { sector: "secretaria", requesterName: `Trabalhador Exemplo ${i}` });
});

async function checkA11y(page: Page, name: string) {
  expect(await axe(page), name).toEqual([]);
  expect(await overflowingElements(page), name).toEqual([]);
  await screenshot(page, name);
}

describe("service records in the browser", () => {
  it("secretaria registers an appointment for a member; admin starts it; secretaria comments and resolves it", async () => {
    const sec = await t.login("secretaria", { path: "/dashboard/atendimento" });
    await hydrated(sec);
    await checkA11y(sec, "services-form-1280");
    // The member lookup, debounced, from the masked CPF.
    await sec.getByLabel("CPF *").pressSequentially(member.cpf!);
    await expect.poll(() => sec.getByTestId("member-lookup").textContent()).toBe(SERVICE_MESSAGES.memberFound(member.name));
    expect(await sec.getByLabel("CPF *").inputValue()).toBe(formatCpf(member.cpf!));
    // Found means filled (issue 19 §1): name, phone and e-mail from the register, still editable.
    expect(await sec.getByLabel("Nome *").inputValue()).toBe(member.name);
    expect(await sec.getByLabel("Telefone").inputValue()).toBe(member.mobilePhone);
    expect(await sec.getByLabel("E-mail").inputValue()).toBe(member.email);
    expect(await sec.getByLabel("Nome *").isEditable()).toBe(true);
    // No protocol is shown before saving (issue 19 §2): the record gets its own at save.
    expect(await sec.getByLabel("Número de protocolo").count()).toBe(0);
    await sec.getByLabel("Tipo de atendimento *").selectOption("Agendamento de atendimento");
    await sec.getByLabel("Descrição *").fill("Quer agendar a conferência da rescisão.");
    expect(await sec.getByText(`${"Quer agendar a conferência da rescisão.".length}/500 caracteres`).isVisible()).toBe(true);
    // The appointment fields appear only for 'agendamento'.
    expect(await sec.getByLabel("Data do agendamento").count()).toBe(0);
    await sec.getByLabel("Tipo de solicitação").selectOption("agendamento");
    await sec.getByRole("button", { name: "Registrar atendimento" }).click();
    await expect.poll(() => sec.getByText(SERVICE_MESSAGES.invalidForm).first().isVisible()).toBe(true);
    await sec.getByLabel("Data do agendamento").fill("02/12/2026");
    await sec.getByLabel("Horário").fill("14:30");
    await sec.getByLabel("Modalidade").selectOption("presencial");
    await sec.getByRole("button", { name: "Registrar atendimento" }).click();
    await expect.poll(() => sec.getByTestId("service-created").isVisible()).toBe(true);
    const [row] = await t.query<{ id: string; protocol: string; member_id: string; requester_phone: string; requester_email: string }>`
      select id, protocol, member_id, requester_phone, requester_email from service_records where requester_name = ${member.name}`;
    expect(row.member_id).toBe(member.id);
    expect([row.requester_phone, row.requester_email]).toEqual([member.mobilePhone, member.email]);
    // The confirmation: the protocol in large type, copy, the comprovante, open, new (issue 19 §2). That it
    // stays past a toast's time is waited for once, in first-day-journeys.e2e.ts.
    expect(await sec.getByTestId("service-protocol").textContent()).toBe(row.protocol);
    await checkA11y(sec, "services-receipt-1280");
    await sec.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: t.url });
    await sec.getByRole("button", { name: "Copiar" }).click();
    await expect.poll(() => sec.getByRole("status").filter({ hasText: "Protocolo copiado." }).isVisible()).toBe(true);
    expect(await sec.evaluate(() => navigator.clipboard.readText())).toBe(row.protocol);
    // One receipt (issue 22 §4): the A4 comprovante with its QR code, no second print of this screen.
    expect(await sec.getByRole("button", { name: "Imprimir comprovante" }).count()).toBe(0);
    expect(await sec.getByRole("link", { name: "Comprovante A4 com QR Code" }).getAttribute("href")).toBe(
      `/dashboard/atendimento/${row.id}/comprovante`,
    );
    expect(await sec.getByRole("link", { name: "Abrir atendimento" }).getAttribute("href")).toBe(`/dashboard/atendimento/${row.id}`);
    await sec.getByRole("button", { name: "Novo atendimento" }).click();
    // A fresh form with its defaults.
    expect(await sec.getByLabel("Descrição *").inputValue()).toBe("");
    expect(await sec.getByLabel("Tipo de registro").inputValue()).toBe("atendimento_geral");
    expect(await sec.getByTestId("service-created").count()).toBe(0);

    // Admin finds it in the list and starts it from the card.
    const admin = await t.login("admin", { path: `/dashboard/atendimentos?q=${row.protocol}` });
    await hydrated(admin);
    const card = admin.getByTestId("service-card").filter({ hasText: row.protocol });
    await card.getByText("Alterar status").click();
    await card.getByRole("button", { name: "Iniciar" }).click();
    await expect.poll(() => card.getByText(SERVICE_MESSAGES.listRequired).first().isVisible()).toBe(true);
    await card.getByLabel("Responsável").selectOption({ label: (await t.user("secretaria")).name });
    await card.getByLabel("Comentário sobre a alteração").fill("Documentos recebidos, iniciando.");
    await card.getByRole("button", { name: "Iniciar" }).click();
    await expect
      .poll(async () => (await t.query<{ status: string }>`select status from service_records where id = ${row.id}`)[0].status)
      .toBe("in_progress");
    await checkA11y(admin, "services-list-1280");
    await admin.context().close();

    // Secretaria opens the detail, comments and resolves.
    await sec.goto(`${t.url}/dashboard/atendimento/${row.id}`);
    await hydrated(sec);
    expect(await sec.getByTestId("detail-badges").textContent()).toContain("Em Andamento");
    const comment = sec.getByRole("form", { name: "Adicionar comentário" });
    await comment.getByRole("button", { name: "Adicionar comentário" }).click();
    await expect.poll(() => comment.getByText(SERVICE_MESSAGES.commentEmpty).isVisible()).toBe(true);
    await comment.getByLabel("Responsável").selectOption({ label: (await t.user("secretaria")).name });
    await comment.getByLabel("Comentário").fill("Trabalhador confirmou o horário por telefone.");
    await comment.getByRole("button", { name: "Adicionar comentário" }).click();
    await expect.poll(() => sec.getByTestId("service-history").textContent()).toContain("Trabalhador confirmou o horário por telefone.");
    const quick = sec.getByRole("form", { name: "Alterar status do chamado" });
    await quick.getByLabel("Responsável").selectOption({ label: (await t.user("secretaria")).name });
    await quick.getByLabel("Comentário sobre a alteração").fill("Homologação agendada e confirmada.");
    await quick.getByRole("button", { name: "Resolver" }).click();
    await expect.poll(() => sec.getByTestId("detail-badges").textContent()).toContain("Resolvido");
    expect(await quick.getByRole("button", { name: "Fechar" }).isVisible()).toBe(true);
    // The requester's CPF is masked until asked for; the whole number is an audited view (ADR 183).
    expect(await sec.getByTestId("requester-cpf").textContent()).toBe(maskCpfForList(member.cpf!));
    expect(await sec.content()).not.toContain(formatCpf(member.cpf!));
    await checkA11y(sec, "services-detail-1280");
    await sec.getByRole("button", { name: SERVICE_MESSAGES.revealCpf }).click();
    await expect.poll(() => sec.getByTestId("requester-cpf").textContent()).toBe(formatCpf(member.cpf!));
    expect(await sec.getByRole("status").filter({ hasText: SERVICE_MESSAGES.cpfRevealed }).isVisible()).toBe(true);
    expect(await sec.getByRole("button", { name: SERVICE_MESSAGES.revealCpf }).count()).toBe(0);
    const views = await t.query<{ actor_username: string; entity_id: string; data: { protocol: string } }>`
      select actor_username, entity_id, data from audit_log where action = 'member.cpf_viewed'`;
    expect(views).toEqual([
      {
        actor_username: (await t.user("secretaria")).username,
        entity_id: member.id,
        data: expect.objectContaining({ protocol: row.protocol }),
      },
    ]);
    await checkA11y(sec, "services-detail-cpf-1280");
    await sec.context().close();
  });

  it("form, list and detail are axe clean at 390 px", async () => {
    // The widest case on purpose: a long name and an e-mail with no place to break (a real one,
    // seen in CI, pushed the whole page sideways).
    const r = await createServiceRecordRow(t.db, {
      sector: "secretaria",
      requesterName: "Maria das Graças Albuquerque Cavalcanti de Oliveira Bragança",
      requesterEmail: "maria.dasgracas.albuquerque.cavalcanti.oliveira.braganca@corpodebombeiros.df.gov.br",
    });
    for (const [path, name] of [
      ["/dashboard/atendimento", "services-form-390"],
      ["/dashboard/atendimentos", "services-list-390"],
      [`/dashboard/atendimento/${r.id}`, "services-detail-390"],
    ] as const) {
      const page = await t.login("secretaria", { path, viewport: "phone" });
      await hydrated(page);
      await checkA11y(page, name);
      await page.context().close();
    }
  });

  it("on a phone the confirmation takes the focus and the screen, the form filled by the CPF look-up", async () => {
    const page = await t.login("secretaria", { path: "/dashboard/atendimento", viewport: "phone" });
    await hydrated(page);
    await page.getByLabel("CPF *").pressSequentially(member.cpf!);
    await expect.poll(() => page.getByLabel("Nome *").inputValue()).toBe(member.name);
    expect(await page.getByLabel("E-mail").inputValue()).toBe(member.email);
    // Editable: the person corrects the e-mail the register had.
    await page.getByLabel("E-mail").fill("novo.email@example.com");
    await page.getByLabel("Tipo de atendimento *").selectOption("Filiação");
    await page.getByLabel("Tipo de solicitação").selectOption("informacao");
    await page.getByLabel("Descrição *").fill("Pergunta como atualizar o endereço no cadastro.");
    await page.getByRole("button", { name: "Registrar atendimento" }).click();
    await expect.poll(() => page.getByTestId("service-protocol").isVisible()).toBe(true);
    const [row] = await t.query<{ protocol: string; requester_email: string }>`
      select protocol, requester_email from service_records where description = 'Pergunta como atualizar o endereço no cadastro.'`;
    expect(row.requester_email).toBe("novo.email@example.com");
    expect(await page.getByTestId("service-protocol").textContent()).toBe(row.protocol);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ""))
      .toContain("Atendimento registrado com sucesso!");
    const box = await page.getByTestId("service-protocol").boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= 844).toBe(true);
    await checkA11y(page, "services-receipt-390");
    await page.context().close();
  });
});

describe("the requester's public consulta", () => {
  it("a worker follows the record with the protocol and the CPF's last digits, at 1280 and 390 px, axe clean, and without JavaScript", async () => {
    const r = await createServiceRecordRow(t.db, {
      sector: "juridico",
      requesterName: "Rosângela Pereira Lima",
      requesterCpf: "52998224725",
      requesterEmail: "rosangela@example.com",
    });
    await t.query`insert into service_record_entries (record_id, kind, author_name, responsible_name, old_status, new_status, text, is_public)
      values (${r.id}, 'comment', 'Equipe', 'Equipe', 'pending', 'pending', 'Recebemos seus documentos; o advogado retorna em até 3 dias úteis.', true)`;
    for (const [viewport, name] of [
      ["desktop", "services-consulta-1280"],
      ["phone", "services-consulta-390"],
    ] as const) {
      const page = await t.newPage(viewport, { path: `/atendimento/consulta?protocolo=${r.protocol}` });
      await hydrated(page);
      await checkA11y(page, `${name}-form`);
      expect(await page.getByLabel("Número do protocolo").inputValue()).toBe(r.protocol);
      await askConsulta(page, "0000", "form-error");
      const result = await askConsulta(page, "4725");
      expect(await result.textContent()).toContain("Recebemos seus documentos");
      await checkA11y(page, name);
      await page.context().close();
    }
    // The plain HTML form does the same without JavaScript.
    const plain = await t.newPage("phone", { javaScriptEnabled: false, path: "/atendimento/consulta" });
    await plain.getByLabel("Número do protocolo").fill(r.protocol);
    await plain.getByLabel("4 últimos dígitos do CPF ou e-mail").fill("rosangela@example.com");
    await plain.getByRole("button", { name: "Consultar atendimento" }).click();
    await plain.getByTestId("consulta-result").waitFor({ timeout: 10_000 });
    expect(await plain.getByTestId("consulta-result").textContent()).toContain("Recebemos seus documentos");
    await plain.context().close();
  });
});

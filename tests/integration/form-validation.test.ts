import { beforeAll, describe, expect, it } from "vitest";
import { createMember } from "~/db/factories/members";
import { SERVICE_MESSAGES } from "~/domain/service-records/service-options";
import { FIELD_MESSAGES } from "~/domain/service-records/service.schema";
import { MONEY_MESSAGES } from "~/lib/money";
import type { Client } from "../support/http";
import { useTestServer } from "../support/suite";
import { decodeHtml } from "../support/html";

/**
 * Server validation of the staff forms over real HTTP (issue 19 §3, §9, §10): every error of a
 * form in one answer, pt-BR money read as typed, and dates typed dd/mm/aaaa (aaaa-mm-dd still
 * accepted), with clear pt-BR messages and nothing written when refused.
 */
const t = useTestServer();
let juridico: Client;
let admin: Client;
let fin: Client;

beforeAll(async () => {
  [juridico, admin, fin] = await Promise.all((["juridico", "admin", "financeiro"] as const).map((r) => t.login(r)));
});

/** Posts like the browser's fetcher (single fetch): status and the answer's text. */
async function post(c: Client, path: string, body: Record<string, string>) {
  const res = await c.request(`${path}.data`, { method: "POST", body: new URLSearchParams(body) });
  return { status: res.status, text: decodeHtml(await res.text()) };
}

const service = {
  intent: "create",
  recordType: "atendimento_geral",
  requesterCpf: "529.982.247-25",
  requesterName: "Conceição Araújo",
  priority: "media",
  description: "Trabalhador pede orientação sobre o caso descrito.",
};

describe("every error in one answer", () => {
  it("jurídico, 'Outros', short description, no name, no CPF, no case type: all five at once", async () => {
    const before = await t.count("service_records");
    const res = await post(juridico, "/dashboard/atendimento", {
      ...service,
      sector: "juridico",
      serviceType: "Outros",
      description: "curta",
      requesterName: "",
      requesterCpf: "",
    });
    expect(res.status).toBe(400);
    expect(res.text).toContain(SERVICE_MESSAGES.invalidForm);
    for (const message of [
      FIELD_MESSAGES.descriptionShort,
      FIELD_MESSAGES.otherType,
      FIELD_MESSAGES.required,
      FIELD_MESSAGES.name,
      FIELD_MESSAGES.cpf,
    ]) {
      expect(res.text, message).toContain(message);
    }
    for (const field of ["description", "otherType", "sd.caseType", "requesterName", "requesterCpf"])
      expect(res.text, field).toContain(`"${field}"`);
    expect(await t.count("service_records")).toBe(before);
  });

  it("empty required fields do not hide the cross-field ones (the sector block, the request type's fields)", async () => {
    const res = await post(admin, "/dashboard/atendimento", {
      ...service,
      sector: "secretaria",
      serviceType: "",
      description: "",
      requesterName: "",
      "sd.requestType": "agendamento",
      "sd.appointmentDate": "31/02/2026",
    });
    expect(res.status).toBe(400);
    for (const message of [
      FIELD_MESSAGES.serviceType,
      FIELD_MESSAGES.description,
      FIELD_MESSAGES.name,
      "31/02/2026 não existe: fevereiro de 2026 tem 28 dias.",
    ]) {
      expect(res.text, message).toContain(message);
    }
    for (const field of ["sd.appointmentDate", "sd.appointmentTime", "sd.meetingType"]) expect(res.text, field).toContain(`"${field}"`);
  });

  it("an invalid CPF (check digits) is refused with its own message", async () => {
    const res = await post(juridico, "/dashboard/atendimento", {
      ...service,
      sector: "juridico",
      serviceType: "Consulta trabalhista",
      "sd.caseType": "civil",
      requesterCpf: "123.456.789-00",
    });
    expect(res.status).toBe(400);
    expect(res.text).toContain("CPF inválido. Confira os números digitados.");
  });
});

describe("money typed in pt-BR", () => {
  it("'Último salário' 2.850,50 is 2850.50 reais; a bad amount says why", async () => {
    const homologacao = {
      ...service,
      sector: "homologacao",
      serviceType: "Homologação de rescisão",
      "sd.rescissionType": "acordo_mutuo",
      "sd.cnpj": "11.222.333/0001-81",
      "sd.companyName": "Vigilância Planalto Ltda",
      "sd.workStartDate": "01/03/2021",
      "sd.workEndDate": "31/10/2026",
    };
    const ok = await post(admin, "/dashboard/atendimento", {
      ...homologacao,
      requesterName: "Salário Digitado",
      "sd.lastSalary": "2.850,50",
    });
    expect(ok.status).toBe(200);
    const [row] = await t.query<{
      data: Record<string, unknown>;
    }>`select sector_data as data from service_records where requester_name = 'Salário Digitado'`;
    expect(row.data).toMatchObject({ lastSalary: 285050, workStartDate: "2021-03-01", workEndDate: "2026-10-31" });
    for (const [typed, message] of [
      ["28,505,0", MONEY_MESSAGES.invalid],
      ["2850,505", MONEY_MESSAGES.tooPrecise],
      ["R$ -10,00", MONEY_MESSAGES.negative],
      ["dois mil", MONEY_MESSAGES.invalid],
    ] as const) {
      const res = await post(admin, "/dashboard/atendimento", { ...homologacao, "sd.lastSalary": typed });
      expect(res.status, typed).toBe(400);
      expect(res.text, typed).toContain(message);
    }
  });

  it("the month's preview carries each charge's amount (50,00 is 5000 centavos) and the total", async () => {
    await createMember(t.db, { situation: 1 });
    const [{ n: active }] = await t.query<{
      n: number;
    }>`select count(*)::int as n from members where situation = 1 and anonymized_at is null`;
    const res = await post(fin, "/dashboard/financeiro/financial", {
      intent: "batch-preview",
      amount: "50,00",
      month: "5",
      year: "2035",
      dueDate: "10/05/2035",
    });
    expect(res.status).toBe(200);
    expect(res.text).toContain('"amountCentavos"');
    expect(res.text).toContain('"totalCentavos"');
    expect(res.text).toMatch(new RegExp(`[,\\[]5000[,\\]]`));
    expect(res.text).toMatch(new RegExp(`[,\\[]${5000 * active}[,\\]]`));
    expect(res.text).toContain('"2035-05-10"');
  });
});

describe("dates typed dd/mm/aaaa", () => {
  it("a charge's due date 10/12/2031 is stored as that day; aaaa-mm-dd still accepted; impossible days and mm/dd readings refused", async () => {
    const m = await createMember(t.db, { situation: 1 });
    const issue = { intent: "issue", member: String(m.registrationNumber), amount: "75,00", month: "12", year: "2031" };
    expect((await post(fin, "/dashboard/financeiro/financial", { ...issue, dueDate: "10/12/2031" })).status).toBe(200);
    expect((await post(fin, "/dashboard/financeiro/financial", { ...issue, month: "11", dueDate: "2031-11-10" })).status).toBe(200);
    const rows = await t.query<{ due: string; amount: number }>`
      select to_char(due_date, 'YYYY-MM-DD') as due, amount_centavos::int as amount from charges where member_id = ${m.id} order by due_date`;
    expect(rows).toEqual([
      { due: "2031-11-10", amount: 7500 },
      { due: "2031-12-10", amount: 7500 },
    ]);
    const before = await t.count("charges");
    for (const [typed, message] of [
      ["31/02/2031", "31/02/2031 não existe: fevereiro de 2031 tem 28 dias."],
      ["12/25/2031", "Mês inválido em 12/25/2031: o mês vai de 01 a 12 (a data é dia/mês/ano)."],
      ["10-12-31", "Informe uma data de vencimento válida: use o formato dd/mm/aaaa, como 25/03/2026."],
    ] as const) {
      const res = await post(fin, "/dashboard/financeiro/financial", { ...issue, month: "1", year: "2032", dueDate: typed });
      expect(res.status, typed).toBe(400);
      expect(res.text, typed).toContain(message);
    }
    expect(await t.count("charges")).toBe(before);
  });
});

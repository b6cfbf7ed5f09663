import { beforeAll, describe, expect, it } from "vitest";
import type { Role } from "~/auth/roles";
import type { ServiceSector } from "~/auth/scopes";
import { createMember } from "~/db/factories/members";
import { createServiceRecordRow } from "~/db/factories/services";
import { SERVICE_MESSAGES } from "~/domain/service-records/service-options";
import { FIELD_MESSAGES } from "~/domain/service-records/service.schema";
import { signedIn, useTestServer } from "../support/suite";
import { NOT_A_MEMBER } from "../support/member-lookup";

/**
 * Service records (atendimentos) over real HTTP: the form and its sector blocks, protocols under
 * concurrency, the transitions of the original's section 4, the sector scope per role, the
 * append-only history and due dates in business days.
 */
const t = useTestServer();
const ROLES_WITH_SECTOR: Role[] = ["admin", "rh", "secretaria", "juridico", "financeiro", "presidencia", "homologacao", "campo"];
const as = signedIn(t, ROLES_WITH_SECTOR);
const agent: Record<string, string> = {};

beforeAll(async () => {
  for (const role of ROLES_WITH_SECTOR) agent[role] = (await t.user(role)).id;
});

async function record(id: string) {
  const [r] = await t.query<Record<string, unknown>>`select * from service_records where id = ${id}`;
  return r;
}
async function entries(id: string) {
  return t.query<{ kind: string; old_status: string | null; new_status: string; text: string; responsible_name: string }>`
    select kind, old_status, new_status, text, responsible_name from service_record_entries where record_id = ${id} order by id`;
}
/** Audit entries other than refused actions (a refused post writes one of those, ADR 182). */
async function writes() {
  const [r] = await t.query<{ n: number }>`select count(*)::int as n from audit_log where action <> 'access.refused'`;
  return r.n;
}

const base = {
  intent: "create",
  recordType: "atendimento_geral",
  requesterCpf: "529.982.247-25",
  requesterName: "Conceição Araújo",
  requesterPhone: "(61) 99876-5432",
  requesterEmail: "conceicao@example.com",
  priority: "media",
  description: "Trabalhador pede orientação sobre o caso descrito.",
};
const BLOCKS: Record<ServiceSector, Record<string, string>> = {
  secretaria: { serviceType: "Filiação", "sd.requestType": "informacao" },
  juridico: { serviceType: "Consulta trabalhista", "sd.caseType": "trabalhista" },
  financeiro: { serviceType: "Reembolso", "sd.requestType": "orcamento" },
  presidencia: { serviceType: "Negociação coletiva", "sd.requestType": "decisao", "sd.urgencyLevel": "alta" },
  homologacao: {
    serviceType: "Homologação de rescisão",
    "sd.rescissionType": "dispensa_sem_justa_causa",
    "sd.cnpj": "11.222.333/0001-81",
    "sd.companyName": "Vigilância Planalto Ltda",
    "sd.workStartDate": "2022-03-01",
    "sd.workEndDate": "2026-10-31",
    "sd.lastSalary": "3.250,00",
  },
};

async function create(role: Role, sector: ServiceSector, extra: Record<string, string> = {}) {
  return as(role).post("/dashboard/atendimento", { ...base, sector, ...BLOCKS[sector], ...extra });
}
async function latestId() {
  const [r] = await t.query<{ id: string }>`select id from service_records order by created_at desc, protocol desc limit 1`;
  return r.id;
}

describe("the unified form", () => {
  it("registers a record with a SIND protocol, the first history entry and a due date, and says so", async () => {
    const res = await create("juridico", "juridico");
    const body = await res.text();
    expect(res.status).toBe(200);
    const [r] = await t.query<
      Record<string, string>
    >`select * from service_records where sector = 'juridico' order by created_at desc limit 1`;
    expect(r.protocol).toMatch(/^SIND\d{14}$/);
    expect(body).toContain(SERVICE_MESSAGES.created(r.protocol));
    expect(r.status).toBe("pending");
    expect(r.requester_cpf).toBe("52998224725");
    expect(r.requester_registration).toBe((await t.user("juridico")).username);
    expect(r.sector_data).toEqual({
      caseType: "trabalhista",
      company: null,
      processNumber: null,
      deadlineDate: null,
      cctReference: null,
      legalBasis: null,
      hasLawyer: false,
    });
    expect((await entries(r.id)).map((e) => e.kind)).toEqual(["created"]);
    // Nobody assigned: the creation line says so; who registered it heads the line (ADR 281).
    expect((await entries(r.id))[0].responsible_name).toBe("Responsável não definido");
    const [audit] = await t.query<{
      data: Record<string, unknown>;
    }>`select data from audit_log where entity_id = ${r.id} and action = 'service.created'`;
    expect(JSON.stringify(audit.data)).not.toMatch(/52998224725|Conceição|conceicao@/);
  });

  it("refuses invalid bodies with the original's message and field messages, writing nothing", async () => {
    const before = await t.count("service_records");
    const cases: Array<[ServiceSector, Record<string, string>, string, string]> = [
      ["juridico", { description: "curta" }, "description", FIELD_MESSAGES.descriptionShort],
      ["juridico", { requesterName: "" }, "requesterName", FIELD_MESSAGES.name],
      ["juridico", { requesterCpf: "" }, "requesterCpf", FIELD_MESSAGES.cpf],
      ["juridico", { serviceType: "Filiação" }, "serviceType", FIELD_MESSAGES.serviceType],
      ["juridico", { serviceType: "Outros" }, "otherType", FIELD_MESSAGES.otherType],
      ["juridico", { "sd.caseType": "" }, "sd.caseType", FIELD_MESSAGES.required],
      // Conditionals of the sector blocks.
      ["secretaria", { "sd.requestType": "agendamento" }, "sd.appointmentDate", FIELD_MESSAGES.required],
      ["secretaria", { "sd.requestType": "documento" }, "sd.documentType", FIELD_MESSAGES.required],
      ["financeiro", { "sd.requestType": "contribuicao" }, "sd.amount", FIELD_MESSAGES.required],
      [
        "financeiro",
        {
          "sd.requestType": "reembolso",
          "sd.amount": "10,00",
          "sd.period": "10/2026",
          "sd.dueDate": "2026-12-10",
          "sd.paymentMethod": "pix",
        },
        "sd.invoiceNumber",
        FIELD_MESSAGES.required,
      ],
      ["presidencia", { "sd.requestType": "audiencia" }, "sd.meetingType", FIELD_MESSAGES.required],
      ["presidencia", { "sd.urgencyLevel": "" }, "sd.urgencyLevel", FIELD_MESSAGES.required],
      ["homologacao", { "sd.cnpj": "" }, "sd.cnpj", FIELD_MESSAGES.required],
      ["homologacao", { "sd.workEndDate": "2020-01-01" }, "sd.workEndDate", FIELD_MESSAGES.dateOrder],
    ];
    for (const [sector, extra, field, message] of cases) {
      const res = await create("admin", sector, extra);
      const body = await res.text();
      expect(res.status, `${sector} ${field}`).toBe(400);
      expect(body, `${sector} ${field}`).toContain(SERVICE_MESSAGES.invalidForm);
      expect(body, `${sector} ${field}`).toContain(field);
      expect(body, `${sector} ${field}`).toContain(message);
    }
    // The conditional fields satisfied, the same blocks pass.
    expect(
      (
        await create("admin", "secretaria", {
          "sd.requestType": "agendamento",
          "sd.appointmentDate": "2026-12-01",
          "sd.appointmentTime": "14:30",
          "sd.meetingType": "presencial",
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await create("admin", "financeiro", {
          "sd.requestType": "reembolso",
          "sd.amount": "10,00",
          "sd.period": "10/2026",
          "sd.dueDate": "2026-12-10",
          "sd.paymentMethod": "pix",
          "sd.invoiceNumber": "NF 123",
        })
      ).status,
    ).toBe(200);
    expect((await create("admin", "presidencia", { "sd.requestType": "audiencia", "sd.meetingType": "diretoria" })).status).toBe(200);
    expect(await t.count("service_records")).toBe(before + 3);
  });

  it("anonymous complaints get the original's name and keep no document, phone, e-mail or member", async () => {
    const member = await createMember(t.db);
    const res = await create("juridico", "juridico", {
      recordType: "denuncia_anonima",
      requesterCpf: member.cpf!,
      requesterName: "Quem Denunciou",
    });
    expect(res.status).toBe(200);
    const r = await record(await latestId());
    expect(r).toMatchObject({
      record_type: "denuncia_anonima",
      requester_name: "Denúncia Anônima",
      requester_cpf: null,
      requester_phone: null,
      requester_email: null,
      member_id: null,
    });
    // Without name or CPF it is still accepted.
    expect((await create("juridico", "juridico", { recordType: "denuncia_anonima", requesterCpf: "", requesterName: "" })).status).toBe(
      200,
    );
  });

  it("links a member found by CPF, and the lookups answer in the members' contract", async () => {
    const member = await createMember(t.db);
    expect((await create("secretaria", "secretaria", { requesterCpf: member.cpf! })).status).toBe(200);
    expect((await record(await latestId())).member_id).toBe(member.id);
    const found = await as("secretaria").get(`/api/filiados/consulta?cpf=${member.cpf}`);
    // The name, phone and e-mail fill the form (issue 19 §1).
    expect(await found.json()).toEqual({
      is_member: true,
      member_id: member.id,
      member_name: member.name,
      registration_number: member.registrationNumber,
      member_phone: member.mobilePhone,
      member_email: member.email,
    });
    expect(member.mobilePhone).toBeTruthy();
    expect(member.email).toBeTruthy();
    const none = await as("secretaria").get("/api/filiados/consulta?cpf=11144477735");
    expect(await none.json()).toEqual(NOT_A_MEMBER);
    expect((await as("secretaria").get("/api/filiados/consulta?cpf=123")).status).toBe(400);
    expect((await as("campo").get("/api/filiados/consulta?cpf=11144477735")).status).toBe(403);
    expect((await t.anonymous().get("/api/filiados/consulta?cpf=11144477735")).status).toBe(401);
  });

  it("remembers a company typed by hand and finds it by CNPJ next time", async () => {
    const before = await (await as("homologacao").get("/api/atendimentos/empresa?cnpj=11222333000181")).json();
    expect(before).toEqual({ found: false });
    expect((await create("homologacao", "homologacao")).status).toBe(200);
    const after = await (await as("homologacao").get("/api/atendimentos/empresa?cnpj=11.222.333/0001-81")).json();
    expect(after).toMatchObject({ found: true, company: { cnpj: "11222333000181", legalName: "Vigilância Planalto Ltda" } });
    expect((await as("homologacao").get("/api/atendimentos/empresa?cnpj=123")).status).toBe(400);
  });

  it("a look-up whose database read fails answers 503 with a pt-BR message, never a 500", async () => {
    for (const [table, path] of [
      ["companies", "/api/atendimentos/empresa?cnpj=11222333000181"],
      ["members", "/api/filiados/consulta?cpf=52998224725"],
    ] as const) {
      await t.query([`alter table ${table} rename to ${table}_away`] as unknown as TemplateStringsArray);
      try {
        const res = await as("homologacao").get(path);
        expect(res.status, path).toBe(503);
        expect(await res.json()).toEqual({ message: "Consulta indisponível no momento. Preencha os dados manualmente." });
      } finally {
        await t.query([`alter table ${table}_away rename to ${table}`] as unknown as TemplateStringsArray);
      }
    }
  });

  it("offers each role only its sectors, and refuses another sector on the server", async () => {
    const before = await t.count("service_records");
    expect((await create("juridico", "secretaria")).status).toBe(403);
    expect((await create("homologacao", "juridico")).status).toBe(403);
    expect((await create("campo", "secretaria")).status).toBe(403);
    expect(await t.count("service_records")).toBe(before);
    expect((await create("rh", "secretaria")).status).toBe(200);
  });

  it("refuses a responsible person outside the sector", async () => {
    const res = await create("admin", "juridico", { responsibleId: agent.financeiro });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(SERVICE_MESSAGES.responsibleInvalid);
    expect((await create("admin", "juridico", { responsibleId: agent.juridico })).status).toBe(200);
  });

  it("gives records saved in the same second distinct protocols", async () => {
    const before = await t.count("service_records");
    const results = await Promise.all(Array.from({ length: 6 }, () => create("admin", "secretaria")));
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(200));
    const rows = await t.query<{ protocol: string }>`select protocol from service_records order by created_at desc limit 6`;
    expect(new Set(rows.map((r) => r.protocol)).size).toBe(6);
    for (const r of rows) expect(r.protocol).toMatch(/^SIND\d{14}$/);
    expect(await t.count("service_records")).toBe(before + 6);
  });
});

describe("status transitions", () => {
  const post = (role: Role, id: string, status: string, where: "list" | "detail" = "list", extra: Record<string, string> = {}) =>
    as(role).post(where === "list" ? "/dashboard/atendimentos" : `/dashboard/atendimento/${id}`, {
      intent: "status",
      id,
      status,
      responsibleId: agent.juridico,
      comment: `Passando para ${status}.`,
      ...extra,
    });

  // Every from × to pair on both screens: app/domain/service-records/change-service-record.server.test.ts.
  it("the list's quick action posts a transition with the original's message; a refused one is 409 and writes nothing", async () => {
    // Already jurídico's: a change of responsible would add its own 'assign' entry (ADR 257).
    const r = await createServiceRecordRow(t.db, { sector: "juridico", responsibleId: agent.juridico });
    const refused = await post("juridico", r.id, "resolved");
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(SERVICE_MESSAGES.transitionRefused("Pendente", "Resolvido"));
    const same = await post("juridico", r.id, "pending");
    expect(same.status).toBe(409);
    expect(await same.text()).toContain(SERVICE_MESSAGES.sameStatus("Pendente"));
    const res = await post("juridico", r.id, "in_progress");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(SERVICE_MESSAGES.statusUpdated((await t.user("juridico")).name, "Em Andamento"));
    expect((await entries(r.id)).map((e) => e.new_status)).toEqual(["pending", "in_progress"]);
    expect((await record(r.id)).status).toBe("in_progress");
  });

  it("needs a responsible person and a comment ('Preencha todos os campos obrigatórios' in the list)", async () => {
    const r = await createServiceRecordRow(t.db, { sector: "juridico" });
    for (const extra of [{ responsibleId: "" }, { comment: "   " }] as Record<string, string>[]) {
      const res = await post("juridico", r.id, "in_progress", "list", extra);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(SERVICE_MESSAGES.listRequired);
    }
    const d1 = await post("juridico", r.id, "in_progress", "detail", { responsibleId: "" });
    expect(await d1.text()).toContain(SERVICE_MESSAGES.selectResponsible);
    const d2 = await post("juridico", r.id, "in_progress", "detail", { comment: "" });
    expect(await d2.text()).toContain(SERVICE_MESSAGES.changeCommentRequired);
    expect((await record(r.id)).status).toBe("pending");
    expect(await entries(r.id)).toHaveLength(1);
  });

  it("the detail's quick actions (the detail's own set: Cancelar here, not in the list) and edit mode, which sets any status", async () => {
    const r = await createServiceRecordRow(t.db, { sector: "juridico" });
    expect((await post("juridico", r.id, "closed", "detail")).status).toBe(409);
    expect((await post("juridico", r.id, "cancelled", "list")).status).toBe(409);
    expect((await post("juridico", r.id, "cancelled", "detail")).status).toBe(200);
    expect((await post("juridico", r.id, "pending", "detail")).status).toBe(409);
    // Edit mode can set any status.
    const edit = await as("juridico").post(`/dashboard/atendimento/${r.id}`, {
      intent: "edit",
      id: r.id,
      requesterName: "Nome Corrigido",
      status: "pending",
      priority: "alta",
      description: "Descrição revista pela equipe.",
      responsibleId: agent.juridico,
      comment: "Reaberto pela edição.",
    });
    expect(edit.status).toBe(200);
    expect(await edit.text()).toContain(SERVICE_MESSAGES.saved);
    expect(await record(r.id)).toMatchObject({ status: "pending", requester_name: "Nome Corrigido", priority: "alta" });
    const log = await entries(r.id);
    expect(log.at(-1)).toMatchObject({ kind: "edit", old_status: "cancelled", new_status: "pending" });
  });

  it("comments: 'Comentário adicionado por {responsible}!', and the empty-comment message", async () => {
    const r = await createServiceRecordRow(t.db, { sector: "juridico" });
    // jurídico comments on the record, naming who is responsible.
    const comment = (responsibleId: string, text: string) =>
      as("juridico").post(`/dashboard/atendimento/${r.id}`, { intent: "comment", id: r.id, responsibleId, comment: text });
    const empty = await comment(agent.juridico, " ");
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain(SERVICE_MESSAGES.commentEmpty);
    const ok = await comment(agent.admin, "Ligamos para o trabalhador.");
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain(SERVICE_MESSAGES.commentAdded((await t.user("admin")).name));
    expect((await entries(r.id)).at(-1)).toMatchObject({
      kind: "comment",
      text: "Ligamos para o trabalhador.",
      old_status: "pending",
      new_status: "pending",
    });
  });
});

describe("sector scope", () => {
  let bySector: Record<ServiceSector, string>;
  beforeAll(async () => {
    bySector = {} as Record<ServiceSector, string>;
    for (const s of ["secretaria", "juridico", "financeiro", "presidencia", "homologacao"] as ServiceSector[]) {
      bySector[s] = (await createServiceRecordRow(t.db, { sector: s, requesterName: `Escopo ${s} Teste` })).protocol;
    }
  });

  it("lists only the role's own sector; rh and admin see all", async () => {
    const expectations: Array<[Role, ServiceSector[]]> = [
      ["admin", ["secretaria", "juridico", "financeiro", "presidencia", "homologacao"]],
      ["rh", ["secretaria", "juridico", "financeiro", "presidencia", "homologacao"]],
      ["juridico", ["juridico"]],
      ["secretaria", ["secretaria"]],
      ["homologacao", ["homologacao"]],
      ["financeiro", ["financeiro"]],
      ["presidencia", ["presidencia"]],
    ];
    for (const [role, sees] of expectations) {
      const body = await (await as(role).get("/dashboard/atendimentos?q=Escopo")).text();
      for (const [sector, protocol] of Object.entries(bySector))
        expect(body.includes(protocol), `${role} vê ${sector}`).toBe(sees.includes(sector as ServiceSector));
    }
    // A sector filter outside the scope shows nothing more.
    const body = await (await as("juridico").get("/dashboard/atendimentos?setor=secretaria&q=Escopo")).text();
    expect(body).not.toContain(bySector.secretaria);
    expect((await as("campo").get("/dashboard/atendimentos")).status).toBe(403);
  });

  it("a detail outside the scope sends the role back to the list with the original's message; a post is 403 and changes nothing", async () => {
    const r = await createServiceRecordRow(t.db, { sector: "secretaria" });
    const res = await as("juridico").get(`/dashboard/atendimento/${r.id}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/dashboard/atendimentos?aviso=sem-permissao");
    const list = await (await as("juridico").get("/dashboard/atendimentos?aviso=sem-permissao")).text();
    expect(list).toContain(SERVICE_MESSAGES.forbidden);
    expect((await as("secretaria").get(`/dashboard/services/${r.id}`)).status).toBe(200);
    expect((await as("rh").get(`/dashboard/atendimento/${r.id}`)).status).toBe(200);
    const missing = await as("admin").get("/dashboard/atendimento/00000000-0000-4000-8000-000000000999");
    expect(missing.headers.get("location")).toBe("/dashboard/atendimentos?aviso=nao-encontrado");

    const beforeEntries = await t.count("service_record_entries");
    const beforeAudit = await writes();
    const posts: Record<string, string>[] = [
      { intent: "status", id: r.id, status: "in_progress", responsibleId: agent.juridico, comment: "Fora do escopo." },
      { intent: "comment", id: r.id, responsibleId: agent.juridico, comment: "Fora do escopo." },
      {
        intent: "edit",
        id: r.id,
        requesterName: "X",
        status: "closed",
        priority: "alta",
        description: "Fora do escopo, não grava.",
        responsibleId: agent.juridico,
        comment: "x",
      },
    ];
    for (const body of posts) {
      const p = await as("juridico").post(`/dashboard/atendimento/${r.id}`, body);
      expect(p.status, body.intent).toBe(403);
      expect(await p.text()).toContain(SERVICE_MESSAGES.forbidden);
    }
    expect((await as("juridico").post("/dashboard/atendimentos", posts[0])).status).toBe(403);
    expect((await as("campo").post(`/dashboard/atendimento/${r.id}`, posts[1])).status).toBe(403);
    expect(await record(r.id)).toMatchObject({ status: "pending", requester_name: r.requesterName });
    expect(await t.count("service_record_entries")).toBe(beforeEntries);
    // Nothing but the refusals themselves (ADR 182) reaches the audit log.
    expect(await writes()).toBe(beforeAudit);
  });

  it("searches by protocol, name, CPF digits and description words; filters stay in the URL", async () => {
    const r = await createServiceRecordRow(t.db, {
      sector: "financeiro",
      requesterName: "Benedito Guimarães",
      requesterCpf: "39053344705",
      description: "Reembolso do curso de reciclagem.",
    });
    const hits = async (q: string) => (await (await as("financeiro").get(`/dashboard/atendimentos?${q}`)).text()).includes(r.protocol);
    expect(await hits(`q=${r.protocol}`)).toBe(true);
    expect(await hits("q=benedito%20guimaraes")).toBe(true);
    expect(await hits("q=390533")).toBe(true);
    expect(await hits("q=reciclagem")).toBe(true);
    expect(await hits("q=reciclagem&status=pending&prioridade=media&setor=financeiro")).toBe(true);
    expect(await hits("q=reciclagem&status=resolved")).toBe(false);
    expect(await hits("q=nada-disso")).toBe(false);
    const empty = await (await as("financeiro").get("/dashboard/atendimentos?q=nada-disso")).text();
    expect(empty).toContain(SERVICE_MESSAGES.empty);
    // Unknown filter values are ignored, never a 500.
    expect((await as("financeiro").get("/dashboard/atendimentos?status=x&setor=y&pagina=-3&prazo=z")).status).toBe(200);
  });

  it("marks overdue and due-today records, and filters by them", async () => {
    const old = await createServiceRecordRow(t.db, {
      sector: "presidencia",
      requesterName: "Prazo Vencido",
      dueAt: new Date(Date.now() - 86_400_000),
    });
    const done = await createServiceRecordRow(t.db, {
      sector: "presidencia",
      requesterName: "Prazo Vencido Resolvido",
      status: "resolved",
      dueAt: new Date(Date.now() - 86_400_000),
    });
    const overdue = await (await as("presidencia").get("/dashboard/atendimentos?prazo=overdue")).text();
    expect(overdue).toContain(old.protocol);
    expect(overdue).not.toContain(done.protocol);
    expect(overdue).toContain("Atrasado");
  });
});

describe("the history nobody can rewrite", () => {
  it("refuses UPDATE and DELETE of an entry in the database itself", async () => {
    const r = await createServiceRecordRow(t.db, { sector: "juridico" });
    const why = (e: unknown) => `${(e as Error).message} ${((e as { cause?: Error }).cause ?? {}).message ?? ""}`;
    expect(
      why(await t.query`update service_record_entries set text = 'reescrito' where record_id = ${r.id}`.catch((e: unknown) => e)),
    ).toMatch(/somente de inclusão/);
    expect(why(await t.query`delete from service_record_entries where record_id = ${r.id}`.catch((e: unknown) => e))).toMatch(
      /somente de inclusão/,
    );
    expect((await entries(r.id))[0].text).toBe("Atendimento registrado.");
  });

  it("keeps every entry and the status equal to the last entry's under concurrent requests", async () => {
    // Comments and status changes keep the responsible: no 'assign' entries in between (ADR 257;
    // a comment naming another person would reassign the record, as a status change does).
    const r = await createServiceRecordRow(t.db, { sector: "juridico", responsibleId: agent.admin });
    const detail = `/dashboard/atendimento/${r.id}`;
    const reqs = [];
    for (let i = 0; i < 6; i++) {
      reqs.push(as("juridico").post(detail, { intent: "comment", id: r.id, responsibleId: agent.admin, comment: `Comentário ${i}` }));
      reqs.push(
        as("admin").post(detail, {
          intent: "status",
          id: r.id,
          status: i % 2 ? "pending" : "in_progress",
          responsibleId: agent.admin,
          comment: `Mudança ${i}`,
        }),
      );
    }
    const statuses = (await Promise.all(reqs)).map((res) => res.status);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const ok = statuses.filter((s) => s === 200).length;
    const log = await entries(r.id);
    expect(log).toHaveLength(1 + ok);
    expect(log.filter((e) => e.kind === "comment")).toHaveLength(6);
    expect((await record(r.id)).status).toBe(log.at(-1)!.new_status);
    // Each entry starts where the previous one ended.
    for (let i = 1; i < log.length; i++) expect(log[i].old_status, `entrada ${i}`).toBe(log[i - 1].new_status);
  });
});

describe("due dates in business days", () => {
  // Weekends and holidays: app/domain/service-records/business-days.test.ts.
  it("sets the due date from the priority when the record is saved", async () => {
    expect((await create("admin", "juridico", { priority: "urgente" })).status).toBe(200);
    const r = await record(await latestId());
    const due = new Date(r.due_at as string);
    const hours = (due.getTime() - new Date(r.created_at as string).getTime()) / 3_600_000;
    expect(hours).toBeGreaterThan(0);
    expect(hours).toBeLessThan(24 * 6);
  });
});

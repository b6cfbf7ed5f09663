import { execFileSync } from "node:child_process";
import { and, eq, getTableColumns, inArray, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  charges,
  contactMessages,
  contactReplies,
  files,
  jobs,
  members,
  payments,
  serviceRecordAttachments,
  serviceRecordEntries,
  serviceRecords,
} from "~/db/schema";
import { createAuditEntry } from "~/db/factories/audit";
import { createContactMessage } from "~/db/factories/contacts";
import { brasiliaDateFromToday, createCharge, createPayment } from "~/db/factories/finance";
import { createMember, fictitiousCpf } from "~/db/factories/members";
import { createServiceRecordRow } from "~/db/factories/services";
import { createUser, type CreatedUser } from "~/db/factories/users";
import { exportAuditLog } from "~/domain/audit/export-audit-log.server";
import { listCharges } from "~/domain/finance/charges.server";
import { arrearsReport, chargesReport, paymentsReport } from "~/domain/finance/reports.server";
import { confirmStatement, previewStatement } from "~/domain/finance/statement.server";
import { readXlsxRows } from "~/domain/imports/xlsx-reader.server";
import { ANONYMIZED_CONTACT, anonymizeMember } from "~/domain/members/anonymize-member.server";
import { exportMemberList } from "~/domain/members/export-members.server";
import { listMembers } from "~/domain/members/list-members.server";
import { lookupMemberByCpf } from "~/domain/members/lookup-member.server";
import { exportMember, exportToCsv, revealMemberCpf } from "~/domain/members/member-page.server";
import { setMemberPhoto } from "~/domain/members/member-photo.server";
import { changeServiceStatus, commentOnServiceRecord } from "~/domain/service-records/change-service-record.server";
import { createServiceRecord } from "~/domain/service-records/create-service-record.server";
import { attachToServiceRecord } from "~/domain/service-records/attachments.server";
import { ATTACHMENT_MESSAGES } from "~/domain/service-records/attachments";
import { tinyPdf } from "../fixtures/complaint-files";
import { getServiceRecord } from "~/domain/service-records/get-service-record.server";
import { listServiceRecords, type ListFilters } from "~/domain/service-records/list-service-records.server";
import { serviceFormInput, serviceFormSchema } from "~/domain/service-records/service.schema";
import { formatCpf } from "~/lib/br/cpf";
import { phoneDigits } from "~/lib/br/phone";
import { formatDate } from "~/lib/dates";
import { testDriver } from "../support/database";
import { useUseCaseDatabase } from "../support/use-case-db";
import { solidImage } from "../fixtures/images";

/**
 * Issue 18 §1 (ADR 170): anonymising a member reaches every copy of their personal data. A
 * member with every kind of related row (records in two sectors, one linked by id and one only
 * by the CPF; history entries quoting them; a queued notice e-mail; a PIX payment reconciled from
 * the bank statement; a manual payment; a photo; a contact message; CPF views and other audit
 * entries quoting them) is anonymised; then the whole database is dumped as text and searched
 * for the old CPF, name, e-mail and phones: nothing may be found. The same dump taken before
 * finds every one of them, so the search is not blind. Amounts, dates, protocols and statuses
 * stay; another member's data is untouched.
 *
 * The dump: on PostgreSQL, `pg_dump` of the throwaway database; on both drivers, every row of
 * every table of every schema read as `SELECT t::text FROM <table> t` (PGlite has no pg_dump
 * here; the row's text form holds every column, bytea in hex, jsonb as written).
 */
const t = useUseCaseDatabase();

/** Lower case, no accents: how the needles and the dump are compared. */
const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

const OLD = {
  name: "Íris Conceição Falcão",
  /** How the homologação record, opened by CPF before she joined, spelled her. */
  recordName: "Iris C. Falcão de Brandão",
  cpf: fictitiousCpf(731_337),
  email: "iris.falcao.lgpd@exemplo.com.br",
  mobile: "(61) 99812-3457",
  home: "(61) 3345-6781",
  /** An address and a new e-mail she asked for in "Meus dados" (ADR 275), still pending. */
  askedAddress: "Quadra Íris Falcão 77 Conjunto LGPD",
  askedEmail: "iris.nova.lgpd@exemplo.com.br",
};

const NEEDLES: Record<string, string> = {
  "CPF (dígitos)": OLD.cpf,
  "CPF (formatado)": formatCpf(OLD.cpf),
  "nome (dobrado)": fold(OLD.name),
  "nome no atendimento por CPF (dobrado)": fold(OLD.recordName),
  "e-mail": OLD.email,
  "celular (dígitos)": phoneDigits(OLD.mobile),
  "celular (formatado)": OLD.mobile,
  "telefone fixo (dígitos)": phoneDigits(OLD.home),
  "telefone fixo (formatado)": OLD.home,
  "endereço pedido em Meus dados": OLD.askedAddress,
  "e-mail novo pedido em Meus dados": OLD.askedEmail,
};

type DumpPart = { label: string; text: string };

/** Every row of every table of every schema, as text (both drivers). */
async function sqlDump(): Promise<DumpPart[]> {
  const tables = (
    await t.db.execute(sql`
      select table_schema as s, table_name as n from information_schema.tables
       where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
       order by 1, 2`)
  ).rows as { s: string; n: string }[];
  expect(tables.map((x) => x.n)).toEqual(
    expect.arrayContaining(["members", "service_records", "service_record_entries", "payments", "audit_log", "jobs", "files"]),
  );
  const out: DumpPart[] = [];
  for (const { s, n } of tables) {
    const rows = (await t.db.execute(sql.raw(`select x::text as r from "${s}"."${n}" x`))).rows as { r: string }[];
    out.push({ label: `${s}.${n}`, text: rows.map((r) => r.r).join("\n") });
  }
  return out;
}

/** `pg_dump` (plain SQL, schema and data) of the throwaway database; PostgreSQL only. */
async function pgDump(): Promise<DumpPart[]> {
  if (testDriver() !== "postgres") return [];
  const [{ name }] = (await t.db.execute(sql`select current_database() as name`)).rows as { name: string }[];
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const text = execFileSync("pg_dump", ["--no-owner", `--dbname=${url}`], { encoding: "utf8", maxBuffer: 1024 * 1024 * 1024 });
  expect(text).toContain("COPY public.audit_log");
  return [{ label: "pg_dump", text }];
}

/** "where: which needle … context …" for each needle found in the dump. */
function hits(dump: DumpPart[]) {
  const found: string[] = [];
  for (const part of dump) {
    const text = fold(part.text);
    for (const [what, needle] of Object.entries(NEEDLES)) {
      const at = text.indexOf(fold(needle));
      if (at >= 0) found.push(`${part.label}: ${what} … ${text.slice(Math.max(0, at - 60), at + needle.length + 20)} …`);
    }
  }
  return found;
}

const neededBefore = (dump: DumpPart[]) => {
  const text = fold(dump.map((p) => p.text).join("\n"));
  return Object.entries(NEEDLES)
    .filter(([, n]) => !text.includes(fold(n)))
    .map(([what]) => what);
};

const noFilters: ListFilters = { q: "", status: null, sector: null, priority: null, due: null, page: 1 };

/** How many rows each search screen finds by each old value. */
async function searches(actor: CreatedUser) {
  const services = async (q: string) => (await listServiceRecords(actor, { ...noFilters, q })).total;
  const membersBy = async (q: string) => (await listMembers(actor, { q, tab: "todos", page: 1 })).total;
  return {
    "atendimentos por nome": await services(OLD.name),
    "atendimentos por nome do atendimento": await services(OLD.recordName),
    "atendimentos por CPF": await services(OLD.cpf),
    "atendimentos por CPF formatado": await services(formatCpf(OLD.cpf)),
    "filiados por nome": await membersBy(OLD.name),
    "filiados por CPF": await membersBy(formatCpf(OLD.cpf)),
    "cobranças por nome": (await listCharges(actor, { filter: "all", q: OLD.name, page: 1 })).totals.count,
    "consulta de filiação por CPF": (await lookupMemberByCpf(actor, OLD.cpf)).is_member ? 1 : 0,
  };
}

async function xlsxText(buffer: Buffer) {
  const cells: string[] = [];
  await readXlsxRows(buffer, { onRow: (_row, values) => cells.push(...values.filter((v) => v != null)) });
  return cells.join("\n");
}

/** Every export, as text: members CSV and XLSX, finance reports, the audit CSV, the member's LGPD files, the records' detail. */
async function exportsText(actor: CreatedUser, memberId: string, recordIds: string[]): Promise<DumpPart[]> {
  const period = { from: brasiliaDateFromToday(-400), to: brasiliaDateFromToday(60) };
  const lgpd = await exportMember(actor, memberId, "json");
  return [
    {
      label: "filiados.csv",
      text: await new Response((await exportMemberList(actor, { q: "", tab: "todos" }, "csv")) as ReadableStream).text(),
    },
    { label: "filiados.xlsx", text: await xlsxText((await exportMemberList(actor, { q: "", tab: "todos" }, "xlsx")) as Buffer) },
    { label: "cobrancas.csv", text: await new Response((await chargesReport(actor, period)).csv).text() },
    { label: "pagamentos.csv", text: await new Response((await paymentsReport(actor, period)).csv).text() },
    { label: "inadimplencia.csv", text: await new Response((await arrearsReport(actor)).csv).text() },
    { label: "auditoria.csv", text: await new Response((await exportAuditLog(actor, {})).csv).text() },
    { label: "LGPD json", text: JSON.stringify(lgpd) },
    { label: "LGPD csv", text: exportToCsv(lgpd) },
    ...(await Promise.all(
      recordIds.map(async (id) => ({ label: `atendimento ${id}`, text: JSON.stringify(await getServiceRecord(actor, id)) })),
    )),
  ];
}

/** The named columns of the rows of `table` that `where` picks, in id order. */
async function columnsOf(table: PgTable, names: string[], where: SQL) {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const missing = names.filter((name) => !columns[name]);
  if (missing.length) throw new Error(`colunas inexistentes: ${missing.join(", ")}`);
  const picked = Object.fromEntries(names.map((name) => [name, columns[name]]));
  return t.db.select(picked).from(table).where(where).orderBy(columns.id);
}

/** What must survive: amounts, dates, protocols, statuses (and the rows themselves). */
async function retained(memberId: string, recordIds: string[]) {
  const memberCharges = await columnsOf(
    charges,
    ["id", "amountCentavos", "dueDate", "referenceMonth", "referenceYear", "paidCentavos"],
    eq(charges.memberId, memberId),
  );
  const memberPayments = await columnsOf(
    payments,
    ["id", "chargeId", "amountCentavos", "paidOn", "method", "createdAt", "undoneAt"],
    inArray(
      payments.chargeId,
      memberCharges.map((c) => c.id as string),
    ),
  );
  const records = await columnsOf(
    serviceRecords,
    ["id", "protocol", "sector", "status", "serviceType", "priority", "createdAt", "dueAt"],
    inArray(serviceRecords.id, recordIds),
  );
  const entries = await columnsOf(
    serviceRecordEntries,
    ["id", "recordId", "kind", "oldStatus", "newStatus", "createdAt", "authorName"],
    inArray(serviceRecordEntries.recordId, recordIds),
  );
  const audit = await t.db
    .select({ id: auditLog.id, at: auditLog.createdAt, action: auditLog.action, entity: auditLog.entityId })
    .from(auditLog)
    .orderBy(auditLog.id);
  const [member] = await columnsOf(
    members,
    ["registrationNumber", "situation", "status", "joinedOn", "region", "createdAt"],
    eq(members.id, memberId),
  );
  return { charges: memberCharges, payments: memberPayments, records, entries, audit, member };
}

function statementFile(lines: string[]) {
  const text = [
    "Extrato Conta Corrente ",
    "Conta ;12345678",
    "Saldo ;1.000,00",
    "",
    "Data Lançamento;Histórico;Descrição;Valor;Saldo",
    ...lines,
  ].join("\r\n");
  return { fieldName: "arquivo", fileName: "extrato.csv", bytes: Buffer.from(text, "utf8") };
}

describe("anonymising a member reaches every copy of their personal data", () => {
  let admin: CreatedUser;
  let member: Awaited<ReturnType<typeof createMember>>;
  let other: Awaited<ReturnType<typeof createMember>>;
  let recordIds: string[];
  let photoFileId: string;
  let attachmentFileId: string;

  beforeAll(async () => {
    admin = await createUser(t.db, { role: "admin", name: "Administradora Teste" });
    member = await createMember(t.db, {
      name: OLD.name,
      cpf: OLD.cpf,
      email: OLD.email,
      mobilePhone: OLD.mobile,
      homePhone: OLD.home,
      notes: "Prefere contato à tarde.",
    });
    other = await createMember(t.db, { name: "Otávio Controle Permanece" });

    // The photo.
    const png = await solidImage("png", 40, 40, { r: 190, g: 40, b: 40 });
    photoFileId = (await setMemberPhoto(admin, member.id, { fieldName: "foto", fileName: "foto.png", bytes: png })).id;

    // Jurídico: opened by CPF through the app (linked to the member; the notice e-mail queued).
    const input = serviceFormSchema.parse(
      serviceFormInput({
        intent: "create",
        recordType: "atendimento_geral",
        sector: "juridico",
        requesterCpf: formatCpf(OLD.cpf),
        requesterName: OLD.name,
        requesterPhone: OLD.mobile,
        requesterEmail: OLD.email,
        serviceType: "Consulta trabalhista",
        priority: "media",
        description: `${OLD.name} (CPF ${formatCpf(OLD.cpf)}) relata horas extras não pagas no posto.`,
        additionalInfo: `Retornar no ${phoneDigits(OLD.mobile)} ou no fixo ${phoneDigits(OLD.home)}.`,
        "sd.caseType": "trabalhista",
        "sd.legalBasis": `Contato por e-mail: ${OLD.email.toUpperCase()}.`,
      }),
    );
    const juridico = await createServiceRecord(admin, input);
    expect(juridico.memberId).toBe(member.id);
    await commentOnServiceRecord(admin, {
      id: juridico.id,
      responsibleId: admin.id,
      comment: `Falei com ${OLD.name.toUpperCase()} pelo ${OLD.mobile}.`,
      isPublic: false,
    });
    // Her papers on the record (issue 22 §3): the file's name names her, and it is public on the consulta.
    attachmentFileId = (
      await t.db
        .select({ f: serviceRecordAttachments.fileId })
        .from(serviceRecordAttachments)
        .where(
          eq(
            serviceRecordAttachments.id,
            (
              await attachToServiceRecord(
                admin,
                { id: juridico.id, isPublic: true },
                { fieldName: "arquivo", fileName: `Rescisão ${OLD.name}.pdf`, bytes: tinyPdf(OLD.name) },
              )
            ).attachmentId,
          ),
        )
    )[0].f;
    await changeServiceStatus(admin, {
      id: juridico.id,
      status: "in_progress",
      responsibleId: admin.id,
      comment: `CPF ${OLD.cpf} conferido.`,
      isPublic: true,
      screen: "detail",
    });

    // Homologação: a record opened by CPF before she joined (no member link), her name spelled otherwise.
    const homologacao = await createServiceRecordRow(t.db, {
      sector: "homologacao",
      serviceType: "Homologação de rescisão",
      requesterName: OLD.recordName,
      requesterCpf: OLD.cpf,
      requesterEmail: OLD.email,
      requesterPhone: OLD.home,
      description: `Rescisão de ${OLD.recordName}; documentos enviados por ${OLD.email}.`,
      sectorData: { rescissionType: "sem_justa_causa", cnpj: "11222333000181", companyName: "Empresa Exemplo Ltda" },
    });
    expect(homologacao.memberId).toBeNull();
    await commentOnServiceRecord(admin, {
      id: homologacao.id,
      responsibleId: admin.id,
      comment: `Trabalhadora ${OLD.name} compareceu com o CPF ${formatCpf(OLD.cpf)}.`,
      isPublic: false,
    });

    // The other member's record, which must stay as it is.
    const control = await createServiceRecordRow(t.db, {
      sector: "secretaria",
      serviceType: "Filiação",
      requesterName: other.name,
      requesterCpf: other.cpf,
      memberId: other.id,
    });
    recordIds = [juridico.id, homologacao.id];

    // A PIX payment reconciled from the bank statement (the note holds the payer's name), a
    // manual payment with a note quoting her, and an overdue charge (the arrears report).
    const pixCharge = await createCharge(t.db, { memberId: member.id, amountCentavos: 6123 });
    /** A charge of hers for the month `referenceDaysAgo` days ago, due `dueDaysAgo` days ago. */
    const pastCharge = (amountCentavos: number, referenceDaysAgo: number, dueDaysAgo: number) => {
      const reference = brasiliaDateFromToday(-referenceDaysAgo);
      return createCharge(t.db, {
        memberId: member.id,
        amountCentavos,
        referenceYear: Number(reference.slice(0, 4)),
        referenceMonth: Number(reference.slice(5, 7)),
        dueDate: brasiliaDateFromToday(-dueDaysAgo),
      });
    };
    const manualCharge = await pastCharge(6123, 65, 60);
    await pastCharge(5000, 100, 95);
    await createPayment(t.db, {
      chargeId: manualCharge.id,
      amountCentavos: 6123,
      method: "dinheiro",
      paidOn: brasiliaDateFromToday(-59),
      note: `Pago na sede por ${OLD.name}; recibo para ${OLD.email}.`,
    });
    const otherCharge = await createCharge(t.db, { memberId: other.id, amountCentavos: 4400 });
    await createPayment(t.db, { chargeId: otherCharge.id, amountCentavos: 4400, method: "pix", note: `Pago por ${other.name}` });
    const file = statementFile([`${formatDate(brasiliaDateFromToday(-1))};Pix recebido;Cp :00360305-IRIS CONCEICAO FALCAO;61,23;1.061,23`]);
    const preview = await previewStatement(admin, file);
    expect(preview.proposals.map((p) => p.chargeId)).toEqual([pixCharge.id]);
    await confirmStatement(admin, file, { digest: preview.digest, lines: preview.proposals.map((p) => p.line) });

    // A contact message she sent with the same e-mail, answered twice by staff quoting her (every
    // reply is kept, ADR 305: the first in contact_replies only, the latest also on the message); one from someone else.
    const contact = await createContactMessage(t.db, {
      name: OLD.name,
      email: OLD.email,
      phone: OLD.mobile,
      message: `Sou filiada, CPF ${formatCpf(OLD.cpf)}. Podem me ligar no ${OLD.home}?`,
      status: "replied",
      replyMessage: `Olá, ${OLD.name}. Ligamos no ${OLD.mobile} e confirmamos tudo.`,
      repliedBy: admin.id,
      repliedByName: admin.name,
      repliedAt: new Date(),
    });
    await t.db.insert(contactReplies).values({
      contactMessageId: contact.id,
      body: `Prezada ${OLD.name}, conferimos o CPF ${OLD.cpf}; escreva para ${OLD.email} se precisar.`,
      staffUserId: admin.id,
      staffName: admin.name,
      sentAt: new Date(Date.now() - 3_600_000),
    });
    await createContactMessage(t.db, { name: "Pessoa Sem Relação", email: "sem.relacao@exemplo.com.br" });

    // CPF views, and audit entries whose details quote her (a search typed with her name and CPF, a sign-in typed with her e-mail).
    await revealMemberCpf(admin, member.id);
    await revealMemberCpf(admin, member.id);
    await exportAuditLog(admin, { person: OLD.name, entityId: formatCpf(OLD.cpf) });
    await createAuditEntry(t.db, { action: "login.failed", entityId: null, data: { username: OLD.email } });
    // A refused members import whose report names her row (ADR 253: the page shows the latest run).
    await t.db.execute(sql`
      insert into import_runs (kind, status, file_name, actor, report)
      values ('members', 'refused', 'filiados.csv', '{}'::jsonb,
              ${JSON.stringify({ total: 1, rejected: [{ row: 2, key: `${member.registrationNumber} · ${OLD.name}`, reason: `CPF ${formatCpf(OLD.cpf)} de outro filiado` }] })}::jsonb)`);
    // Her own area (issue 23): a card code, a sign-in code, an open session, and an entry audited as her.
    await t.db.execute(sql`insert into member_access (member_id, last_sign_in_at) values (${member.id}, now())`);
    await t.db.execute(
      sql`insert into member_login_codes (member_id, code_hash, expires_at) values (${member.id}, 'x', now() + interval '10 minutes')`,
    );
    await t.db.execute(
      sql`insert into member_sessions (id, member_id, expires_at) values ('sessao-da-iris', ${member.id}, now() + interval '1 hour')`,
    );
    // "Meus dados" (ADR 275): an address waiting for rh, one already decided, a new e-mail waiting for its code.
    await t.db.execute(
      sql`insert into member_address_requests (member_id, address, city, state, cep) values (${member.id}, ${OLD.askedAddress}, 'Brasília', 'DF', '70000000')`,
    );
    await t.db.execute(
      sql`insert into member_address_requests (member_id, address, city, state, cep, status, decided_at) values (${member.id}, ${`${OLD.askedAddress} antigo`}, 'Brasília', 'DF', '70000001', 'rejected', now())`,
    );
    await t.db.execute(
      sql`insert into member_email_changes (member_id, new_email, code_hash, expires_at) values (${member.id}, ${OLD.askedEmail}, 'x', now() + interval '10 minutes')`,
    );
    await createAuditEntry(t.db, {
      action: "member_area.signed_in",
      entityId: member.id,
      data: { registrationNumber: member.registrationNumber },
    });
    expect(control.memberId).toBe(other.id);
  });

  it("before: the dump, the searches and the exports find every old value (the search is not blind)", async () => {
    expect(neededBefore(await sqlDump())).toEqual([]);
    if (testDriver() === "postgres") expect(neededBefore(await pgDump())).toEqual([]);
    const found = await searches(admin);
    for (const [what, n] of Object.entries(found)) expect(n, what).toBeGreaterThan(0);
    const exported = fold((await exportsText(admin, member.id, recordIds)).map((p) => p.text).join("\n"));
    expect(exported).toContain(fold(OLD.name));
    expect(exported).toContain(fold(OLD.email));
    expect(exported).toContain("iris conceicao falcao [ref:");
    const queued = await t.db.$count(jobs, and(eq(jobs.name, "send-email"), sql`${jobs.payload}->>'to' = ${OLD.email}`));
    expect(queued).toBe(2);
  });

  it("after: 0 hits in the whole database, the searches and every export; amounts, dates, protocols and statuses stay", async () => {
    const before = await retained(member.id, recordIds);
    const otherBefore = await t.db.select().from(members).where(eq(members.id, other.id));

    await anonymizeMember(admin, member.id);

    expect(hits(await sqlDump())).toEqual([]);
    expect(hits(await pgDump())).toEqual([]);
    // Her contact message's two replies stay (redacted), in order, with the staff member who sent them.
    const replies = await t.db
      .select({ body: contactReplies.body, staffName: contactReplies.staffName })
      .from(contactReplies)
      .innerJoin(contactMessages, eq(contactMessages.id, contactReplies.contactMessageId))
      .where(eq(contactMessages.email, ANONYMIZED_CONTACT.email))
      .orderBy(contactReplies.sentAt);
    expect(replies.map((r) => r.staffName)).toEqual([admin.name, admin.name]);
    expect(replies[0].body).toMatch(/^Prezada .+, conferimos o CPF /);

    const after = await retained(member.id, recordIds);
    expect(after.charges).toEqual(before.charges);
    expect(after.payments).toEqual(before.payments);
    expect(after.records).toEqual(before.records);
    expect(after.entries).toEqual(before.entries);
    expect(after.member).toEqual(before.member);
    // Every audit entry is still there, in order, with its time and action; one more: the anonymisation.
    expect(after.audit.slice(0, before.audit.length)).toEqual(before.audit);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, "member.anonymized"));
    expect(entry).toMatchObject({ entityType: "member", entityId: member.id, actorUsername: admin.username });
    expect(entry.data).toEqual({});

    // Her own area is closed: no session, no sign-in code, no card code left to verify.
    for (const table of ["member_access", "member_login_codes", "member_sessions", "member_address_requests", "member_email_changes"]) {
      const found = await t.db.execute(sql`select count(*)::int as n from ${sql.raw(table)} where member_id = ${member.id}`);
      expect((found.rows[0] as { n: number }).n, table).toBe(0);
    }
    // The photo's file is gone; no e-mail to her is left to send.
    expect(await t.db.$count(files, eq(files.id, photoFileId))).toBe(0);
    // Her attached papers are gone with their files; the history says an attachment was removed.
    expect(await t.db.$count(files, eq(files.id, attachmentFileId))).toBe(0);
    expect(await t.db.$count(serviceRecordAttachments, inArray(serviceRecordAttachments.recordId, recordIds))).toBe(0);
    expect(
      await t.db.$count(
        serviceRecordEntries,
        and(
          inArray(serviceRecordEntries.recordId, recordIds),
          eq(serviceRecordEntries.text, `anexou ${ATTACHMENT_MESSAGES.entryRemoved} (visível na consulta pública)`),
        ),
      ),
    ).toBe(1);
    expect(await t.db.$count(jobs, eq(jobs.name, "send-email"))).toBe(0);
    // Both records stay tied to the (anonymised) member.
    expect(
      (await t.db.select({ m: serviceRecords.memberId }).from(serviceRecords).where(inArray(serviceRecords.id, recordIds))).map((r) => r.m),
    ).toEqual([member.id, member.id]);

    const found = await searches(admin);
    for (const [what, n] of Object.entries(found)) expect(n, what).toBe(0);
    const exported = await exportsText(admin, member.id, recordIds);
    expect(hits(exported)).toEqual([]);

    // Another member's rows are untouched.
    expect(await t.db.select().from(members).where(eq(members.id, other.id))).toEqual(otherBefore);
    const otherText = fold(JSON.stringify(exported));
    expect(otherText).toContain(fold(`Pago por ${other.name}`));
    expect(otherText).toContain(fold(other.name));
    const kept = fold((await sqlDump()).map((p) => p.text).join("\n"));
    expect(kept).toContain("sem.relacao@exemplo.com.br");
    expect(kept).toContain("pessoa sem relacao");
    expect(kept).toContain(other.cpf!);
  });

  it("a second anonymisation is refused (409) and writes nothing", async () => {
    const audit = await t.db.$count(auditLog);
    await expect(anonymizeMember(admin, member.id)).rejects.toMatchObject({ status: 409 });
    expect(await t.db.$count(auditLog)).toBe(audit);
  });
});

describe("the append-only tables keep refusing every other change", () => {
  const refused = /somente de inclusão/;
  const reason = (e: unknown) => {
    let x = e as { message?: string; cause?: unknown } | undefined;
    const parts: string[] = [];
    while (x) {
      parts.push(String(x.message ?? ""));
      x = x.cause as typeof x;
    }
    return parts.join(" | ");
  };
  const attempt = async (fn: Parameters<typeof t.db.transaction>[0]) =>
    reason(
      await t.db.transaction(fn).then(
        () => "aceito",
        (e: unknown) => e,
      ),
    );

  let entryId: number;
  let auditId: number;
  let memberId: string;

  beforeAll(async () => {
    const admin = await createUser(t.db, { role: "admin" });
    const m = await createMember(t.db);
    memberId = m.id;
    const r = await createServiceRecordRow(t.db, { requesterCpf: m.cpf, requesterName: m.name, memberId: m.id });
    [{ id: entryId }] = await t.db
      .select({ id: serviceRecordEntries.id })
      .from(serviceRecordEntries)
      .where(eq(serviceRecordEntries.recordId, r.id));
    auditId = (
      await createAuditEntry(t.db, {
        action: "login.failed",
        entityId: null,
        data: { username: m.email! },
        actor: { id: admin.id, username: admin.username },
      })
    ).id;
  });

  const setting = (tx: Parameters<Parameters<typeof t.db.transaction>[0]>[0], id: string) =>
    tx.execute(sql`select set_config('app.anonymising', ${`member:${id}`}, true)`);
  const stamp = (tx: Parameters<Parameters<typeof t.db.transaction>[0]>[0], id: string) =>
    tx
      .update(members)
      .set({ anonymizedAt: sql`now()` })
      .where(eq(members.id, id));
  const ROLLBACK = "desfeito pelo teste";

  it("a plain UPDATE or DELETE is refused, as before", async () => {
    expect(await attempt((tx) => tx.execute(sql`update service_record_entries set text = 'reescrito' where id = ${entryId}`))).toMatch(
      refused,
    );
    expect(await attempt((tx) => tx.execute(sql`update audit_log set data = '{}'::jsonb where id = ${auditId}`))).toMatch(refused);
    expect(await attempt((tx) => tx.execute(sql`delete from audit_log where id = ${auditId}`))).toMatch(refused);
    expect(await attempt((tx) => tx.execute(sql`delete from service_record_entries where id = ${entryId}`))).toMatch(refused);
  });

  it("the setting alone opens nothing: the member must be stamped anonymised in the same transaction", async () => {
    expect(
      await attempt(async (tx) => {
        await setting(tx, memberId);
        await tx.execute(sql`update service_record_entries set text = 'reescrito' where id = ${entryId}`);
      }),
    ).toMatch(refused);
    expect(
      await attempt(async (tx) => {
        await setting(tx, memberId);
        await tx.execute(sql`update audit_log set data = '{}'::jsonb where id = ${auditId}`);
      }),
    ).toMatch(refused);
    expect(
      await attempt(async (tx) => {
        await setting(tx, "not-a-uuid");
        await tx.execute(sql`update audit_log set data = '{}'::jsonb where id = ${auditId}`);
      }),
    ).toMatch(refused);
  });

  it("inside the anonymising transaction only the text of an entry and the details of an audit entry may change; never a delete", async () => {
    const inside = (fn: (tx: Parameters<Parameters<typeof t.db.transaction>[0]>[0]) => Promise<unknown>) =>
      attempt(async (tx) => {
        await setting(tx, memberId);
        await stamp(tx, memberId);
        await fn(tx);
        throw new Error(ROLLBACK);
      });
    expect(await inside((tx) => tx.execute(sql`update service_record_entries set text = 'removido' where id = ${entryId}`))).toBe(ROLLBACK);
    expect(await inside((tx) => tx.execute(sql`update audit_log set data = '{}'::jsonb where id = ${auditId}`))).toBe(ROLLBACK);
    expect(await inside((tx) => tx.execute(sql`update service_record_entries set new_status = 'closed' where id = ${entryId}`))).toMatch(
      refused,
    );
    expect(
      await inside((tx) => tx.execute(sql`update service_record_entries set text = 'x', created_at = now() where id = ${entryId}`)),
    ).toMatch(refused);
    expect(await inside((tx) => tx.execute(sql`update audit_log set action = 'logout' where id = ${auditId}`))).toMatch(refused);
    expect(
      await inside((tx) => tx.execute(sql`update audit_log set actor_username = 'outro', data = '{}'::jsonb where id = ${auditId}`)),
    ).toMatch(refused);
    expect(await inside((tx) => tx.execute(sql`delete from audit_log where id = ${auditId}`))).toMatch(refused);
    expect(await inside((tx) => tx.execute(sql`delete from service_record_entries where id = ${entryId}`))).toMatch(refused);
    // Nothing of the above stuck.
    const [e] = await t.db.select().from(serviceRecordEntries).where(eq(serviceRecordEntries.id, entryId));
    expect(e.text).toBe("Atendimento registrado.");
    const [a] = await t.db.select().from(auditLog).where(eq(auditLog.id, auditId));
    expect(a.action).toBe("login.failed");
    expect(a.data).not.toEqual({});
  });

  it("a member anonymised in an earlier transaction opens nothing later", async () => {
    await t.db
      .update(members)
      .set({ anonymizedAt: new Date(Date.now() - 60_000) })
      .where(eq(members.id, memberId));
    expect(
      await attempt(async (tx) => {
        await setting(tx, memberId);
        await tx.execute(sql`update audit_log set data = '{}'::jsonb where id = ${auditId}`);
      }),
    ).toMatch(refused);
  });
});

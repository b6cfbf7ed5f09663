import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { serviceRecordEntries, serviceRecords } from "~/db/schema";
import { fictitiousCpf } from "~/db/factories/members";
import { serviceRecordValues } from "~/db/factories/services";
import { getServiceRecord } from "~/domain/service-records/get-service-record.server";
import { listServiceRecords, type ListFilters } from "~/domain/service-records/list-service-records.server";
import { listMyQueue } from "~/domain/service-records/my-queue.server";
import { recordsDueBy } from "~/domain/service-records/deadline-reminders.server";
import { createUser } from "~/db/factories/users";
import { PRIORITIES, SERVICE_TYPES, type ServiceStatus } from "~/domain/service-records/service-options";
import { SERVICE_SECTORS } from "~/auth/scopes";
import type { ServiceActor } from "~/domain/service-records/service-access.server";
import type { ScaleArea } from "../context";
import { batches, measuredFigures } from "../context";

/**
 * Service records (issue 9): 200,000 records over 5 years across the five sectors (every status
 * and priority, most with a CPF, a tenth anonymous complaints), each with its 'registrado' entry,
 * and one record with 30 history entries. Then the p95 server time of the use cases the list and
 * detail loaders call (count + one page; the record + its history). Target: each ≤ 50 ms.
 */
const admin: ServiceActor = { id: randomUUID(), username: "bench", role: "admin" };
const juridico: ServiceActor = { id: randomUUID(), username: "bench-juridico", role: "juridico" };
const TARGET_MS = 50;
const YEARS = 5;
/** Old records are mostly closed; the last months hold the open ones, as in a real office. */
const OLD_STATUSES: readonly ServiceStatus[] = ["resolved", "closed", "closed", "resolved", "cancelled", "closed", "resolved", "closed"];
const RECENT_STATUSES: readonly ServiceStatus[] = ["pending", "in_progress", "resolved", "pending", "closed", "in_progress"];

const noFilters: ListFilters = { q: "", status: null, sector: null, priority: null, due: null, page: 1 };

let detailId = "";
/** Issue 22 §1: a jurídico user with 400 open records, for "Meus atendimentos". */
let queueUser: ServiceActor = juridico;
/** Issue 22's targets: the "Meus atendimentos" page and the deadline job's query. */
const ISSUE_22_TARGETS: Record<string, number> = { myQueue: 30, deadlineQuery: 200 };
let middleProtocol = "";
const FIGURES: Record<string, string> = {
  listOneSector: "Lista de um setor (jurídico)",
  listStatusFilter: "Lista por status (em andamento)",
  protocolSearch: "Busca por protocolo",
  nameSearch: 'Busca por nome "conceicao"',
  detail30Entries: "Detalhe com 30 entradas no histórico",
  listAll: "Lista de todos",
  listSectorStatusPriority: "Setor + status + prioridade",
  listClosedStatus: "Lista por status (encerrado)",
  listSectorFilterPage50: "Filtro de setor, página 50",
  listOverdue: "Prazo vencido",
  listDueToday: "Prazo vence hoje",
  protocolPrefixSearch: "Busca por prefixo de protocolo (ano e mês)",
  cpfSearch: "Busca por CPF",
  descriptionWordSearch: "Busca por palavra da descrição",
  myQueue: "Meus atendimentos",
  deadlineQuery: "Consulta do aviso de prazos",
};

const area: ScaleArea = {
  name: "services",
  order: 30,
  async seed({ db, sizes, say }) {
    const total = sizes.serviceRecords;
    const now = Date.now();
    const span = YEARS * 365 * 86_400_000;
    // Evenly spread creation times, oldest first: at 200,000 records that is one every ~13
    // minutes, so each protocol (the creation second) is unique.
    const step = Math.floor(span / total);
    for (const { from, to } of batches(total, 1_000)) {
      const rows = [];
      for (let i = from; i < to; i++) {
        const createdAt = new Date(now - span + i * step);
        const recent = now - createdAt.getTime() < 120 * 86_400_000;
        const sector = SERVICE_SECTORS[i % SERVICE_SECTORS.length];
        const anonymous = i % 10 === 7;
        const status = recent ? RECENT_STATUSES[i % RECENT_STATUSES.length] : OLD_STATUSES[i % OLD_STATUSES.length];
        const types = SERVICE_TYPES[sector];
        const values = serviceRecordValues(i, {
          sector,
          status,
          priority: PRIORITIES[(i * 7) % PRIORITIES.length],
          createdAt,
          updatedAt: createdAt,
          recordType: anonymous ? "denuncia_anonima" : i % 10 === 3 ? "denuncia_identificada" : "atendimento_geral",
          serviceType: types[i % types.length],
          description: `${types[(i + 1) % types.length]}: atendimento ${i} sobre ${i % 3 === 0 ? "rescisão e verbas" : i % 3 === 1 ? "horas extras e adicional de periculosidade" : "escala de plantão"}.`,
        });
        rows.push(
          anonymous ? { ...values, requesterName: "Denúncia Anônima", requesterCpf: null } : { ...values, requesterCpf: fictitiousCpf(i) },
        );
      }
      await db.insert(serviceRecords).values(rows);
      if (to % 20_000 === 0 || to === total) say(`atendimentos: ${to}/${total}`);
    }
    // Every record's history, as the use cases write it: created (pending), then one status entry
    // per step to its present status (in progress after a day, resolved after three, closed or
    // cancelled after five), never later than now. The panels' "resolvidos" trend reads these.
    await db.execute(sql`
      insert into service_record_entries (record_id, kind, author_name, responsible_name, new_status, text, is_public, created_at)
      select id, 'created', 'Sistema', 'Responsável não definido', 'pending', 'Atendimento registrado.', true, created_at from service_records`);
    const steps: Array<[string, string, string[], number]> = [
      ["pending", "in_progress", ["in_progress", "resolved", "closed"], 1],
      ["in_progress", "resolved", ["resolved", "closed"], 3],
      ["resolved", "closed", ["closed"], 5],
      ["pending", "cancelled", ["cancelled"], 5],
    ];
    for (const [oldStatus, newStatus, reached, days] of steps) {
      await db.execute(sql`
        insert into service_record_entries (record_id, kind, author_name, responsible_name, old_status, new_status, text, is_public, created_at)
        select id, 'status', 'Servidor Bench', 'Servidor Bench', ${oldStatus}, ${newStatus}, 'Status atualizado.', true,
               least(created_at + make_interval(days => ${days}), now())
        from service_records where status in (${sql.join(
          reached.map((r) => sql`${r}`),
          sql`, `,
        )})`);
    }
    // The detail's record: a jurídico record with 30 history entries.
    const mid = (
      await db.execute<{ id: string; protocol: string }>(sql`
        select id, protocol from service_records where sector = 'juridico' order by created_at desc offset ${Math.floor(total / 10)} limit 1`)
    ).rows[0];
    detailId = mid.id;
    middleProtocol = mid.protocol;
    const history = [];
    for (let k = 1; k < 30; k++) {
      const comment = k % 3 !== 0;
      history.push({
        recordId: detailId,
        kind: comment ? "comment" : "status",
        authorName: "Advogada Bench",
        responsibleName: "Advogada Bench",
        oldStatus: comment ? null : k % 2 ? "pending" : "in_progress",
        newStatus: k % 2 ? "in_progress" : "pending",
        text: comment ? `Comentário ${k}: documentos conferidos, aguardando a empresa.` : "Status atualizado.",
        isPublic: k % 4 === 0,
      });
    }
    await db.insert(serviceRecordEntries).values(history);
    // "Meus atendimentos" (issue 22 §1): 400 of the open jurídico records are one user's.
    const owner = await createUser(db, { role: "juridico", name: "Advogada da Fila Bench" });
    queueUser = { id: owner.id, username: owner.username, role: "juridico", name: owner.name };
    await db.execute(sql`
      update service_records set responsible_id = ${owner.id} where id in (
        select id from service_records where sector = 'juridico' and status in ('pending','in_progress') order by created_at desc limit 400)`);
    await db.execute(sql`VACUUM (ANALYZE) service_records`);
    await db.execute(sql`VACUUM (ANALYZE) service_record_entries`);
    const entries = (await db.execute<{ n: number }>(sql`select count(*)::int as n from service_record_entries`)).rows[0].n;
    return { serviceRecords: total, serviceRecordEntries: Number(entries) };
  },
  async measure({ timing }) {
    const figures = {
      // The issue's five.
      listOneSector: await timing(() => listServiceRecords(juridico, noFilters)),
      listStatusFilter: await timing(() => listServiceRecords(admin, { ...noFilters, status: "in_progress" })),
      protocolSearch: await timing(() => listServiceRecords(admin, { ...noFilters, q: middleProtocol })),
      nameSearch: await timing(() => listServiceRecords(admin, { ...noFilters, q: "conceicao" })),
      detail30Entries: await timing(() => getServiceRecord(juridico, detailId)),
      // The other filters and combinations the list offers.
      listAll: await timing(() => listServiceRecords(admin, noFilters)),
      listSectorStatusPriority: await timing(() => listServiceRecords(juridico, { ...noFilters, status: "pending", priority: "alta" })),
      listClosedStatus: await timing(() => listServiceRecords(admin, { ...noFilters, status: "closed" })),
      listSectorFilterPage50: await timing(() => listServiceRecords(admin, { ...noFilters, sector: "homologacao", page: 50 })),
      listOverdue: await timing(() => listServiceRecords(admin, { ...noFilters, due: "overdue" })),
      listDueToday: await timing(() => listServiceRecords(admin, { ...noFilters, due: "today" })),
      protocolPrefixSearch: await timing(() => listServiceRecords(admin, { ...noFilters, q: middleProtocol.slice(0, 10) })),
      cpfSearch: await timing(() => listServiceRecords(admin, { ...noFilters, q: fictitiousCpf(123_457) })),
      descriptionWordSearch: await timing(() => listServiceRecords(juridico, { ...noFilters, q: "periculosidade" })),
      // Issue 22 (ADR 257, 258): "Meus atendimentos" (count + first page) and the deadline job's query.
      myQueue: await timing(() => listMyQueue(queueUser)),
      deadlineQuery: await timing(() => recordsDueBy(new Date())),
    };
    return {
      targetMs: TARGET_MS,
      issue22TargetsMs: ISSUE_22_TARGETS,
      ...measuredFigures(figures, (key) => ISSUE_22_TARGETS[key] ?? TARGET_MS, FIGURES),
    };
  },
};

export default area;

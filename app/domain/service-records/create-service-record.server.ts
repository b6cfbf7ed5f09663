import { between } from "drizzle-orm";
import { authorize } from "~/auth/authorize";
import { db, type Tx } from "~/db/client.server";
import { companies, serviceRecordEntries, serviceRecords } from "~/db/schema";
import { countMemberLookup, findMemberByCpfAudited } from "~/domain/members/lookup-member.server";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { isUniqueViolation } from "~/db/unique-violation.server";
import { AppError } from "~/utils/app-error";
import { dueAtFor } from "./business-days";
import { protocolCandidates } from "./protocol.server";
import { queueServiceNotice } from "./service-notices.server";
import { receiptUnion, serviceReceiptEmail } from "./service-receipt.server";
import { responsibleFor, type ServiceActor } from "./service-access.server";
import { PRIORITY_BUSINESS_DAYS, SERVICE_MESSAGES, UNASSIGNED } from "./service-options";
import { sectorsForRole } from "~/auth/scopes";
import type { ServiceFormInput } from "./service.schema";

/** Remembers a company typed by hand in a homologação block (ADR 132); an existing CNPJ is kept as is. */
async function rememberCompany(tx: Tx, actor: ServiceActor, sectorData: Record<string, unknown>) {
  const cnpj = typeof sectorData.cnpj === "string" ? sectorData.cnpj : null;
  const name = typeof sectorData.companyName === "string" ? sectorData.companyName : null;
  if (!cnpj || !name) return;
  const [row] = await tx
    .insert(companies)
    .values({ cnpj, legalName: name })
    .onConflictDoNothing()
    .returning({ id: companies.id, code: companies.code });
  if (row) await recordAudit(tx, actor, "company.created", row.id, { code: row.code });
}

/**
 * Registers a service record (atendimento): the sector must be one the actor's role may open
 * (section 6); the responsible person one of that sector's agents or none; the member linked by
 * CPF on the server; the protocol assigned here (ADR 130); the due date from the priority (ADR
 * 134); and the first history entry written with it.
 */
export async function createServiceRecord(actor: ServiceActor, input: ServiceFormInput, now = new Date()) {
  authorize(actor, "services.create");
  if (!sectorsForRole(actor.role).includes(input.sector))
    throw new AppError(403, "Você não pode registrar atendimentos neste setor.", "sector");
  const dueAt = dueAtFor(now, PRIORITY_BUSINESS_DAYS[input.priority]);
  // Linking the member by CPF is a member look-up: the same limit and the same audit entry as
  // GET /api/filiados/consulta (ADR 183). Past the limit the record is refused (429), so the
  // detail page cannot be used to learn whose CPF it is.
  if (input.requesterCpf) await countMemberLookup(actor, { field: "requesterCpf", message: SERVICE_MESSAGES.lookupLimited });
  // The first notice is the comprovante (issue 22 §4), naming the union: read before the transaction.
  const union = input.requesterEmail && input.recordType !== "denuncia_anonima" ? await receiptUnion() : null;
  return db().transaction(async (tx) => {
    const responsible = input.responsibleId ? await responsibleFor(tx, input.sector, input.responsibleId) : null;
    const member = input.requesterCpf ? await findMemberByCpfAudited(actor, input.requesterCpf, tx) : undefined;
    if (input.sector === "homologacao") await rememberCompany(tx, actor, input.sectorData);
    const values = {
      recordType: input.recordType,
      sector: input.sector,
      responsibleId: responsible?.id ?? null,
      status: "pending",
      priority: input.priority,
      requesterName: input.requesterName,
      requesterCpf: input.requesterCpf,
      requesterPhone: input.requesterPhone,
      requesterEmail: input.requesterEmail,
      requesterRegistration: actor.username,
      memberId: member?.id ?? null,
      serviceType: input.serviceType,
      otherType: input.otherType,
      description: input.description,
      additionalInfo: input.additionalInfo,
      sectorData: input.sectorData,
      dueAt,
      createdBy: actor.id,
      createdByRole: actor.role,
    };
    let record: typeof serviceRecords.$inferSelect | undefined;
    // The seconds of the window already taken are read once and skipped (ADR 188); one a
    // concurrent save takes meanwhile is met as a unique violation and the next one is tried.
    const candidates = [...protocolCandidates(now)];
    const taken = new Set(
      (
        await tx
          .select({ protocol: serviceRecords.protocol })
          .from(serviceRecords)
          .where(between(serviceRecords.protocol, candidates[0], candidates.at(-1)!))
      ).map((r) => r.protocol),
    );
    for (const protocol of candidates) {
      if (taken.has(protocol)) continue;
      try {
        // A savepoint per try: a unique violation rolls back only this insert.
        record = await tx.transaction(
          async (sp) =>
            (
              await sp
                .insert(serviceRecords)
                .values({ ...values, protocol })
                .returning()
            )[0],
        );
        break;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    // Every second of the window taken: more than one record a second for minutes on end.
    if (!record) throw new AppError(503, SERVICE_MESSAGES.protocolBusy);
    const [entry] = await tx
      .insert(serviceRecordEntries)
      .values({
        recordId: record.id,
        kind: "created",
        authorId: actor.id,
        authorName: actor.name ?? actor.username,
        // The separator names who answers for the record; with nobody assigned yet, the registrant.
        responsibleName: responsible?.name ?? UNASSIGNED,
        oldStatus: null,
        newStatus: "pending",
        text: "Atendimento registrado.",
        isPublic: true,
      })
      .returning({ id: serviceRecordEntries.id });
    await queueServiceNotice(tx, record, entry.id, "pending", true, union ? (o) => serviceReceiptEmail(record, union, o) : undefined);
    await recordAudit(tx, actor, "service.created", record.id, {
      protocol: record.protocol,
      sector: record.sector,
      recordType: record.recordType,
      priority: record.priority,
      memberLinked: !!member,
    });
    return record;
  });
}

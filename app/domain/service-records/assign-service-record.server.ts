import { eq, sql } from "drizzle-orm";
import type { ServiceSector } from "~/auth/scopes";
import { authorize } from "~/auth/authorize";
import { db, type Tx } from "~/db/client.server";
import { serviceRecordEntries, serviceRecords, users, type ServiceRecordRow } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { notify } from "~/domain/notifications/notify.server";
import { formatDate } from "~/lib/dates";
import { appUrl } from "~/utils/env.server";
import { AppError } from "~/utils/app-error";
import { agentsFor, recordInScope, responsibleFor, type Agent, type ServiceActor } from "./service-access.server";
import { SECTOR_LABELS, SERVICE_MESSAGES } from "./service-options";

/**
 * A record's responsible (issue 22 §1, ADR 257): "Assumir" (the signed-in user takes it) and
 * "Atribuir a…" (one of the sector's agents). Only a role whose serviceScope holds the record's
 * sector reaches the record at all; the new responsible must be one of the sector's agents
 * (agentsFor: the sector's role and admins). Every change of responsible, here or through a
 * status change or an edit, is a history entry "responsável: Fulano → Beltrano", an audit entry
 * and, when someone else is given the record, an e-mail to them, all in one transaction.
 */

type Via = "take" | "assign" | "status" | "edit" | "comment";

/** The page of a record, for e-mails. */
export function recordLink(id: string) {
  return `${appUrl()}/dashboard/atendimento/${id}`;
}

/** The e-mail to the new responsible: what the record is and its link, never the requester's data. */
export function assignedNotice(
  record: Pick<ServiceRecordRow, "protocol" | "sector" | "serviceType" | "otherType" | "dueAt" | "id">,
  by: string,
) {
  const type = record.serviceType === "Outros" && record.otherType ? record.otherType : record.serviceType;
  return {
    subject: `Atendimento ${record.protocol} atribuído a você`,
    text: [
      `${by} atribuiu a você o atendimento ${record.protocol}.`,
      "",
      `Setor: ${SECTOR_LABELS[record.sector as ServiceSector] ?? record.sector}`,
      `Tipo: ${type}`,
      `Prazo: ${formatDate(record.dueAt)}`,
      "",
      `Abra o atendimento: ${recordLink(record.id)}`,
      `Seus atendimentos: ${appUrl()}/dashboard/meus-atendimentos`,
    ].join("\n"),
  };
}

/**
 * Writes a change of responsible from the record's current one to `to`, inside `tx` (the record
 * already locked by the caller). Returns false, writing nothing, when `to` is already responsible.
 */
export async function recordResponsibleChange(tx: Tx, actor: ServiceActor, record: ServiceRecordRow, to: Agent, via: Via) {
  if (record.responsibleId === to.id) return false;
  const [from] = record.responsibleId ? await tx.select({ name: users.name }).from(users).where(eq(users.id, record.responsibleId)) : [];
  const [entry] = await tx
    .insert(serviceRecordEntries)
    .values({
      recordId: record.id,
      kind: "assign",
      authorId: actor.id,
      authorName: actor.name ?? actor.username,
      responsibleName: to.name,
      oldStatus: record.status,
      newStatus: record.status,
      text: SERVICE_MESSAGES.responsibleChanged(from?.name ?? null, to.name),
      isPublic: false,
    })
    .returning({ id: serviceRecordEntries.id });
  await recordAudit(tx, actor, "service.assigned", record.id, {
    protocol: record.protocol,
    sector: record.sector,
    fromUserId: record.responsibleId,
    toUserId: to.id,
    via,
  });
  if (to.id !== actor.id) {
    // Told in the panel and by e-mail, as the user chose (issue 22 §7, ADR 266).
    const by = actor.name ?? actor.username;
    const email = assignedNotice(record, by);
    await notify(tx, [to.id], {
      kind: "service_assigned",
      key: String(entry.id),
      // The bell says who did it (the desk trial: four identical lines told nothing apart).
      title: `${email.subject} por ${by}`,
      link: `/dashboard/atendimento/${record.id}`,
      email,
    });
  }
  return true;
}

async function assign(actor: ServiceActor, id: string, chosen: (sector: ServiceSector, tx: Tx) => Promise<Agent>, via: Via) {
  authorize(actor, "services.assign");
  return db().transaction(async (tx) => {
    const record = await recordInScope(tx, actor, id, { lock: true });
    const to = await chosen(record.sector as ServiceSector, tx);
    if (!(await recordResponsibleChange(tx, actor, record, to, via))) {
      throw new AppError(409, SERVICE_MESSAGES.alreadyResponsible(to.id === actor.id ? "Você" : to.name), "responsibleId");
    }
    await tx
      .update(serviceRecords)
      .set({ responsibleId: to.id, updatedAt: sql`now()` })
      .where(eq(serviceRecords.id, record.id));
    return to;
  });
}

/** "Atribuir a…": one of the sector's agents becomes responsible. */
export async function assignServiceRecord(actor: ServiceActor, input: { id: string; responsibleId: string }) {
  const to = await assign(actor, input.id, (sector, tx) => responsibleFor(tx, sector, input.responsibleId), "assign");
  return SERVICE_MESSAGES.assigned(to.name);
}

/** "Assumir": the signed-in user, who must be one of the sector's agents, becomes responsible. */
export async function takeServiceRecord(actor: ServiceActor, input: { id: string }) {
  await assign(
    actor,
    input.id,
    async (sector, tx) => {
      const me = (await agentsFor(sector, tx)).find((a) => a.id === actor.id);
      if (!me) throw new AppError(403, SERVICE_MESSAGES.takeRefused);
      return me;
    },
    "take",
  );
  return SERVICE_MESSAGES.taken;
}

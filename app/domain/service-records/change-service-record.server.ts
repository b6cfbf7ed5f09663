import { eq, sql } from "drizzle-orm";
import { authorize } from "~/auth/authorize";
import { db, type Tx } from "~/db/client.server";
import { serviceRecordEntries, serviceRecords, type ServiceRecordRow } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { AppError } from "~/utils/app-error";
import { commentNotice, queueServiceNotice, serviceNotice } from "./service-notices.server";
import { recordResponsibleChange } from "./assign-service-record.server";
import { recordInScope, chosenResponsible, type ServiceActor } from "./service-access.server";
import {
  isAllowedTransition,
  SERVICE_MESSAGES,
  STATUS_LABELS,
  type ActionScreen,
  type Priority,
  type ServiceStatus,
} from "./service-options";

/**
 * Every change to a record runs here, in one transaction with the record locked (ADR 133): the
 * status is read under the lock, the entry appended, and the record's status set to the
 * entry's. Two people acting at once are serialised; neither loses an entry.
 */

/**
 * A staff member's line in the history: the responsible they chose (the hand-over recorded first
 * when it changes), then the entry written under that responsible. Returns both.
 */
async function addEntry(
  tx: Tx,
  actor: ServiceActor,
  record: ServiceRecordRow,
  choice: { responsibleId: string; responsibleWas?: string },
  entry: { kind: "status" | "comment" | "edit"; newStatus: string; text: string; isPublic: boolean },
) {
  const responsible = await chosenResponsible(tx, record, choice);
  await recordResponsibleChange(tx, actor, record, responsible, entry.kind);
  const [row] = await tx
    .insert(serviceRecordEntries)
    .values({
      recordId: record.id,
      authorId: actor.id,
      authorName: actor.name ?? actor.username,
      responsibleName: responsible.name,
      oldStatus: record.status,
      ...entry,
    })
    .returning({ id: serviceRecordEntries.id });
  return { entry: row, responsible };
}

export async function changeServiceStatus(
  actor: ServiceActor,
  input: {
    id: string;
    status: ServiceStatus;
    responsibleId: string;
    responsibleWas?: string;
    comment: string;
    isPublic: boolean;
    screen: ActionScreen;
  },
) {
  authorize(actor, "services.update");
  return db().transaction(async (tx) => {
    const record = await recordInScope(tx, actor, input.id, { lock: true });
    const from = record.status as ServiceStatus;
    if (from === input.status) throw new AppError(409, SERVICE_MESSAGES.sameStatus(STATUS_LABELS[from]), "status");
    if (!isAllowedTransition(input.screen, from, input.status)) {
      throw new AppError(409, SERVICE_MESSAGES.transitionRefused(STATUS_LABELS[from], STATUS_LABELS[input.status]), "status");
    }
    const { entry, responsible } = await addEntry(tx, actor, record, input, {
      kind: "status",
      newStatus: input.status,
      text: input.comment,
      isPublic: input.isPublic,
    });
    await tx
      .update(serviceRecords)
      .set({ status: input.status, responsibleId: responsible.id, updatedAt: sql`now()` })
      .where(eq(serviceRecords.id, record.id));
    await queueServiceNotice(
      tx,
      record,
      entry.id,
      input.status,
      false,
      input.isPublic ? (o) => serviceNotice(record, input.status, false, { ...o, publicComment: input.comment }) : undefined,
    );
    await recordAudit(tx, actor, "service.status_changed", record.id, {
      protocol: record.protocol,
      sector: record.sector,
      from,
      to: input.status,
      screen: input.screen,
    });
    return SERVICE_MESSAGES.statusUpdated(responsible.name, STATUS_LABELS[input.status]);
  });
}

export async function commentOnServiceRecord(
  actor: ServiceActor,
  input: { id: string; responsibleId: string; responsibleWas?: string; comment: string; isPublic: boolean },
) {
  authorize(actor, "services.comment");
  return db().transaction(async (tx) => {
    const record = await recordInScope(tx, actor, input.id, { lock: true });
    // The comment's "Responsável" is the record's, as for a status change: a history line never
    // names someone the record does not have (the retrial found "Responsável: Demo Jurídico"
    // under records nobody had taken).
    const { entry, responsible } = await addEntry(tx, actor, record, input, {
      kind: "comment",
      newStatus: record.status,
      text: input.comment,
      isPublic: input.isPublic,
    });
    // A public comment is an answer to the requester: it goes to them by e-mail too (ADR 279).
    if (input.isPublic)
      await queueServiceNotice(tx, record, entry.id, record.status as ServiceStatus, false, (o) => commentNotice(record, input.comment, o));
    await tx
      .update(serviceRecords)
      .set({ responsibleId: responsible.id, updatedAt: sql`now()` })
      .where(eq(serviceRecords.id, record.id));
    await recordAudit(tx, actor, "service.commented", record.id, {
      protocol: record.protocol,
      sector: record.sector,
      length: input.comment.length,
      isPublic: input.isPublic,
    });
    return SERVICE_MESSAGES.commentAdded(responsible.name);
  });
}

/** Edit mode: the original's edited fields and any of the five statuses, with a comment. */
export async function editServiceRecord(
  actor: ServiceActor,
  input: {
    id: string;
    requesterName: string;
    requesterPhone: string | null;
    requesterEmail: string | null;
    status: ServiceStatus;
    priority: Priority;
    description: string;
    additionalInfo: string | null;
    responsibleId: string;
    responsibleWas?: string;
    comment: string;
  },
) {
  authorize(actor, "services.update");
  return db().transaction(async (tx) => {
    const record = await recordInScope(tx, actor, input.id, { lock: true });
    const anonymous = record.recordType === "denuncia_anonima";
    const next = {
      requesterName: anonymous ? record.requesterName : input.requesterName,
      requesterPhone: anonymous ? null : input.requesterPhone,
      requesterEmail: anonymous ? null : input.requesterEmail,
      status: input.status,
      priority: input.priority,
      description: input.description,
      additionalInfo: input.additionalInfo,
    };
    const fields = (Object.keys(next) as (keyof typeof next)[]).filter((k) => next[k] !== record[k]);
    const { entry, responsible } = await addEntry(tx, actor, record, input, {
      kind: "edit",
      newStatus: input.status,
      text: input.comment,
      isPublic: false,
    });
    await tx
      .update(serviceRecords)
      .set({ ...next, responsibleId: responsible.id, updatedAt: sql`now()` })
      .where(eq(serviceRecords.id, record.id));
    if (input.status !== record.status) await queueServiceNotice(tx, { ...record, ...next }, entry.id, input.status);
    await recordAudit(tx, actor, "service.edited", record.id, {
      protocol: record.protocol,
      sector: record.sector,
      from: record.status,
      to: input.status,
      fields,
    });
    return SERVICE_MESSAGES.saved;
  });
}

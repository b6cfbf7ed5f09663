import { and, asc, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { authorize } from "~/auth/authorize";
import { serviceScope } from "~/auth/scopes";
import { db, type Db, type Tx } from "~/db/client.server";
import { serviceRecordEntries, serviceRecords, users, type ServiceRecordRow } from "~/db/schema";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { formatDateTime } from "~/lib/dates";
import { AppError } from "~/utils/app-error";
import { MERGE_MESSAGES } from "./merge";
import { recordInScope, type ServiceActor, touchServiceRecord } from "./service-access.server";
import { OPEN_STATUSES, UNASSIGNED } from "./service-options";

/**
 * Merging two records of the same requester and subject (issue 22 §8, ADR 267). The duplicate
 * (`id`) is merged into the survivor (`intoId`), in one transaction with both rows locked (in
 * id order, so two merges never deadlock):
 * - the survivor gets a note and a copy of each of the duplicate's history entries, as comments
 *   that name the old protocol, the original date and author (visibility kept);
 * - the duplicate gets a last, public entry "Unificado ao protocolo X", is closed, and points to
 *   the survivor (`merged_into`); from then on every write path refuses it (recordInScope with
 *   `lock`), and the public consulta of its protocol says where to look;
 * - one audit entry `service.merged`.
 * Who: `services.merge` (every service role) and both records in the actor's serviceScope.
 * What: both identified (not anonymous), the same CPF, the same sector and type; the survivor open.
 */
const subject = (r: ServiceRecordRow) =>
  `${r.sector}|${r.serviceType}|${r.serviceType === "Outros" ? (r.otherType ?? "").trim().toLowerCase() : ""}`;

function mergeRefusal(dup: ServiceRecordRow, into: ServiceRecordRow): string | null {
  if (dup.id === into.id) return MERGE_MESSAGES.sameRecord;
  if (dup.recordType === "denuncia_anonima" || into.recordType === "denuncia_anonima") return MERGE_MESSAGES.anonymous;
  if (!dup.requesterCpf || dup.requesterCpf !== into.requesterCpf) return MERGE_MESSAGES.differentRequester;
  if (subject(dup) !== subject(into)) return MERGE_MESSAGES.differentSubject;
  if (!(OPEN_STATUSES as readonly string[]).includes(into.status)) return MERGE_MESSAGES.survivorClosed;
  return null;
}

export async function mergeServiceRecords(actor: ServiceActor, input: { id: string; intoId: string }) {
  authorize(actor, "services.merge");
  if (input.id === input.intoId) throw new AppError(400, MERGE_MESSAGES.sameRecord, "intoId");
  return db().transaction(async (tx) => {
    const locked = new Map<string, ServiceRecordRow>();
    for (const id of [input.id, input.intoId].sort()) locked.set(id, await recordInScope(tx, actor, id, { lock: true }));
    const dup = locked.get(input.id)!;
    const into = locked.get(input.intoId)!;
    const refused = mergeRefusal(dup, into);
    if (refused) throw new AppError(409, refused, "intoId");

    const history = await tx
      .select()
      .from(serviceRecordEntries)
      .where(eq(serviceRecordEntries.recordId, dup.id))
      .orderBy(asc(serviceRecordEntries.id));
    const author = { authorId: actor.id, authorName: actor.name ?? actor.username };
    const [survivorResponsible] = into.responsibleId
      ? await tx.select({ name: users.name }).from(users).where(eq(users.id, into.responsibleId))
      : [];
    const responsibleName = survivorResponsible?.name ?? UNASSIGNED;
    await tx.insert(serviceRecordEntries).values([
      {
        recordId: into.id,
        kind: "comment",
        ...author,
        responsibleName,
        oldStatus: into.status,
        newStatus: into.status,
        text: MERGE_MESSAGES.survivorNote(dup.protocol, history.length),
        isPublic: true,
      },
      ...history.map((e) => ({
        recordId: into.id,
        kind: "comment",
        authorId: e.authorId,
        authorName: e.authorName,
        responsibleName: e.responsibleName,
        oldStatus: into.status,
        newStatus: into.status,
        text: MERGE_MESSAGES.copiedEntry(dup.protocol, formatDateTime(e.createdAt), e.text),
        isPublic: e.isPublic,
      })),
    ]);
    await tx.insert(serviceRecordEntries).values({
      recordId: dup.id,
      kind: "status",
      ...author,
      responsibleName: history.at(-1)?.responsibleName ?? responsibleName,
      oldStatus: dup.status,
      newStatus: "closed",
      text: MERGE_MESSAGES.closedNote(into.protocol),
      isPublic: true,
    });
    await tx
      .update(serviceRecords)
      .set({ status: "closed", mergedInto: into.id, updatedAt: sql`now()` })
      .where(eq(serviceRecords.id, dup.id));
    await touchServiceRecord(tx, into.id);
    await recordAudit(tx, actor, "service.merged", dup.id, {
      protocol: dup.protocol,
      sector: dup.sector,
      intoId: into.id,
      intoProtocol: into.protocol,
      copied: history.length,
    });
    return { message: MERGE_MESSAGES.merged(into.protocol), intoId: into.id };
  });
}

/** The protocol a merged record points to, or null. */
export async function mergedIntoProtocol(mergedInto: string | null, tx: Db | Tx = db()) {
  if (!mergedInto) return null;
  const [row] = await tx.select({ protocol: serviceRecords.protocol }).from(serviceRecords).where(eq(serviceRecords.id, mergedInto));
  return row?.protocol ?? null;
}

export type MergeCandidate = { id: string; protocol: string; status: string; createdAt: string; responsibleId: string | null };

/**
 * The records `record` may be merged into, for the page's choice: the same CPF, sector and
 * type, open, not merged, in the actor's scope; newest first, at most 20. The CPF index serves it.
 */
export async function mergeCandidates(actor: ServiceActor, id: string) {
  authorize(actor, "services.merge");
  const record = await recordInScope(db(), actor, id);
  if (record.mergedInto || record.recordType === "denuncia_anonima" || !record.requesterCpf) return { record, candidates: [] };
  const rows = await db()
    .select({
      id: serviceRecords.id,
      protocol: serviceRecords.protocol,
      status: serviceRecords.status,
      createdAt: serviceRecords.createdAt,
      responsibleId: serviceRecords.responsibleId,
      serviceType: serviceRecords.serviceType,
      otherType: serviceRecords.otherType,
      sector: serviceRecords.sector,
      recordType: serviceRecords.recordType,
    })
    .from(serviceRecords)
    .where(
      and(
        eq(serviceRecords.requesterCpf, record.requesterCpf),
        ne(serviceRecords.id, record.id),
        eq(serviceRecords.sector, record.sector),
        eq(serviceRecords.serviceType, record.serviceType),
        isNull(serviceRecords.mergedInto),
        inArray(serviceRecords.status, [...OPEN_STATUSES]),
        inArray(serviceRecords.sector, [...serviceScope(actor.role)]),
        ne(serviceRecords.recordType, "denuncia_anonima"),
      ),
    )
    .orderBy(desc(serviceRecords.createdAt))
    .limit(20);
  const candidates: MergeCandidate[] = rows
    .filter((r) => subject(r as ServiceRecordRow) === subject(record))
    .map((r) => ({
      id: r.id,
      protocol: r.protocol,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      responsibleId: r.responsibleId,
    }));
  return { record, candidates };
}

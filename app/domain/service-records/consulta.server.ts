import { and, asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { serviceRecordEntries, serviceRecords } from "~/db/schema";
import { AppError } from "~/utils/app-error";
import { hitRateLimit, isRateLimited, RATE_LIMITS, retryMessage } from "~/utils/rate-limit.server";
import { mergedIntoProtocol } from "./merge-service-records.server";
import { CONSULTA_MESSAGES, type ConsultaView } from "./consulta";
import { MEMBER_AREA_AUTHOR, SECTOR_LABELS, STATUS_LABELS, type ServiceStatus } from "./service-options";
import { consultaAttachments } from "./consulta-attachments.server";
import { REPLY_AUTHOR } from "./receive-reply.server";
import type { ServiceSector } from "~/auth/scopes";
import { firstName } from "~/lib/first-name";

/**
 * The requester's look-up (ADR 135). The client address is only handed to the rate limiter.
 * An unknown protocol and a wrong second factor take the same path and get the same answer
 * (404, one message), and both count as a failure; an anonymous complaint keeps no CPF or
 * e-mail, so it can never be opened here.
 */
export type ConsultaRequester = { throttleKey: string };
/** The heading of the team's entries on the public consulta: no staff name is shown there. */
export const CONSULTA_TEAM = "Equipe do Sindicato";
/** How the requester's own entries are headed: a reply by e-mail, a comment from the member area. */
const REQUESTER_AUTHORS = new Set<string>([REPLY_AUTHOR, MEMBER_AREA_AUTHOR]);

export type Verifier = { kind: "cpf" | "email"; value: string };

async function refuseIfThrottled(requester: ConsultaRequester, protocol: string) {
  const [byAddress, byProtocol] = await Promise.all([
    isRateLimited("serviceConsulta", requester.throttleKey),
    isRateLimited("serviceConsultaProtocol", protocol),
  ]);
  const blocked = [byAddress, byProtocol].find((r) => !r.allowed);
  if (blocked) throw new AppError(429, CONSULTA_MESSAGES.throttled(retryMessage(blocked.retryAfterSeconds)), "protocolo");
}

async function countFailure(requester: ConsultaRequester, protocol: string): Promise<never> {
  const [byAddress, byProtocol] = await Promise.all([
    hitRateLimit("serviceConsulta", requester.throttleKey),
    hitRateLimit("serviceConsultaProtocol", protocol),
  ]);
  // The attempt that uses up the window already says so.
  const blocked =
    byAddress.count >= RATE_LIMITS.serviceConsulta.max
      ? byAddress
      : byProtocol.count >= RATE_LIMITS.serviceConsultaProtocol.max
        ? byProtocol
        : undefined;
  if (blocked) throw new AppError(429, CONSULTA_MESSAGES.throttled(retryMessage(blocked.retryAfterSeconds)), "protocolo");
  throw new AppError(404, CONSULTA_MESSAGES.notFound, "protocolo");
}

function matches(record: { recordType: string; requesterCpf: string | null; requesterEmail: string | null }, verifier: Verifier) {
  if (record.recordType === "denuncia_anonima") return false;
  if (verifier.kind === "cpf") return !!record.requesterCpf && record.requesterCpf.slice(-4) === verifier.value;
  return !!record.requesterEmail && record.requesterEmail.trim().toLowerCase() === verifier.value;
}

/** A record's line in the requester's lists ("Meus atendimentos"): protocol, state, sector, type, dates. */
export const requesterSummaryColumns = {
  protocol: serviceRecords.protocol,
  status: serviceRecords.status,
  sector: serviceRecords.sector,
  serviceType: serviceRecords.serviceType,
  createdAt: serviceRecords.createdAt,
  updatedAt: serviceRecords.updatedAt,
  dueAt: serviceRecords.dueAt,
  mergedInto: serviceRecords.mergedInto,
};

/** The record columns the requester's view is built from (the consulta's and the member area's). */
export const consultaColumns = {
  id: serviceRecords.id,
  recordType: serviceRecords.recordType,
  requesterName: serviceRecords.requesterName,
  requesterCpf: serviceRecords.requesterCpf,
  requesterEmail: serviceRecords.requesterEmail,
  ...requesterSummaryColumns,
};
export type ConsultaRecord = {
  id: string;
  protocol: string;
  requesterName: string;
  status: string;
  sector: string;
  serviceType: string;
  createdAt: Date;
  updatedAt: Date;
  dueAt: Date;
  mergedInto: string | null;
};

/**
 * What the requester may see of a record they were verified for: its public entries, its public
 * files (signed links) and the survivor of a merge. The one mapper of the requester's view: the
 * public consulta and the member area's "Meus atendimentos" (issue 23 §3, ADR 274) both use it.
 */
export async function requesterView(record: ConsultaRecord): Promise<ConsultaView> {
  const entries = await db()
    .select({
      id: serviceRecordEntries.id,
      kind: serviceRecordEntries.kind,
      authorName: serviceRecordEntries.authorName,
      oldStatus: serviceRecordEntries.oldStatus,
      newStatus: serviceRecordEntries.newStatus,
      text: serviceRecordEntries.text,
      createdAt: serviceRecordEntries.createdAt,
    })
    .from(serviceRecordEntries)
    .where(and(eq(serviceRecordEntries.recordId, record.id), eq(serviceRecordEntries.isPublic, true)))
    .orderBy(asc(serviceRecordEntries.id));
  const mergedInto = await mergedIntoProtocol(record.mergedInto);
  const status = record.status as ServiceStatus;
  const sector = record.sector as ServiceSector;
  return {
    protocol: record.protocol,
    firstName: firstName(record.requesterName),
    status,
    statusLabel: STATUS_LABELS[status],
    sector,
    sectorLabel: SECTOR_LABELS[sector],
    serviceType: record.serviceType,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    dueAt: record.dueAt.toISOString(),
    mergedInto,
    entries: entries.map((e) => {
      // The requester's own words (by e-mail, or from the member area: ADR 274), also when copied
      // by a merge; everything else is the team's.
      const fromRequester = e.kind === "reply" || REQUESTER_AUTHORS.has(e.authorName ?? "");
      return {
        id: e.id,
        at: e.createdAt.toISOString(),
        // Who wrote it, as the staff page heads it, but never a staff name.
        author: fromRequester ? (REQUESTER_AUTHORS.has(e.authorName ?? "") ? e.authorName! : REPLY_AUTHOR) : CONSULTA_TEAM,
        text: e.text,
        statusLabel:
          e.kind === "status" || (e.kind === "edit" && e.oldStatus !== e.newStatus) ? STATUS_LABELS[e.newStatus as ServiceStatus] : null,
        fromRequester,
      };
    }),
    // The files the team marked public (issue 22 §3), each with a signed link that expires.
    attachments: await consultaAttachments(record.id),
  };
}

export async function consultServiceRecord(protocol: string, verifier: Verifier, requester: ConsultaRequester): Promise<ConsultaView> {
  await refuseIfThrottled(requester, protocol);
  const [record] = await db().select(consultaColumns).from(serviceRecords).where(eq(serviceRecords.protocol, protocol));
  if (!record || !matches(record, verifier)) return countFailure(requester, protocol);
  return requesterView(record);
}

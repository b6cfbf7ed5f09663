import { sql } from "drizzle-orm";
import { agreements } from "~/db/schema";
import { todayInBrasilia } from "~/lib/dates";
import type { AgreementStatus } from "./agreement-messages";

/**
 * The status shown: draft stays draft; otherwise it follows validTo against Brasília's today,
 * so an agreement whose last day has passed reads as expired without a write (ADR 011).
 */
export function effectiveStatus(today: string = todayInBrasilia()) {
  return sql<AgreementStatus>`case when ${agreements.status} = 'draft' then 'draft' when ${agreements.validTo} < ${today}::date then 'expired' else 'active' end`;
}

/**
 * In force only from its first day: an agreement whose validity starts after Brasília's today is
 * shown as 'A vigorar' while its status stays active for the filters (ADR 094).
 */
export function startsLater(today: string = todayInBrasilia()) {
  return sql<boolean>`${agreements.validFrom} > ${today}::date`.mapWith(Boolean);
}

/** What an agreement says and when it is in force: the columns the staff and the public lists share. */
export const AGREEMENT_TEXT_COLUMNS = {
  id: agreements.id,
  title: agreements.title,
  description: agreements.description,
  company: agreements.company,
  validFrom: agreements.validFrom,
  validTo: agreements.validTo,
};

/** The columns every list reads (never the file bytes): an AgreementRow (agreement-row.ts) each. */
export function agreementColumns(today?: string) {
  return {
    ...AGREEMENT_TEXT_COLUMNS,
    isPublic: agreements.isPublic,
    status: effectiveStatus(today),
    upcoming: startsLater(today),
    fileId: agreements.fileId,
    fileName: agreements.fileName,
    fileSize: agreements.fileSize,
    createdAt: agreements.createdAt,
    updatedAt: agreements.updatedAt,
  };
}

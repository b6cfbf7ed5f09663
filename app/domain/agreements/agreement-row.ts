import type { AgreementStatus } from "./agreement-messages";

/**
 * An agreement (CCT/ACT) as the screens show it (issue 20 §4): plain types, not a .server
 * module, so the use cases return them and the components type their props with them. The
 * staff list reads `agreementColumns()` (agreement-columns.server.ts), whose row is an
 * AgreementRow as it comes.
 */

/** One agreement of the staff list (never the file bytes). */
export type AgreementRow = {
  id: string;
  title: string;
  description: string;
  company: string;
  validFrom: string;
  validTo: string;
  isPublic: boolean;
  /** draft, or active/expired by validTo against Brasília's today (ADR 011). */
  status: AgreementStatus;
  /** Active, but not in force yet ('A vigorar', ADR 094). */
  upcoming: boolean;
  fileId: string | null;
  fileName: string | null;
  fileSize: number | null;
  createdAt: Date;
  updatedAt: Date;
};

/** What the add/edit dialog is handed. */
export type EditableAgreement = Pick<
  AgreementRow,
  "id" | "title" | "description" | "company" | "validFrom" | "validTo" | "isPublic" | "status" | "fileName" | "fileSize"
>;

/** One card of the public page: the file id stays on the server, the page only learns there is a document. */
export type PublicAgreementView = Pick<
  AgreementRow,
  "id" | "title" | "description" | "company" | "validFrom" | "validTo" | "status" | "upcoming" | "fileSize"
> & {
  hasFile: boolean;
};

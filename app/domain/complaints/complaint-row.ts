import type { ComplaintStatus } from "./complaint.schema";

/**
 * What the complaint screens show, as plain types (issue 20 §4): the use cases (*.server) build
 * them and the components render them, without the components importing server code.
 */

export type ComplaintListItem = {
  id: string;
  title: string;
  companyName: string | null;
  location: string | null;
  status: ComplaintStatus;
  createdAt: string;
  updatedAt: string;
  hasEvidence: boolean;
  reporterMessages: number;
};

/** One row of the staff list's query. */
export type ComplaintRecord = Pick<ComplaintListItem, "id" | "title" | "companyName" | "location"> & {
  status: string;
  createdAt: Date;
  updatedAt: Date;
  evidenceFileId: string | null;
  reporterMessages: number | string | null;
};

export function toComplaintListItem(r: ComplaintRecord): ComplaintListItem {
  return {
    id: r.id,
    title: r.title,
    companyName: r.companyName,
    location: r.location,
    status: r.status as ComplaintStatus,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    hasEvidence: r.evidenceFileId != null,
    reporterMessages: Number(r.reporterMessages ?? 0),
  };
}

export type StaffFile = { id: string; fileName: string; contentType: string; size: number };

export type ComplaintDetail = {
  id: string;
  title: string;
  companyName: string | null;
  location: string | null;
  description: string;
  status: ComplaintStatus;
  adminNotes: string | null;
  reviewedByName: string | null;
  reviewedAt: string | null;
  createdAt: string;
  updatedAt: string;
  evidence: StaffFile | null;
  messages: Array<{
    id: string;
    author: "reporter" | "staff";
    visibility: "public" | "internal";
    staffName: string | null;
    body: string;
    createdAt: string;
    file: StaffFile | null;
  }>;
};

/** What the reporter sees with the code: never internal notes, staff names or internal replies. */
export type ReporterView = {
  title: string;
  companyName: string | null;
  location: string | null;
  description: string;
  status: ComplaintStatus;
  statusLabel: string;
  createdAt: string;
  updatedAt: string;
  evidence: { fileName: string; size: number } | null;
  messages: Array<{
    id: string;
    author: "reporter" | "staff";
    body: string;
    createdAt: string;
    file: { fileName: string; size: number } | null;
  }>;
};

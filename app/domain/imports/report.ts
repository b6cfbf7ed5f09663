/** The report of a spreadsheet import (client-safe; ADR 141). */
/** What an import did (dry run) or will do: counts plus the refused rows with their reasons. */
export type ImportReport = {
  total: number;
  created: number;
  updated: number;
  rejected: { row: number; key: string; reason: string }[];
  /**
   * Rows that are valid but look like something already there (a likely duplicate workplace,
   * ADR 217): applied only when the user confirms.
   */
  warnings?: { row: number; key: string; reason: string }[];
  /** True once applied (the commit); false for the dry run. */
  applied: boolean;
};

/** Where an import's commit, run as a job, stands (issue 21 §7, ADR 253). */
export type ImportRunStatus = "queued" | "checking" | "writing" | "done" | "refused" | "failed";

/** A run as the page shows it. */
export type ImportRunView = {
  id: string;
  status: ImportRunStatus;
  fileName: string;
  /** Rows checked (checking) or written (writing) so far. */
  processed: number;
  /** The file's data rows, once the check has counted them. */
  total: number | null;
  /** The outcome's sentence (done, refused, failed). */
  message: string | null;
  report: ImportReport | null;
  /** The report as CSV, for a finished run with a report. */
  reportCsv: string | null;
  createdAt: string;
  finishedAt: string | null;
};

export const importRunActive = (s: ImportRunStatus) => s === "queued" || s === "checking" || s === "writing";

const n = (v: number) => v.toLocaleString("pt-BR");

/** The progress line: "Gravando: 1.250 de 50.000 linhas". */
export function importRunProgressText(run: Pick<ImportRunView, "status" | "processed" | "total">) {
  if (run.status === "queued") return "Na fila: a importação começa em instantes.";
  if (run.status === "checking")
    return run.total !== null
      ? `Conferindo a planilha: ${n(run.processed)} de ${n(run.total)} linhas`
      : `Conferindo a planilha: ${n(run.processed)} ${run.processed === 1 ? "linha conferida" : "linhas conferidas"}`;
  if (run.status === "writing") return `Gravando: ${n(run.processed)} de ${n(run.total ?? run.processed)} linhas`;
  return "";
}

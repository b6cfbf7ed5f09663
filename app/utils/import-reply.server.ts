import { data } from "react-router";
import { importReportCsv, turns, type ImportReport } from "~/domain/imports/spreadsheet.server";
import type { ActionResult } from "./action-result";

export type ImportMessages = {
  previewed: string;
  committed: (r: ImportReport) => string;
  /** The dry run found problems (the page shows them; nothing can be confirmed). */
  withProblems: (n: number) => string;
  /** The commit found problems: nothing was written. */
  refused: (n: number) => string;
  /** The commit found warnings (likely duplicates) not confirmed: nothing was written. */
  unconfirmed?: (n: number) => string;
};

/**
 * The answer of a spreadsheet import's step (issue 18 §2): the dry run is 200 with its report
 * (with or without problems); a commit that applied the file is 200; a commit refused because
 * some row has a problem is 422 with the same report, so the page can list every problem.
 */
export function importReply(intent: "import-preview" | "import-commit", report: ImportReport, messages: ImportMessages) {
  const reportCsv = importReportCsv(report);
  const problems = report.rejected.length;
  if (intent === "import-commit" && !report.applied) {
    const warnings = report.warnings?.length ?? 0;
    const message = problems === 0 && warnings > 0 && messages.unconfirmed ? messages.unconfirmed(warnings) : messages.refused(problems);
    return data<ActionResult & { report: ImportReport; reportCsv: string }>(
      { ok: false, status: 422, intent, message, report, reportCsv },
      { status: 422 },
    );
  }
  const message = report.applied ? messages.committed(report) : problems ? messages.withProblems(problems) : messages.previewed;
  return { message, report, reportCsv };
}

/** The sentence of a step's outcome, as `importReply` says it (the import job's result, ADR 253). */
export function importOutcomeMessage(intent: "import-preview" | "import-commit", report: ImportReport, messages: ImportMessages) {
  const problems = report.rejected.length;
  if (intent === "import-commit" && !report.applied) {
    const warnings = report.warnings?.length ?? 0;
    return problems === 0 && warnings > 0 && messages.unconfirmed ? messages.unconfirmed(warnings) : messages.refused(problems);
  }
  return report.applied ? messages.committed(report) : problems ? messages.withProblems(problems) : messages.previewed;
}

const uploadTurn = turns(1);

/**
 * Runs an import route's action one upload at a time per server process (ADR 174): a multipart
 * post waits for its turn before its body is read, so the bodies of uploads sent together stay
 * in their sockets (back-pressure) instead of in memory. Other posts (plain forms) run at once.
 */
export function oneUploadAtATime<T>(request: Request, action: () => Promise<T>): Promise<T> {
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  return type.startsWith("multipart/form-data") ? uploadTurn(action) : action();
}

import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { db, outsideTransaction, type Tx } from "~/db/client.server";
import { importRuns } from "~/db/schema";
import { authorize, type Actor } from "~/auth/authorize";
import type { Role } from "~/auth/roles";
import { deleteFile, getFile, storeFile } from "~/domain/files/file-store.server";
import {
  applyMemberImport,
  MEMBER_IMPORT_COLUMNS,
  MEMBER_IMPORT_MAX_ROWS,
  MEMBER_IMPORT_MESSAGES,
} from "~/domain/members/import-members.server";
import {
  applyWorkplaceImport,
  WORKPLACE_IMPORT_COLUMNS,
  WORKPLACE_IMPORT_MAX_ROWS,
  WORKPLACE_IMPORT_MESSAGES,
} from "~/domain/fieldwork/import-workplaces.server";
import { z } from "zod";
import { defineJob, enqueueJob, PermanentJobError, type JobContext } from "~/jobs/jobs.server";
import { AppError } from "~/utils/app-error";
import { errorFields, log } from "~/utils/logger.server";
import { importOutcomeMessage, type ImportMessages } from "~/utils/import-reply.server";
import {
  importReportCsv,
  precheckSpreadsheet,
  spreadsheetKind,
  SPREADSHEET_MESSAGES,
  type ImportProgress,
  type ReadOptions,
} from "./spreadsheet.server";
import type { ImportReport, ImportRunStatus, ImportRunView } from "./report";

/**
 * A spreadsheet import's commit as a background job (issue 21 §7, ADR 253). The request stores
 * the file in the file store, records a run and enqueues its job in one transaction, and answers
 * at once; a worker on any instance applies the file (all or nothing, in one transaction with
 * the job's completion) and writes its progress to the run, which the page reads and polls.
 */
export type ImportKind = "members" | "workplaces";

type Upload = { fileName: string; bytes: Buffer };

const KINDS: Record<
  ImportKind,
  {
    permission: "members.import" | "workplaces.import";
    read: ReadOptions;
    messages: ImportMessages & { error: string };
    apply: (tx: Tx, actor: Actor, upload: Upload, options: Record<string, unknown>, progress: ImportProgress) => Promise<ImportReport>;
  }
> = {
  members: {
    permission: "members.import",
    read: { columns: MEMBER_IMPORT_COLUMNS, maxRows: MEMBER_IMPORT_MAX_ROWS },
    messages: MEMBER_IMPORT_MESSAGES,
    apply: (tx, actor, upload, _options, progress) => applyMemberImport(tx, actor, upload, progress),
  },
  workplaces: {
    permission: "workplaces.import",
    read: { columns: WORKPLACE_IMPORT_COLUMNS, maxRows: WORKPLACE_IMPORT_MAX_ROWS },
    messages: WORKPLACE_IMPORT_MESSAGES,
    apply: (tx, actor, upload, options, progress) =>
      applyWorkplaceImport(tx, actor, upload, { confirmDuplicates: options.confirmDuplicates === true }, progress),
  },
};

export const IMPORT_RUN_MESSAGES = {
  started: "Importação iniciada. O andamento aparece abaixo; você pode sair desta página e voltar depois.",
  busy: "Já há uma importação desta planilha em andamento. Aguarde o fim dela para enviar outra.",
} as const;

const ACTIVE: ImportRunStatus[] = ["queued", "checking", "writing"];

/**
 * Starts an import's commit: the file is checked for its kind (415 at once), stored, and the run
 * and its job are recorded in one transaction. One import of each kind at a time (409).
 */
export async function startImportRun(
  kind: ImportKind,
  actor: Actor,
  upload: Upload | undefined,
  options: Record<string, unknown> = {},
): Promise<ImportRunView> {
  authorize(actor, KINDS[kind].permission);
  if (!upload || upload.bytes.length === 0) throw new AppError(400, SPREADSHEET_MESSAGES.missing, "arquivo");
  const fileKind = spreadsheetKind(upload.fileName, upload.bytes);
  // What the start of the file shows is refused at once (4xx); the rest is the job's.
  await precheckSpreadsheet(upload, KINDS[kind].read);
  return db().transaction(async (tx) => {
    const file = await storeFile(
      {
        purpose: `import-${kind}`,
        fileName: upload.fileName.slice(0, 200) || "planilha",
        contentType: fileKind === "xlsx" ? "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" : "text/csv",
        bytes: upload.bytes,
        createdBy: actor.id,
      },
      tx,
    );
    const [run] = await tx
      .insert(importRuns)
      .values({
        kind,
        fileId: file.id,
        fileName: file.fileName,
        actor: { id: actor.id, username: actor.username, role: actor.role },
        options,
      })
      .onConflictDoNothing()
      .returning();
    if (!run) throw new AppError(409, IMPORT_RUN_MESSAGES.busy);
    // Only the latest run is shown: earlier reports (names of the file's rows) are not kept.
    await tx
      .update(importRuns)
      .set({ report: null })
      .where(and(eq(importRuns.kind, kind), sql`${importRuns.id} <> ${run.id}`, sql`${importRuns.report} is not null`));
    const jobId = await enqueueJob(importJob, { runId: run.id }, { tx });
    await tx.update(importRuns).set({ jobId }).where(eq(importRuns.id, run.id));
    return view(run);
  });
}

type RunRow = typeof importRuns.$inferSelect;

function view(run: RunRow): ImportRunView {
  const report = (run.report as ImportReport | null) ?? null;
  return {
    id: run.id,
    status: run.status as ImportRunStatus,
    fileName: run.fileName,
    processed: run.processed,
    total: run.total,
    message: run.message,
    report,
    reportCsv: report && !ACTIVE.includes(run.status as ImportRunStatus) ? importReportCsv(report) : null,
    createdAt: run.createdAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
  };
}

/** The latest import of a kind, running or finished (the page's progress and result). */
export async function latestImportRun(kind: ImportKind, actor: Actor): Promise<ImportRunView | null> {
  authorize(actor, KINDS[kind].permission);
  const [run] = await db().select().from(importRuns).where(eq(importRuns.kind, kind)).orderBy(desc(importRuns.createdAt)).limit(1);
  return run ? view(run) : null;
}

async function finish(
  runId: string,
  status: ImportRunStatus,
  message: string,
  report: ImportReport | null,
  tx: Tx | ReturnType<typeof db> = db(),
) {
  await tx
    .update(importRuns)
    .set({
      status,
      message,
      report,
      fileId: null,
      ...(report ? { processed: report.total, total: report.total } : {}),
      finishedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(importRuns.id, runId));
}

/**
 * The job: the run's file is read from the file store and applied in one transaction that also
 * marks the job done. When the instance dies mid-import its transaction rolls back; the lease
 * runs out and another instance's worker runs the import again from the start — all or
 * nothing, never twice. Registered in app/jobs/app-jobs.server.ts.
 */
export const importJob = defineJob("spreadsheet-import", z.object({ runId: z.uuid() }), (ctx) => runImportJob(ctx), {
  maxAttempts: 3,
  backoffSeconds: 5,
});

async function runImportJob(ctx: JobContext<{ runId: string }>) {
  const [run] = await db().select().from(importRuns).where(eq(importRuns.id, ctx.payload.runId));
  // Finished already (or gone): nothing to do.
  if (!run || !ACTIVE.includes(run.status as ImportRunStatus)) return;
  const kind = KINDS[run.kind as ImportKind];
  const stored = run.fileId ? await getFile(run.fileId) : undefined;
  if (!kind || !stored) {
    await finish(run.id, "failed", kind?.messages.error ?? "Erro ao importar a planilha. Nada foi gravado.", null);
    return;
  }
  const a = run.actor as { id: string; username: string; role: Role };
  const actor: Actor = { id: a.id, username: a.username, role: a.role };
  // A run taken over from a dead instance starts again from the first row.
  await db()
    .update(importRuns)
    .set({ status: "checking", processed: 0, total: null, startedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(importRuns.id, run.id));
  // Written once a batch (500 rows): a hundred one-row updates for the largest file. On
  // PostgreSQL outside the import's transaction (another pooled connection), so every instance
  // sees it at once. The embedded database has one connection that the transaction holds until
  // it ends (any other query waits for it): there the progress goes through the transaction.
  let writer: Tx | ReturnType<typeof db> = db();
  const progress: ImportProgress = async (phase, processed, total) => {
    if (ctx.signal.aborted) throw ctx.signal.reason ?? new Error("importação interrompida");
    await writer
      .update(importRuns)
      .set({ status: phase, processed, total, updatedAt: sql`now()` })
      .where(and(eq(importRuns.id, run.id), inArray(importRuns.status, ACTIVE)));
  };
  try {
    await ctx.complete(async (tx) => {
      writer = outsideTransaction(tx);
      const report = await kind.apply(
        tx,
        actor,
        { fileName: stored.fileName, bytes: stored.data },
        run.options as Record<string, unknown>,
        progress,
      );
      await finish(run.id, report.applied ? "done" : "refused", importOutcomeMessage("import-commit", report, kind.messages), report, tx);
      await deleteFile(stored.id, tx);
    });
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    if (error instanceof AppError) {
      // The file itself is refused (too many rows, unreadable…): said on the page, not retried.
      await finish(run.id, "failed", error.message, null);
      await deleteFile(stored.id);
      return;
    }
    log.error("falha na importação de planilha", { runId: run.id, kind: run.kind, attempt: ctx.job.attempts, ...errorFields(error) });
    // Nothing was written (the transaction rolled back). Not retried: the page says so and the
    // file can be sent again. Only a dead instance's run is taken over (by its lease).
    await finish(run.id, "failed", kind.messages.error, null);
    await deleteFile(stored.id);
    throw new PermanentJobError(error instanceof Error ? error.message : String(error));
  }
}

import * as React from "react";
import { Download, FileCheck2, FileSpreadsheet, Loader2 } from "~/components/icons/sprite";
import { useFormAction } from "~/components/ui/use-form-action";
import type { ActionResult } from "~/utils/action-result";
import { importRunActive, importRunProgressText, type ImportReport, type ImportRunView } from "~/domain/imports/report";
import { UploadCard, UploadField } from "~/components/ui/upload-card";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { Button } from "~/components/ui/button";
import { CheckboxField } from "~/components/ui/checkbox-field";
import { JobProgress } from "~/components/ui/job-progress";
import { useToast } from "~/components/ui/toaster";

type ImportResult = ActionResult & { report?: ImportReport; reportCsv?: string };

const ACCEPT = ".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv";

export type SpreadsheetImportProps = {
  action: string;
  /** The template spreadsheet's download; by default the import's own `<action>/modelo`. */
  templateHref?: string;
  /** The section's title, e.g. "Importar planilha de filiados". */
  title: string;
  /** What the import does, before the template link ("Envie uma planilha … com as colunas do"). */
  intro: React.ReactNode;
  /** What follows the template link. */
  rules: React.ReactNode;
  /** The id of the file input and the data-testid prefix, e.g. "member-import". */
  name: string;
  /** The column heading of the rejected rows' key, e.g. "Filiado". */
  keyLabel: string;
  /** The report's file name, e.g. "relatorio-importacao-filiados.csv". */
  reportFileName: string;
  /** The box that confirms the dry run's warnings (likely duplicates, ADR 217), posted as `confirmDuplicates`. */
  confirmWarningsLabel?: string;
  /** The latest commit, run as a job (ADR 253): its progress while it runs, its result once done. */
  run?: ImportRunView | null;
};

/**
 * A spreadsheet import (the shared model of issues 8 and 10, ADR 141): download the template,
 * send a file for the dry run, read the report with every problem of every row, then confirm
 * the import (the same file is sent again and applied in one transaction). All or nothing: the
 * confirmation is offered only for a file without problems, and a refused commit shows its
 * report too. Busy, with a status line, while the server works.
 */
export function SpreadsheetImport({
  action,
  templateHref = `${action}/modelo`,
  title,
  intro,
  rules,
  name,
  keyLabel,
  reportFileName,
  confirmWarningsLabel = "Confirmo que estas linhas não são duplicadas",
  run,
}: SpreadsheetImportProps) {
  const running = !!run && importRunActive(run.status);
  // The form is cleared (remounted) after a commit only: the dry run keeps the chosen file for it.
  const [formKey, setFormKey] = React.useState(0);
  const toast = useToast();
  // A confirmation is a toast; a dry run's problems are said in the page, beside the report
  // (a toast would cover it, and is no place for a problem: ADR 192).
  const { Form, result, busy, pendingIntent, errors } = useFormAction<ImportResult>({
    toast: false,
    onSuccess: (r) => {
      if (r.message && !r.report?.rejected.length) toast({ type: "success", message: r.message });
      if (r.intent !== "import-commit" || !r.ok) return;
      setFileName(null);
      setFormKey((k) => k + 1);
    },
  });
  const [fileName, setFileName] = React.useState<string | null>(null);
  const [previewed, setPreviewed] = React.useState<string | null>(null);
  const isImport = result?.intent === "import-preview" || result?.intent === "import-commit";
  const report = isImport ? result?.report : undefined;
  React.useEffect(() => {
    if (result?.ok && result.intent === "import-preview") setPreviewed(fileName);
    if (result?.intent === "import-commit" || (result && !result.ok)) setPreviewed(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);
  // All or nothing: a file with any problem cannot be confirmed; it is corrected and validated again.
  const canCommit =
    previewed !== null &&
    previewed === fileName &&
    report &&
    !running &&
    !report.applied &&
    report.rejected.length === 0 &&
    report.created + report.updated > 0;
  // Warnings (likely duplicates) are imported only with the box ticked.
  const warned = !!canCommit && (report?.warnings?.length ?? 0) > 0;
  const [warningsConfirmed, setWarningsConfirmed] = React.useState(false);
  React.useEffect(() => setWarningsConfirmed(false), [report]);
  const problems = !busy && result?.ok && report?.rejected.length ? result.message : "";
  const error = isImport ? (errors.arquivo ?? (result && !result.ok ? result.message : undefined)) : undefined;
  const id = `f-arquivo-${name}`;
  return (
    <UploadCard
      className="mb-6 gap-0 p-4 sm:p-4"
      titleClassName="mb-1 text-base font-semibold text-slate-900"
      icon={FileSpreadsheet}
      title={title}
      description={
        <p className="mb-3">
          {intro}{" "}
          <a href={templateHref} download className="font-semibold text-brand-700 underline underline-offset-2">
            modelo de planilha
          </a>
          . {rules}
        </p>
      }
      data-testid={name}
    >
      <Form key={formKey} method="post" encType="multipart/form-data" action={action} className="grid gap-3" aria-busy={busy} noValidate>
        <UploadField
          id={id}
          name="arquivo"
          label="Planilha (.xlsx ou .csv)"
          accept={ACCEPT}
          fileName={fileName}
          buttonLabel="Selecionar planilha"
          nameTestId={`${name}-file`}
          error={error}
          onFileChange={(file) => {
            setFileName(file?.name ?? null);
            setPreviewed(null);
          }}
        />
        {warned ? (
          <CheckboxField
            id={`${id}-confirmar-duplicados`}
            name="confirmDuplicates"
            label={confirmWarningsLabel}
            hint="A validação encontrou possíveis duplicados (lista abaixo). Confira antes de importar."
            checked={warningsConfirmed}
            onChange={(e) => setWarningsConfirmed(e.currentTarget.checked)}
          />
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" name="intent" value="import-preview" variant="outline" disabled={busy}>
            {busy && pendingIntent === "import-preview" ? <Loader2 aria-hidden className="animate-spin" /> : <FileCheck2 aria-hidden />}{" "}
            Validar planilha
          </Button>
          {canCommit ? (
            <Button type="submit" name="intent" value="import-commit" disabled={busy || (warned && !warningsConfirmed)}>
              {busy && pendingIntent === "import-commit" ? <Loader2 aria-hidden className="animate-spin" /> : null} Confirmar importação
            </Button>
          ) : null}
        </div>
        <p
          role="status"
          className={problems ? "text-sm font-medium text-red-700" : "text-sm text-slate-700"}
          data-testid={`${name}-status`}
        >
          {busy ? (pendingIntent === "import-commit" ? "Importando a planilha, aguarde…" : "Validando a planilha, aguarde…") : problems}
        </p>
      </Form>
      {/* While a file is being sent, the last run's outcome and report give way to the status line. */}
      {run && (running || (!report && !busy)) ? (
        <ImportRunPanel run={run} action={action} name={name} keyLabel={keyLabel} fileName={reportFileName} />
      ) : null}
      {report && !busy ? (
        <ImportReportView report={report} csv={result?.reportCsv} name={name} keyLabel={keyLabel} fileName={reportFileName} />
      ) : null}
    </UploadCard>
  );
}

/**
 * The commit as a job (ADR 253): a progress bar with its count while it runs (the page's data is
 * fetched again every second; without JavaScript the page reloads itself), then the outcome's
 * sentence and the report. Read from the database, so a reload or another instance shows it.
 */
function ImportRunPanel({
  run,
  action,
  name,
  keyLabel,
  fileName,
}: {
  run: ImportRunView;
  action: string;
  name: string;
  keyLabel: string;
  fileName: string;
}) {
  if (importRunActive(run.status)) {
    const determinate = run.status === "writing" || (run.status === "checking" && run.total !== null);
    return (
      <div className="mt-4">
        <JobProgress
          name={name}
          sectionLabel="Importação em andamento"
          label={`Importando ${run.fileName}: todas as linhas ou nenhuma`}
          text={importRunProgressText(run)}
          value={determinate ? run.processed : null}
          max={determinate ? (run.total ?? run.processed) : null}
          refreshHref={action}
        />
      </div>
    );
  }
  return (
    <div className="mt-4 grid gap-2" data-testid={`${name}-run`}>
      <p
        role="status"
        className={run.status === "done" ? "text-sm font-medium text-emerald-800" : "text-sm font-medium text-red-700"}
        data-testid={`${name}-run-status`}
      >
        {run.message}
      </p>
      {run.report ? (
        <ImportReportView report={run.report} csv={run.reportCsv ?? undefined} name={name} keyLabel={keyLabel} fileName={fileName} />
      ) : null}
    </div>
  );
}

/** The report's tables: compact, in a scrolling region, never cards. */
const REPORT_TABLE = {
  stackBelow: "none",
  framed: false,
  className: "overflow-visible",
  headClassName: "bg-slate-50 text-xs uppercase text-slate-600",
} as const;

type ReportLine = { row: number; key: string; reason: string };

function reportColumns(keyLabel: string, reasonLabel: string): DataColumn<ReportLine>[] {
  return [
    { header: "Linha", headerClassName: "px-3 py-2", className: "px-3 py-2 font-mono", cell: (r) => r.row },
    { header: keyLabel, headerClassName: "px-3 py-2", className: "px-3 py-2", cell: (r) => r.key },
    { header: reasonLabel, headerClassName: "px-3 py-2", className: "px-3 py-2", cell: (r) => r.reason },
  ];
}

/** The first 200 lines of a list of the report (the CSV has them all), in a region that scrolls. */
function ReportTable({
  label,
  border,
  testId,
  caption,
  captionClassName,
  lines,
  rowTestId,
  columns,
}: {
  label: string;
  border: string;
  testId?: string;
  caption: string;
  captionClassName?: string;
  lines: ReportLine[];
  rowTestId: string;
  columns: DataColumn<ReportLine>[];
}) {
  return (
    <div
      className={`max-h-72 overflow-auto rounded-md border ${border}`}
      tabIndex={0}
      role="region"
      aria-label={label}
      data-testid={testId}
    >
      <DataTable
        {...REPORT_TABLE}
        caption={caption}
        captionClassName={captionClassName}
        rows={lines.slice(0, 200)}
        rowKey={(r) => r.row}
        rowProps={(r) => ({ "data-testid": `${rowTestId}-${r.row}` })}
        columns={columns}
      />
    </div>
  );
}

function ImportReportView({
  report,
  csv,
  name,
  keyLabel,
  fileName,
}: {
  report: ImportReport;
  csv?: string;
  name: string;
  keyLabel: string;
  fileName: string;
}) {
  const href = React.useMemo(() => (csv ? `data:text/csv;charset=utf-8,${encodeURIComponent(csv)}` : undefined), [csv]);
  return (
    <section aria-label="Relatório da importação" className="mt-4 grid gap-3" data-testid={`${name}-report`}>
      <p className="text-sm font-semibold text-slate-900">
        {report.applied
          ? "Importação aplicada"
          : report.rejected.length
            ? "Nada foi gravado: corrija as linhas abaixo e valide de novo"
            : "Prévia da importação (nada foi gravado)"}
      </p>
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        {(
          [
            ["total", "Linhas", report.total],
            ["created", report.applied ? "Criados" : "A criar", report.created],
            ["updated", report.applied ? "Atualizados" : "A atualizar", report.updated],
            ["rejected", "Rejeitadas", report.rejected.length],
          ] as const
        ).map(([key, label, value]) => (
          <div key={key} className="rounded-md border border-slate-200 px-3 py-2">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-lg font-semibold text-slate-900" data-testid={`import-count-${key}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {report.rejected.length ? (
        <ReportTable
          label="Linhas rejeitadas"
          border="border-slate-200"
          caption="Linhas rejeitadas e todos os seus problemas"
          lines={report.rejected}
          rowTestId="import-rejected"
          columns={reportColumns(keyLabel, "Problemas")}
        />
      ) : null}
      {report.rejected.length > 200 ? (
        <p className="text-xs text-slate-600">Mostrando as 200 primeiras; o relatório completo está no CSV.</p>
      ) : null}
      {report.warnings?.length && !report.applied ? (
        <ReportTable
          label="Possíveis duplicados"
          border="border-amber-300"
          testId={`${name}-warnings`}
          caption={`Possíveis duplicados (${report.warnings.length}): confira antes de importar`}
          captionClassName="bg-amber-50 px-3 py-2 text-left font-semibold text-amber-900"
          lines={report.warnings}
          rowTestId="import-warning"
          columns={reportColumns(keyLabel, "Parece com")}
        />
      ) : null}
      {href ? (
        <p>
          <a
            href={href}
            download={fileName}
            className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 underline underline-offset-2"
          >
            <Download aria-hidden className="size-4" /> Baixar relatório (CSV)
          </a>
        </p>
      ) : null}
    </section>
  );
}

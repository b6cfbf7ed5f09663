import type { ReactNode } from "react";
import { AlertTriangle } from "~/components/icons/sprite";
import {
  codeLabel,
  DIAGNOSTICS_MESSAGES,
  FILE_PURPOSE_LABELS,
  formatBytes,
  formatInterval,
  JOB_FIGURE_LABELS,
  JOB_FIGURES,
  JOB_LABELS,
  JOB_STATE_LABELS,
  serviceErrorText,
  type Diagnostics,
  type Section,
} from "~/domain/diagnostics/diagnostics";
import { formatDateTime } from "~/lib/dates";
import { cn } from "~/lib/cn";
import { Badge } from "~/components/ui/badge";
import { DataTable, ScrollRegion, type DataTableProps } from "~/components/ui/data-table";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

function Panel({
  id,
  title,
  description,
  children,
  className,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card className={cn("min-w-0", className)} aria-labelledby={`${id}-title`} role="region" data-testid={`diag-${id}`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function SectionBody<T>({ section, children }: { section: Section<T>; children: (data: T) => ReactNode }) {
  if (!section.ok) {
    return (
      <p className="flex items-start gap-2 text-sm text-red-800" role="alert">
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          {DIAGNOSTICS_MESSAGES.sectionError}: {section.error}
        </span>
      </p>
    );
  }
  return <>{children(section.data)}</>;
}

function Facts({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
      {items.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium text-slate-600">{term}</dt>
          <dd className="min-w-0 break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const th = "border-b border-slate-200 px-2 py-2 text-left font-semibold text-slate-700";
/** The diagnostics' tables: reference tables in a scrolling region, never cards. */
const REFERENCE = { stackBelow: "none", framed: false, headClassName: "", bodyClassName: "", className: "overflow-visible" } as const;
const td = "border-b border-slate-100 px-2 py-2 text-left align-top text-slate-900";

/**
 * A reference table in a region that scrolls sideways on its own (not the page) on narrow screens,
 * reachable by keyboard and named as the table's caption. Its cells have the `th`/`td` classes
 * unless a column says other classes.
 */
function ReferenceTable<T>({
  caption,
  columns,
  ...table
}: Omit<DataTableProps<T>, "caption" | keyof typeof REFERENCE> & { caption: string }) {
  return (
    <ScrollRegion label={caption} className="-mx-5 px-5">
      <DataTable {...REFERENCE} {...table} caption={caption} columns={columns.map((c) => ({ headerClassName: th, className: td, ...c }))} />
    </ScrollRegion>
  );
}

/** The row's header column of a code (a job's name, a post's id): in a monospace font. */
const CODE_COLUMN = { rowHeader: true, className: `${td} font-mono text-xs font-normal` } as const;

/** A coded name (a task, a kind of file) with its label in words before it, when it has one. */
function Coded({ labels, code, suffix = "" }: { labels: Record<string, string>; code: string; suffix?: string }) {
  const label = codeLabel(labels, code);
  const codeText = <span className="font-mono text-xs">{`${code}${suffix}`}</span>;
  if (!label) return codeText;
  return (
    <>
      <span className="font-sans text-sm text-slate-900">{label}</span> <span className="text-slate-600">({codeText})</span>
    </>
  );
}

function when(value: string | null) {
  return value ? formatDateTime(value) : "—";
}

export function DiagnosticsView({ data }: { data: Diagnostics }) {
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <Panel id="database" title="Banco de dados">
        <SectionBody section={data.database}>
          {(d) => (
            <>
              <Facts
                items={[
                  ["Driver", d.driver],
                  ["Versão do servidor", d.serverVersion],
                  ["Tempo de resposta", `${d.roundTripMs.toLocaleString("pt-BR")} ms`],
                  ["Migrações aplicadas", `${d.migrationsApplied} de ${d.migrationsKnown}`],
                  ["Última migração", d.latestMigration ?? "—"],
                ]}
              />
              {d.pending.length ? (
                <p className="mt-3 text-sm text-amber-900" role="alert">
                  Migrações pendentes: {d.pending.join(", ")}
                </p>
              ) : null}
            </>
          )}
        </SectionBody>
      </Panel>

      <Panel id="files" title="Arquivos armazenados" description="Guardados no próprio banco de dados.">
        <SectionBody section={data.files}>
          {(f) => (
            <>
              <Facts
                items={[
                  ["Arquivos", f.count.toLocaleString("pt-BR")],
                  ["Tamanho total", formatBytes(f.bytes)],
                ]}
              />
              {f.byPurpose.length ? (
                <ul className="mt-3 space-y-1 text-sm text-slate-700">
                  {f.byPurpose.map((p) => (
                    <li key={p.purpose}>
                      <Coded labels={FILE_PURPOSE_LABELS} code={p.purpose} />: {p.count.toLocaleString("pt-BR")} ({formatBytes(p.bytes)})
                    </li>
                  ))}
                </ul>
              ) : null}
            </>
          )}
        </SectionBody>
      </Panel>

      <Panel id="email" title="E-mail">
        <SectionBody section={data.email}>
          {(m) =>
            m.mode === "smtp" ? (
              <Facts
                items={[
                  ["Envio", "Servidor SMTP"],
                  ["Servidor", <span className="font-mono text-xs">{m.host}</span>],
                  ["Situação", m.reachable ? <Badge tone="success">Acessível</Badge> : <Badge tone="danger">Inacessível</Badge>],
                  ["Tempo de resposta", `${m.ms.toLocaleString("pt-BR")} ms`],
                  ...(m.error ? ([["Erro", m.error]] as Array<[string, ReactNode]>) : []),
                ]}
              />
            ) : (
              <Facts
                items={[
                  ["Envio", <Badge tone="warning">Caixa de saída</Badge>],
                  ["Motivo", "SMTP_URL não configurado; cada e-mail vira um arquivo .eml"],
                  ["Pasta", <span className="break-all font-mono text-xs">{m.dir}</span>],
                  ["Mensagens", m.files.toLocaleString("pt-BR")],
                ]}
              />
            )
          }
        </SectionBody>
      </Panel>

      <Panel id="services" title="Serviços externos" className="lg:col-span-3">
        <SectionBody section={data.services}>
          {(list) => (
            <ReferenceTable
              caption="Serviços externos"
              tableClassName="min-w-[42rem]"
              rows={list}
              rowKey={(s) => s.service}
              rowProps={(s) => ({ "data-service": s.service })}
              columns={[
                { header: "Serviço", rowHeader: true, className: `${td} font-medium`, cell: (s) => s.label },
                { header: "Configurado", cell: (s) => s.configured },
                {
                  header: "Situação",
                  colSpan: (s) => (s.record ? undefined : 4),
                  cell: (s) =>
                    s.record ? (
                      s.record.lastOk ? (
                        <Badge tone="success">OK</Badge>
                      ) : (
                        <Badge tone="danger">Falha</Badge>
                      )
                    ) : (
                      <span className="text-slate-600">{DIAGNOSTICS_MESSAGES.noRecord}</span>
                    ),
                },
                { header: "Último sucesso", cell: (s) => when(s.record!.lastSuccessAt) },
                {
                  header: "Último erro",
                  cell: (s) =>
                    s.record!.lastErrorAt ? (
                      <>
                        {when(s.record!.lastErrorAt)}
                        <span className="block break-words text-xs text-slate-600">
                          {s.record!.lastError && serviceErrorText(s.record!.lastError)}
                        </span>
                      </>
                    ) : (
                      "—"
                    ),
                },
                {
                  header: "Chamadas (falhas)",
                  cell: (s) => `${s.record!.calls.toLocaleString("pt-BR")} (${s.record!.failures.toLocaleString("pt-BR")})`,
                },
              ]}
            />
          )}
        </SectionBody>
      </Panel>

      <Panel id="jobs" title="Tarefas em segundo plano" className="lg:col-span-3">
        <SectionBody section={data.jobs}>
          {(j) => (
            <div className="space-y-6">
              <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
                {JOB_FIGURES.map((s) => (
                  <div key={s} className="rounded-lg border border-slate-200 p-3" data-job-state={s}>
                    <dt className="text-sm text-slate-600">{JOB_FIGURE_LABELS[s]}</dt>
                    <dd
                      className={cn(
                        "text-2xl font-bold text-navy-950",
                        j.counts[s] && (s === "failed" ? "text-red-700" : s === "retrying" ? "text-amber-800" : null),
                      )}
                    >
                      {j.counts[s].toLocaleString("pt-BR")}
                    </dd>
                  </div>
                ))}
              </dl>

              <div>
                <h3 className="mb-2 font-semibold text-slate-900">Agendamentos</h3>
                {j.schedules.length ? (
                  <ReferenceTable
                    caption="Agendamentos"
                    tableClassName="min-w-[32rem]"
                    rows={j.schedules}
                    rowKey={(s) => s.name}
                    columns={[
                      { ...CODE_COLUMN, header: "Tarefa", cell: (s) => <Coded labels={JOB_LABELS} code={s.name} /> },
                      { header: "Frequência", cell: (s) => formatInterval(s.everySeconds) },
                      { header: "Última vez", cell: (s) => when(s.lastEnqueuedAt) },
                      { header: "Próxima", cell: (s) => when(s.nextRunAt) },
                    ]}
                  />
                ) : (
                  <p className="text-sm text-slate-600">Nenhum agendamento.</p>
                )}
              </div>

              <div>
                <h3 className="mb-2 font-semibold text-slate-900">Últimas falhas</h3>
                {j.failures.length ? (
                  <ReferenceTable
                    caption="Últimas falhas"
                    tableClassName="min-w-[42rem]"
                    data-testid="job-failures"
                    rows={j.failures}
                    rowKey={(f) => f.id}
                    columns={[
                      { ...CODE_COLUMN, header: "Tarefa", cell: (f) => <Coded labels={JOB_LABELS} code={f.name} suffix={` #${f.id}`} /> },
                      { header: "Quando", cell: (f) => when(f.at) },
                      { header: "Tentativas", cell: (f) => `${f.attempts} de ${f.maxAttempts}` },
                      {
                        header: "Situação",
                        cell: (f) =>
                          f.state === "failed" ? (
                            <Badge tone="danger">Falhou</Badge>
                          ) : f.state === "queued" ? (
                            <Badge tone="warning">Nova tentativa {when(f.runAt)}</Badge>
                          ) : (
                            <Badge tone="neutral">{JOB_STATE_LABELS[f.state as keyof typeof JOB_STATE_LABELS] ?? f.state}</Badge>
                          ),
                      },
                      { header: "Erro", className: `${td} break-words`, cell: (f) => (f.lastError ? serviceErrorText(f.lastError) : null) },
                    ]}
                  />
                ) : (
                  <p className="text-sm text-slate-600">{DIAGNOSTICS_MESSAGES.noFailures}</p>
                )}
              </div>
            </div>
          )}
        </SectionBody>
      </Panel>

      <Panel id="instagram" title="Posts do Instagram em cache" className="lg:col-span-3">
        <SectionBody section={data.instagramPosts}>
          {(posts) =>
            posts.length ? (
              <ReferenceTable
                caption="Posts do Instagram em cache"
                tableClassName="min-w-[42rem]"
                rows={posts}
                rowKey={(p) => p.id}
                rowProps={(p) => ({ "data-post": p.id })}
                columns={[
                  { ...CODE_COLUMN, header: "id", cell: (p) => p.id },
                  { header: "caption", className: `${td} max-w-md break-words`, cell: (p) => p.caption ?? "—" },
                  {
                    header: "media_url",

                    className: `${td} font-mono text-xs`,
                    cell: (p) =>
                      p.media_url ? (
                        <a href={p.media_url} className="text-brand-700 underline underline-offset-2">
                          {p.media_url}
                        </a>
                      ) : (
                        "—"
                      ),
                  },
                  { header: "timestamp", cell: (p) => formatDateTime(p.timestamp) },
                ]}
              />
            ) : (
              <p className="text-sm text-slate-600">{DIAGNOSTICS_MESSAGES.noPosts}</p>
            )
          }
        </SectionBody>
      </Panel>
    </div>
  );
}

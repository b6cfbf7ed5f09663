import type { ReactNode } from "react";
import { AlertTriangle } from "lucide-react";
import {
  DIAGNOSTICS_MESSAGES,
  formatBytes,
  formatInterval,
  JOB_STATE_LABELS,
  JOB_STATES,
  type Diagnostics,
  type Section,
} from "~/domain/diagnostics/diagnostics";
import { formatDateTime } from "~/lib/dates";
import { cn } from "~/lib/cn";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

function Panel({ id, title, description, children, className }: { id: string; title: string; description?: string; children: ReactNode; className?: string }) {
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

/** A table that scrolls sideways on its own (not the page) on narrow screens; reachable by keyboard. */
function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="-mx-5 overflow-x-auto px-5" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

const th = "border-b border-slate-200 px-2 py-2 text-left font-semibold text-slate-700";
const td = "border-b border-slate-100 px-2 py-2 text-left align-top text-slate-900";

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
                      <span className="font-mono text-xs">{p.purpose}</span>: {p.count.toLocaleString("pt-BR")} ({formatBytes(p.bytes)})
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
            <TableScroll label="Serviços externos">
              <table className="w-full min-w-[42rem] text-sm">
                <thead>
                  <tr>
                    <th scope="col" className={th}>Serviço</th>
                    <th scope="col" className={th}>Configurado</th>
                    <th scope="col" className={th}>Situação</th>
                    <th scope="col" className={th}>Último sucesso</th>
                    <th scope="col" className={th}>Último erro</th>
                    <th scope="col" className={th}>Chamadas (falhas)</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((s) => (
                    <tr key={s.service} data-service={s.service}>
                      <th scope="row" className={`${td} font-medium`}>{s.label}</th>
                      <td className={td}>{s.configured}</td>
                      {s.record ? (
                        <>
                          <td className={td}>{s.record.lastOk ? <Badge tone="success">OK</Badge> : <Badge tone="danger">Falha</Badge>}</td>
                          <td className={td}>{when(s.record.lastSuccessAt)}</td>
                          <td className={td}>
                            {s.record.lastErrorAt ? (
                              <>
                                {when(s.record.lastErrorAt)}
                                <span className="block break-words text-xs text-slate-600">{s.record.lastError}</span>
                              </>
                            ) : (
                              "—"
                            )}
                          </td>
                          <td className={td}>
                            {s.record.calls.toLocaleString("pt-BR")} ({s.record.failures.toLocaleString("pt-BR")})
                          </td>
                        </>
                      ) : (
                        <td className={`${td} text-slate-600`} colSpan={4}>
                          {DIAGNOSTICS_MESSAGES.noRecord}
                        </td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
        </SectionBody>
      </Panel>

      <Panel id="jobs" title="Tarefas em segundo plano" className="lg:col-span-3">
        <SectionBody section={data.jobs}>
          {(j) => (
            <div className="space-y-6">
              <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                {JOB_STATES.map((s) => (
                  <div key={s} className="rounded-lg border border-slate-200 p-3" data-job-state={s}>
                    <dt className="text-sm text-slate-600">{JOB_STATE_LABELS[s]}</dt>
                    <dd className={`text-2xl font-bold ${s === "failed" && j.counts[s] ? "text-red-700" : "text-navy-950"}`}>
                      {j.counts[s].toLocaleString("pt-BR")}
                    </dd>
                  </div>
                ))}
              </dl>

              <div>
                <h3 className="mb-2 font-semibold text-slate-900">Agendamentos</h3>
                {j.schedules.length ? (
                  <TableScroll label="Agendamentos">
                    <table className="w-full min-w-[32rem] text-sm">
                      <thead>
                        <tr>
                          <th scope="col" className={th}>Tarefa</th>
                          <th scope="col" className={th}>Frequência</th>
                          <th scope="col" className={th}>Última vez</th>
                          <th scope="col" className={th}>Próxima</th>
                        </tr>
                      </thead>
                      <tbody>
                        {j.schedules.map((s) => (
                          <tr key={s.name}>
                            <th scope="row" className={`${td} font-mono text-xs font-normal`}>{s.name}</th>
                            <td className={td}>{formatInterval(s.everySeconds)}</td>
                            <td className={td}>{when(s.lastEnqueuedAt)}</td>
                            <td className={td}>{when(s.nextRunAt)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </TableScroll>
                ) : (
                  <p className="text-sm text-slate-600">Nenhum agendamento.</p>
                )}
              </div>

              <div>
                <h3 className="mb-2 font-semibold text-slate-900">Últimas falhas</h3>
                {j.failures.length ? (
                  <TableScroll label="Últimas falhas">
                    <table className="w-full min-w-[42rem] text-sm" data-testid="job-failures">
                      <thead>
                        <tr>
                          <th scope="col" className={th}>Tarefa</th>
                          <th scope="col" className={th}>Quando</th>
                          <th scope="col" className={th}>Tentativas</th>
                          <th scope="col" className={th}>Situação</th>
                          <th scope="col" className={th}>Erro</th>
                        </tr>
                      </thead>
                      <tbody>
                        {j.failures.map((f) => (
                          <tr key={f.id}>
                            <th scope="row" className={`${td} font-mono text-xs font-normal`}>
                              {f.name} #{f.id}
                            </th>
                            <td className={td}>{when(f.at)}</td>
                            <td className={td}>
                              {f.attempts} de {f.maxAttempts}
                            </td>
                            <td className={td}>
                              {f.state === "failed" ? (
                                <Badge tone="danger">Falhou</Badge>
                              ) : f.state === "queued" ? (
                                <Badge tone="warning">Nova tentativa {when(f.runAt)}</Badge>
                              ) : (
                                <Badge tone="neutral">{JOB_STATE_LABELS[f.state as keyof typeof JOB_STATE_LABELS] ?? f.state}</Badge>
                              )}
                            </td>
                            <td className={`${td} break-words`}>{f.lastError}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </TableScroll>
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
              <TableScroll label="Posts do Instagram em cache">
                <table className="w-full min-w-[42rem] text-sm">
                  <thead>
                    <tr>
                      <th scope="col" className={th}>id</th>
                      <th scope="col" className={th}>caption</th>
                      <th scope="col" className={th}>media_url</th>
                      <th scope="col" className={th}>timestamp</th>
                    </tr>
                  </thead>
                  <tbody>
                    {posts.map((p) => (
                      <tr key={p.id} data-post={p.id}>
                        <th scope="row" className={`${td} font-mono text-xs font-normal`}>{p.id}</th>
                        <td className={`${td} max-w-md break-words`}>{p.caption ?? "—"}</td>
                        <td className={`${td} font-mono text-xs`}>
                          {p.media_url ? (
                            <a href={p.media_url} className="text-brand-700 underline underline-offset-2">
                              {p.media_url}
                            </a>
                          ) : (
                            "—"
                          )}
                        </td>
                        <td className={td}>{formatDateTime(p.timestamp)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            ) : (
              <p className="text-sm text-slate-600">{DIAGNOSTICS_MESSAGES.noPosts}</p>
            )
          }
        </SectionBody>
      </Panel>
    </div>
  );
}

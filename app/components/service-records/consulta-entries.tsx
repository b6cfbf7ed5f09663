import { Building2, CalendarPlus, Hourglass, RefreshCw, ShieldCheck, UserRound } from "~/components/icons/sprite";
import { MetaItem } from "~/components/complaints/meta-item";
import type { ConsultaView } from "~/domain/service-records/consulta";
import { formatDate, formatDateTime } from "~/lib/dates";
import { cn } from "~/lib/cn";

/**
 * A record's public entries as the requester sees them (the public consulta and the member
 * area's "Meus atendimentos", ADR 274): the team's public comments and status changes, and the
 * requester's own comments, said to be theirs ("Você" in the member area, who wrote them on the
 * public consulta).
 */
export function ConsultaEntries({ entries, requesterLabel }: { entries: ConsultaView["entries"]; requesterLabel?: string }) {
  if (entries.length === 0)
    return (
      <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-700">
        Ainda não há registros públicos neste atendimento.
      </p>
    );
  return (
    <ol className="grid gap-3" data-testid="consulta-entries">
      {entries.map((e) => (
        <li
          key={e.id}
          className={cn("rounded-xl border p-4", e.fromRequester ? "border-slate-200 bg-white" : "border-navy-200 bg-navy-50")}
          data-testid="consulta-entry"
          data-from={e.fromRequester ? "requester" : "team"}
        >
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-700">
            {e.fromRequester ? (
              <UserRound className="size-4 text-slate-600" aria-hidden />
            ) : (
              <ShieldCheck className="size-4 text-navy-700" aria-hidden />
            )}
            <span className="font-semibold text-slate-900">{e.fromRequester ? (requesterLabel ?? e.author) : e.author}</span>
            <span aria-hidden>·</span>
            <time dateTime={e.at}>{formatDateTime(e.at)}</time>
          </p>
          {e.statusLabel ? <p className="mt-2 text-sm font-medium text-slate-900">Status atualizado para {e.statusLabel}</p> : null}
          <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-900">{e.text}</p>
        </li>
      ))}
    </ol>
  );
}

/** A record's facts as the requester sees them: sector and subject, opened, last update, deadline. */
export function ConsultaFacts({ view, sectorLabel = "Setor" }: { view: ConsultaView; sectorLabel?: string }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <MetaItem icon={Building2} label={sectorLabel}>
        {view.sectorLabel} · {view.serviceType}
      </MetaItem>
      <MetaItem icon={CalendarPlus} label="Aberto em">
        <time dateTime={view.createdAt}>{formatDateTime(view.createdAt)}</time>
      </MetaItem>
      <MetaItem icon={RefreshCw} label="Última atualização">
        <time dateTime={view.updatedAt}>{formatDateTime(view.updatedAt)}</time>
      </MetaItem>
      <MetaItem icon={Hourglass} label="Prazo previsto">
        <time dateTime={view.dueAt}>{formatDate(view.dueAt)}</time>
      </MetaItem>
    </dl>
  );
}

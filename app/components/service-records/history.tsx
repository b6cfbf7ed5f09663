import { formatDateTime } from "~/lib/dates";
import { STATUS_LABELS, UNASSIGNED, type ServiceStatus } from "~/domain/service-records/service-options";

export type HistoryEntry = {
  id: number;
  kind: string;
  authorName: string;
  responsibleName: string;
  oldStatus: string | null;
  newStatus: string;
  text: string;
  isPublic: boolean;
  createdAt: string | Date;
};

/** The separator's name: the creation entry of a record opened before anyone was assigned names its registrant. */
const separatorName = (e: HistoryEntry) => (e.kind === "created" && e.responsibleName === UNASSIGNED ? e.authorName : e.responsibleName);

const label = (s: string | null) => (s ? (STATUS_LABELS[s as ServiceStatus] ?? s) : "");

/**
 * The history in the original's log format: a separator line with the pt-BR date and time and
 * the responsible name, then the text (status changes say from what to what).
 */
export function History({ entries }: { entries: HistoryEntry[] }) {
  if (entries.length === 0) return <p className="text-sm text-slate-600">Nenhum comentário registrado.</p>;
  return (
    <ol className="grid gap-4" data-testid="service-history">
      {entries.map((e) => (
        <li key={e.id} className="break-inside-avoid">
          <p className="font-mono text-xs font-semibold text-slate-700">
            --- <time dateTime={new Date(e.createdAt).toISOString()}>{formatDateTime(e.createdAt)}</time> - {separatorName(e)} ---
          </p>
          {e.kind === "status" || (e.kind === "edit" && e.oldStatus !== e.newStatus) ? (
            <p className="text-sm font-semibold text-navy-900">
              Status atualizado de {label(e.oldStatus)} para {label(e.newStatus)}
            </p>
          ) : null}
          {e.kind === "edit" ? <p className="text-sm font-semibold text-navy-900">Dados do chamado editados</p> : null}
          <p className="whitespace-pre-wrap text-sm text-slate-800">{e.text}</p>
          <p className="text-xs text-slate-600">
            Registrado por {e.authorName}
            {e.isPublic ? " · visível na consulta pública" : ""}
          </p>
        </li>
      ))}
    </ol>
  );
}

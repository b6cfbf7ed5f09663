import { formatDateTime } from "~/lib/dates";
import { Paperclip } from "~/components/icons/sprite";
import { STATUS_LABELS, UNASSIGNED, type ServiceStatus } from "~/domain/service-records/service-options";
import { MEMBER_AREA_AUTHOR } from "~/domain/member-area/my-services";

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

/**
 * The separator's name: who wrote the entry (the staff user, or the requester for a reply by
 * e-mail), never the record's responsible at the time, which the line under the text gives.
 */
const separatorName = (e: HistoryEntry) => e.authorName;

const label = (s: string | null) => (s ? (STATUS_LABELS[s as ServiceStatus] ?? s) : "");

/**
 * The history in the original's log format: a separator line with the pt-BR date and time and
 * the author's name, then the text (status changes say from what to what).
 */
/** A file a requester's e-mail reply brought (issue 22 §5, ADR 264), listed under its entry. */
export type HistoryFile = { entryId: number; id: string; fileName: string; size: number };

const kb = (size: number) => `${Math.max(1, Math.round(size / 1024)).toLocaleString("pt-BR")} KB`;

export function History({
  entries,
  files = [],
  fileHref,
}: {
  entries: HistoryEntry[];
  files?: HistoryFile[];
  fileHref?: (id: string) => string;
}) {
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
          {e.kind === "reply" ? (
            <p className="text-sm font-semibold text-navy-900">
              {e.authorName === MEMBER_AREA_AUTHOR
                ? "Comentário do solicitante pela Área do Filiado"
                : "Resposta do solicitante por e-mail"}
            </p>
          ) : null}
          <p className="whitespace-pre-wrap text-sm text-slate-800">{e.text}</p>
          {fileHref && files.some((f) => f.entryId === e.id) ? (
            <ul className="mt-1 grid gap-1" aria-label="Anexos da resposta">
              {files
                .filter((f) => f.entryId === e.id)
                .map((f) => (
                  <li key={f.id}>
                    <a
                      href={fileHref(f.id)}
                      className="inline-flex items-center gap-1 text-sm font-medium text-navy-800 underline"
                      download
                    >
                      <Paperclip aria-hidden className="size-4" /> {f.fileName} <span className="text-slate-600">({kb(f.size)})</span>
                    </a>
                  </li>
                ))}
            </ul>
          ) : null}
          <p className="text-xs text-slate-600">
            {/* The requester wrote a reply: the line names who answers for the record, not its author. */}
            {e.kind === "reply" ? "Responsável pelo atendimento" : "Responsável"}:{" "}
            {e.responsibleName === UNASSIGNED ? "não definido" : e.responsibleName}
            {e.isPublic ? " · visível na consulta pública" : ""}
          </p>
        </li>
      ))}
    </ol>
  );
}

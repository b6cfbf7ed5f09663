import { Download, FileText, Image as ImageIcon } from "~/components/icons/sprite";
import { ATTACHMENT_MESSAGES, formatFileSize } from "~/domain/service-records/attachments";
import type { ConsultaView } from "~/domain/service-records/consulta";

/**
 * The files the team marked public, on the requester's consulta (issue 22 §3, ADR 262). Each link
 * is signed and expires; a new consulta gives new ones.
 */
export function ConsultaAttachments({ attachments }: { attachments: ConsultaView["attachments"] }) {
  if (attachments.length === 0) return null;
  return (
    <div className="grid gap-3" data-testid="consulta-attachments">
      <h3 className="text-base font-semibold text-navy-950">Documentos</h3>
      <ul className="grid gap-2">
        {attachments.map((a) => {
          const Icon = a.contentType === "application/pdf" ? FileText : ImageIcon;
          return (
            <li key={a.id} className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-3">
              <Icon aria-hidden className="size-5 shrink-0 text-slate-600" />
              <div className="min-w-0 flex-1">
                <a
                  href={a.href}
                  download
                  className="inline-flex min-h-11 items-center gap-1 break-all text-sm font-semibold text-brand-800 underline underline-offset-2"
                  data-testid="consulta-attachment-link"
                >
                  <Download aria-hidden className="size-4 shrink-0" /> {a.fileName}
                </a>
                <p className="text-xs text-slate-700">{formatFileSize(a.size)}</p>
              </div>
            </li>
          );
        })}
      </ul>
      <p className="text-xs text-slate-700">{ATTACHMENT_MESSAGES.consultaLinks}</p>
    </div>
  );
}

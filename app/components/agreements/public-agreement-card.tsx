import { FileText } from "~/components/icons/public-icons";
import { Building2, CalendarRange, Download } from "./agreement-icons";
import { cn } from "~/lib/cn";
import { formatDate } from "~/lib/dates";
import { Button } from "~/components/ui/button";
import { formatFileSize, pdfHref, type AgreementStatus } from "~/domain/agreements/agreement-messages";
import type { PublicAgreementView } from "~/domain/agreements/agreement-row";
import { AgreementStatusBadge } from "./agreement-status-badge";

const STRIPES: Record<AgreementStatus, string> = {
  active: "from-brand-600 via-brand-500 to-flame-400",
  expired: "from-slate-400 to-slate-300",
  draft: "from-amber-400 to-amber-300",
};

/** One end of the validity: its name and the date (ISO, shown dd/mm/aaaa). */
function ValidityDate({ term, date }: { term: string; date: string }) {
  return (
    <div>
      <dt className="text-xs text-slate-600">{term}</dt>
      <dd className="font-semibold text-slate-900">
        <time dateTime={date}>{formatDate(date)}</time>
      </dd>
    </div>
  );
}

export function PublicAgreementCard({ agreement: a }: { agreement: PublicAgreementView }) {
  const titleId = `convencao-${a.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md"
      data-testid="agreement-card"
    >
      <div aria-hidden className={cn("h-1.5 bg-gradient-to-r", STRIPES[a.status])} />
      <div className="flex flex-1 flex-col gap-4 p-5 sm:p-6">
        <div className="flex items-start justify-between gap-3">
          <span className="inline-flex items-center rounded-md bg-navy-950 px-2 py-1 text-xs font-bold tabular-nums tracking-wide text-white">
            {a.validFrom.slice(0, 4)}
          </span>
          <AgreementStatusBadge status={a.status} upcoming={a.upcoming} />
        </div>
        <div className="grid gap-2">
          <h3 id={titleId} className="text-lg font-bold leading-snug text-navy-950">
            {a.title}
          </h3>
          <p className="flex items-start gap-1.5 text-sm font-medium text-brand-800">
            <Building2 className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>{a.company}</span>
          </p>
        </div>
        <p className="line-clamp-4 text-sm leading-relaxed text-slate-700">{a.description}</p>
        <div className="mt-auto rounded-xl bg-slate-50 p-3 text-sm">
          <p className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-slate-600">
            <CalendarRange className="size-4" aria-hidden />
            Vigência
          </p>
          <dl className="mt-2 grid grid-cols-2 gap-3">
            <ValidityDate term="Início" date={a.validFrom} />
            <ValidityDate term="Término" date={a.validTo} />
          </dl>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4">
          {a.hasFile ? (
            <>
              <span className="inline-flex items-center gap-1.5 text-xs font-medium text-slate-600">
                <FileText className="size-4 text-brand-700" aria-hidden />
                PDF{a.fileSize ? ` · ${formatFileSize(a.fileSize)}` : ""}
              </span>
              <Button asChild size="sm">
                <a href={pdfHref(a.id)} download data-testid="agreement-download">
                  <Download aria-hidden />
                  Baixar PDF<span className="sr-only">: {a.title}</span>
                </a>
              </Button>
            </>
          ) : (
            <span className="text-xs font-medium text-slate-600">Documento em breve</span>
          )}
        </div>
      </div>
    </article>
  );
}

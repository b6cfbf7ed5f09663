import { Link } from "react-router";
import { ChevronLeft, ChevronRight } from "~/components/icons/sprite";
import { cn } from "~/lib/cn";
import { paginationWindow } from "~/lib/pagination";

const item = "inline-flex h-11 min-w-11 items-center justify-center gap-1 rounded-lg px-3 text-sm font-semibold";
const plain = "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50";
const off = "border border-slate-200 bg-slate-50 text-slate-500";

/**
 * The back-office's one pager (issue 20 §2): "Anterior", the page numbers around the current
 * one (or "Página X de Y" with `numbered={false}`), "Próxima". Links, so it works without
 * JavaScript and every page has its address. Nothing is shown for a single page.
 */
export function Pager({
  page,
  pageCount,
  hrefFor,
  label,
  numbered = true,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  /** The navigation's name, e.g. "Paginação dos filiados". */
  label: string;
  numbered?: boolean;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={cn(item, plain)} rel="prev">
          <ChevronLeft className="size-4" aria-hidden /> Anterior
        </Link>
      ) : (
        <span className={cn(item, off)}>
          <ChevronLeft className="size-4" aria-hidden /> Anterior
        </span>
      )}
      {numbered ? (
        <ul className="flex flex-wrap items-center gap-1">
          {paginationWindow(page, pageCount).map((p) => (
            <li key={p}>
              <Link
                to={hrefFor(p)}
                aria-current={p === page ? "page" : undefined}
                aria-label={`Página ${p}`}
                className={cn(item, p === page ? "bg-navy-900 text-white" : plain)}
              >
                {p}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <span className="text-sm text-slate-700">
          Página {page} de {pageCount}
        </span>
      )}
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className={cn(item, plain)} rel="next">
          Próxima <ChevronRight className="size-4" aria-hidden />
        </Link>
      ) : (
        <span className={cn(item, off)}>
          Próxima <ChevronRight className="size-4" aria-hidden />
        </span>
      )}
    </nav>
  );
}

/**
 * The same pager for a list read by cursor (newest first, no page count: the audit log):
 * "Mais recentes", "Primeira página" when not on it, "Mais antigos". Nothing is shown when there
 * is one page.
 */
export function CursorPager({
  label,
  newerHref,
  olderHref,
  firstHref,
  newerLabel = "Mais recentes",
  olderLabel = "Mais antigos",
}: {
  label: string;
  /** The newer page's address, or null on the first page. */
  newerHref: string | null;
  /** The older page's address, or null on the last page. */
  olderHref: string | null;
  firstHref: string;
  newerLabel?: string;
  olderLabel?: string;
}) {
  if (!newerHref && !olderHref) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-2">
      {newerHref ? (
        <Link to={newerHref} className={cn(item, plain)} rel="prev">
          <ChevronLeft className="size-4" aria-hidden /> {newerLabel}
        </Link>
      ) : (
        <span />
      )}
      {newerHref ? (
        <Link to={firstHref} className={cn(item, "text-slate-800 hover:bg-slate-100")}>
          Primeira página
        </Link>
      ) : null}
      {olderHref ? (
        <Link to={olderHref} className={cn(item, plain)} rel="next">
          {olderLabel} <ChevronRight className="size-4" aria-hidden />
        </Link>
      ) : null}
    </nav>
  );
}

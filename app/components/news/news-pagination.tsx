import { Link } from "react-router";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { cn } from "~/lib/cn";

/** Page numbers to show: first, last, and the current one with its neighbours; gaps as null. */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const wanted = new Set([1, pageCount, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pageCount));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push(null);
    out.push(p);
  });
  return out;
}

/** Page links that work without JavaScript (`?pagina=N`, other search params kept). */
export function NewsPagination({
  page,
  pageCount,
  hrefFor,
  label = "Paginação das notícias",
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  label?: string;
}) {
  if (pageCount <= 1) return null;
  const item = "inline-flex h-11 min-w-11 items-center justify-center gap-1 rounded-lg px-3 text-sm font-semibold";
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={cn(item, "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50")} rel="prev">
          <ChevronLeft className="size-4" aria-hidden /> Anterior
        </Link>
      ) : null}
      <ul className="flex flex-wrap items-center gap-1">
        {pageWindow(page, pageCount).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} aria-hidden className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={p}>
              <Link
                to={hrefFor(p)}
                aria-current={p === page ? "page" : undefined}
                aria-label={`Página ${p}`}
                className={cn(
                  item,
                  p === page ? "bg-navy-900 text-white" : "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
                )}
              >
                {p}
              </Link>
            </li>
          ),
        )}
      </ul>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className={cn(item, "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50")} rel="next">
          Próxima <ChevronRight className="size-4" aria-hidden />
        </Link>
      ) : null}
    </nav>
  );
}

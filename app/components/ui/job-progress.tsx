import * as React from "react";
import { useRevalidator } from "react-router";

/** Fetches the page's data again every `ms` while `active` (a background job's progress). */
export function usePollWhile(active: boolean, ms = 1000) {
  const revalidator = useRevalidator();
  React.useEffect(() => {
    if (!active) return;
    const t = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, ms);
    return () => clearInterval(t);
  }, [active, ms, revalidator]);
}

/**
 * A background job's progress (imports, the month's charges): a labelled progress bar and its
 * count read from the database, so a reload or another instance shows the same. Indeterminate
 * while the total is unknown. Without JavaScript the page reloads itself every 3 s.
 */
export function JobProgress({
  label,
  text,
  value,
  max,
  refreshHref,
  name,
  sectionLabel,
}: {
  /** What runs, e.g. "Importando filiados.xlsx: todas as linhas ou nenhuma". */
  label: string;
  /** The count, e.g. "Gravando: 1.250 de 50.000 linhas" (role=status). */
  text: string;
  value: number | null;
  max: number | null;
  /** The page to reload without JavaScript. */
  refreshHref: string;
  /** The ids' and test ids' prefix. */
  name: string;
  /** The section's accessible name, e.g. "Importação em andamento". */
  sectionLabel: string;
}) {
  usePollWhile(true);
  const labelId = `${name}-progress-label`;
  const determinate = value !== null && max !== null;
  return (
    <section aria-label={sectionLabel} className="grid gap-2 rounded-md border border-sky-300 bg-sky-50 p-3" data-testid={`${name}-run`}>
      <noscript>
        <meta httpEquiv="refresh" content={`3;url=${refreshHref}`} />
      </noscript>
      <p id={labelId} className="text-sm font-semibold text-sky-900">
        {label}
      </p>
      <progress
        aria-labelledby={labelId}
        className="h-3 w-full accent-brand-700"
        max={determinate ? Math.max(max, 1) : undefined}
        value={determinate ? value : undefined}
        data-testid={`${name}-progress`}
      />
      <p role="status" className="text-sm text-sky-900" data-testid={`${name}-run-status`}>
        {text}
      </p>
      <noscript>
        <p className="text-sm">
          <a href={refreshHref} className="font-semibold underline">
            Atualizar o andamento
          </a>
        </p>
      </noscript>
    </section>
  );
}

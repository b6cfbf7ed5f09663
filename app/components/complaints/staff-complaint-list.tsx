import { Form, Link, useSearchParams } from "react-router";
import { Building2, MessageSquare, Paperclip } from "~/components/icons/sprite";
import { EmptyState } from "~/components/ui/empty-state";
import { cn } from "~/lib/cn";
import { formatDateTime } from "~/lib/dates";
import { Button } from "~/components/ui/button";
import { SearchInput } from "~/components/ui/filter-bar";
import { COMPLAINT_MESSAGES, COMPLAINT_STATUSES, COMPLAINT_STATUS_LABELS } from "~/domain/complaints/complaint.schema";
import type { ComplaintListItem } from "~/domain/complaints/complaint-row";
import { ComplaintStatusBadge } from "./complaint-status-badge";

/** Builds a query string from the current one with some keys changed (null removes). */
export function withParams(params: URLSearchParams, changes: Record<string, string | null>) {
  const next = new URLSearchParams(params);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null || v === "") next.delete(k);
    else next.set(k, v);
  }
  const s = next.toString();
  return s ? `?${s}` : "?";
}

export function StatusFilter({ counts, current }: { counts: Record<string, number>; current: string }) {
  const [params] = useSearchParams();
  const options = [{ value: "all", label: "Todas" }, ...COMPLAINT_STATUSES.map((s) => ({ value: s, label: COMPLAINT_STATUS_LABELS[s] }))];
  return (
    <nav aria-label="Filtrar por status">
      <ul className="flex flex-wrap gap-2">
        {options.map((o) => {
          const active = current === o.value;
          return (
            <li key={o.value}>
              <Link
                to={withParams(params, { status: o.value === "all" ? null : o.value, id: null })}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "inline-flex h-9 items-center gap-2 whitespace-nowrap rounded-full border px-3.5 text-sm font-medium",
                  active ? "border-navy-900 bg-navy-900 text-white" : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
                )}
              >
                {o.label}
                <span className={cn("rounded-full px-1.5 text-xs tabular-nums", active ? "bg-white/20" : "bg-slate-100 text-slate-700")}>
                  {counts[o.value] ?? 0}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function ComplaintSearch({ q, status }: { q: string; status: string }) {
  return (
    <Form method="get" role="search" className="flex gap-2">
      {status !== "all" ? <input type="hidden" name="status" value={status} /> : null}
      <SearchInput id="busca-denuncias" label="Buscar denúncias" defaultValue={q} placeholder="Título, empresa, local ou relato" />
      <Button type="submit" variant="secondary">
        Buscar
      </Button>
    </Form>
  );
}

export function ComplaintList({ items, selectedId }: { items: ComplaintListItem[]; selectedId: string | null }) {
  const [params] = useSearchParams();
  if (items.length === 0) {
    return (
      <EmptyState compact className="border-dashed p-8 text-center" data-testid="complaints-empty">
        {COMPLAINT_MESSAGES.empty}
      </EmptyState>
    );
  }
  return (
    <ul className="grid gap-2" data-testid="complaint-list">
      {items.map((c) => {
        const selected = c.id === selectedId;
        return (
          <li key={c.id}>
            <Link
              to={withParams(params, { id: c.id })}
              preventScrollReset
              aria-current={selected ? "true" : undefined}
              className={cn(
                "block rounded-xl border bg-white p-4 shadow-xs transition-colors hover:border-navy-300",
                selected ? "border-brand-600 ring-2 ring-brand-600/20" : "border-slate-200",
              )}
              data-testid="complaint-item"
            >
              <div className="flex items-start justify-between gap-3">
                <p className="line-clamp-2 font-semibold text-slate-900">{c.title}</p>
                <ComplaintStatusBadge status={c.status} className="shrink-0" />
              </div>
              <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
                <time dateTime={c.createdAt}>{formatDateTime(c.createdAt)}</time>
                {c.companyName ? (
                  <span className="flex min-w-0 items-center gap-1">
                    <Building2 className="size-3.5 shrink-0" aria-hidden />
                    <span className="truncate">{c.companyName}</span>
                  </span>
                ) : null}
                {c.hasEvidence ? (
                  <span className="flex items-center gap-1">
                    <Paperclip className="size-3.5" aria-hidden /> Evidência
                  </span>
                ) : null}
                {c.reporterMessages > 0 ? (
                  <span className="flex items-center gap-1">
                    <MessageSquare className="size-3.5" aria-hidden /> {c.reporterMessages}{" "}
                    {c.reporterMessages === 1 ? "complemento" : "complementos"}
                  </span>
                ) : null}
              </div>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

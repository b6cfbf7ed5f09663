import * as React from "react";
import { Form } from "react-router";
import { VISIT_SORT_LABELS, VISIT_SORTS, VISITS_MESSAGES, type VisitSort } from "~/domain/fieldwork/visits";
import { Button } from "~/components/ui/button";
import { Label, Options, Select } from "~/components/ui/input";
import { Pager } from "~/components/ui/pager";
import { EmptyState } from "~/components/ui/empty-state";
import { formatCep } from "~/lib/br/cep";
import { formatDateTime } from "~/lib/dates";

/** "1 visita finalizada" / "1.234 visitas finalizadas", with the page when there are several. */
export function visitsCountText(total: number, page: number, pageCount: number, suffix = "") {
  const words = total === 1 ? `visita finalizada${suffix}` : `visitas finalizadas${suffix}`;
  return `${total.toLocaleString("pt-BR")} ${words}${pageCount > 1 ? ` · página ${page} de ${pageCount}` : ""}.`;
}

/**
 * A list of finished visits (the admin's "Visitas Finalizadas" and campo's "Minhas Visitas"):
 * the sort form, the cards a page at a time, the empty state and the pager (which keeps the
 * sort). The cards are the caller's: each screen shows what its reader needs.
 */
export function VisitList<T extends { id: string }>({
  sort,
  sortId,
  visits,
  page,
  pageCount,
  children,
}: {
  sort: VisitSort;
  sortId: string;
  visits: T[];
  page: number;
  pageCount: number;
  children: (visit: T) => React.ReactNode;
}) {
  return (
    <>
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-2">
        <div className="grid gap-1.5">
          <Label htmlFor={sortId}>Ordenar por</Label>
          <Select id={sortId} name="ordem" defaultValue={sort}>
            <Options values={VISIT_SORTS} label={(s) => VISIT_SORT_LABELS[s]} />
          </Select>
        </div>
        <Button type="submit" variant="outline">
          Aplicar
        </Button>
      </Form>
      {visits.length === 0 ? (
        <EmptyState>{VISITS_MESSAGES.empty}</EmptyState>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {visits.map((v) => (
            <li key={v.id}>{children(v)}</li>
          ))}
        </ul>
      )}
      <div className="mt-6">
        <Pager label="Paginação das visitas" page={page} pageCount={pageCount} hrefFor={(p) => `?ordem=${sort}&pagina=${p}`} />
      </div>
    </>
  );
}

/** A visit card's heading: the workplace, its address, CEP and filiados. */
export function VisitHeading({ visit }: { visit: { name: string; address: string; cep: string; affiliates: number } }) {
  return (
    <>
      <h2 className="font-semibold text-slate-900">{visit.name}</h2>
      <p className="text-sm text-slate-700">{visit.address}</p>
      <p className="text-xs text-slate-600">
        CEP {formatCep(visit.cep)} · {visit.affiliates} {visit.affiliates === 1 ? "filiado" : "filiados"}
      </p>
    </>
  );
}

/** When a visit was finished and how long it took. */
export function VisitFinishedAt({ visit }: { visit: { finishedAt: Date | string | null; duration: string | null } }) {
  return (
    <p className="text-sm text-slate-800">
      Finalizada em {formatDateTime(visit.finishedAt)} · Duração: {visit.duration || "—"}
    </p>
  );
}

type VisitCounts = {
  basicFirefighters: number | null;
  lifeguards: number | null;
  totalWorkers: number | null;
  dayWorkers: number | null;
  nightWorkers: number | null;
};

/** A visit's answers as label/value rows: the team counts every reader needs, plus the screen's own rows. */
export function VisitFacts({
  visit,
  before = [],
  after = [],
}: {
  visit: VisitCounts;
  before?: [string, React.ReactNode][];
  after?: [string, React.ReactNode][];
}) {
  const rows: [string, React.ReactNode][] = [
    ...before,
    ["Bombeiros civis", visit.basicFirefighters ?? "—"],
    ["Salva-vidas", visit.lifeguards ?? "—"],
    ["Trabalhadores", `${visit.totalWorkers ?? "—"} (${visit.dayWorkers ?? "—"} diurnos, ${visit.nightWorkers ?? "—"} noturnos)`],
    ...after,
  ];
  return (
    <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs text-slate-700">
      {rows.map(([label, value]) => (
        <React.Fragment key={label}>
          <dt className="font-semibold">{label}</dt>
          <dd>{value}</dd>
        </React.Fragment>
      ))}
    </dl>
  );
}

import * as React from "react";
import { Form } from "react-router";
import { Filter } from "./agreement-icons";
import { Button } from "~/components/ui/button";
import { Label, Options, Select } from "~/components/ui/input";
import { showingCount } from "~/domain/agreements/agreement-messages";
import { ALL, STATUS_FILTERS, type PublicFilters, type StatusFilter } from "~/domain/agreements/public-filters";

/**
 * Year and status filters. A plain GET form, so they work without JavaScript (the "Filtrar"
 * button submits it); once hydrated, a change applies at once, in the page, without a request.
 */
export function PublicAgreementFilters({
  years,
  filters,
  shown,
  total,
  onChange: apply,
}: {
  years: string[];
  filters: PublicFilters;
  shown: number;
  total: number;
  onChange: (next: PublicFilters) => void;
}) {
  const [hydrated, setHydrated] = React.useState(false);
  React.useEffect(() => setHydrated(true), []);

  return (
    <Form
      method="get"
      action="/convencoes"
      role="search"
      aria-label="Filtrar convenções"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-col gap-4 md:flex-row md:items-end">
        <div className="flex items-center gap-2 text-sm font-semibold text-navy-950 md:pb-3">
          <Filter className="size-4 text-brand-700" aria-hidden />
          Filtros
        </div>
        <div className="grid flex-1 gap-4 sm:grid-cols-2 md:max-w-xl">
          <div className="grid gap-1.5">
            <Label htmlFor="filtro-ano">Ano</Label>
            <Select id="filtro-ano" name="ano" value={filters.year} onChange={(e) => apply({ ...filters, year: e.target.value })}>
              <option value={ALL}>Todos os anos</option>
              <Options values={years} />
            </Select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="filtro-status">Status</Label>
            <Select
              id="filtro-status"
              name="status"
              value={filters.status}
              onChange={(e) => apply({ ...filters, status: e.target.value as StatusFilter })}
            >
              <Options values={STATUS_FILTERS} value={(f) => f.value} label={(f) => f.label} />
            </Select>
          </div>
        </div>
        <Button type="submit" variant="secondary" className={hydrated ? "hidden" : undefined}>
          Filtrar
        </Button>
        <p className="text-sm text-slate-700 md:ml-auto md:pb-3" aria-live="polite" data-testid="agreements-counter">
          {showingCount(shown, total)}
        </p>
      </div>
    </Form>
  );
}

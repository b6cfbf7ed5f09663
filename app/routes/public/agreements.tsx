import * as React from "react";
import { Link, useLoaderData, useLocation } from "react-router";
import { ArrowRight } from "~/components/icons/public-icons";
import { FileCheck2, Scale } from "~/components/agreements/agreement-icons";
import type { Route } from "./+types/agreements";
import { listPublicAgreements } from "~/domain/agreements/list-public-agreements.server";
import { AGREEMENT_MESSAGES } from "~/domain/agreements/agreement-messages";
import {
  ALL,
  applyPublicFilters,
  availableYears,
  filtersToSearch,
  parsePublicFilters,
  type PublicFilters,
} from "~/domain/agreements/public-filters";
import { log, errorFields } from "~/utils/logger.server";
import { seoMeta } from "~/utils/seo";
import { PageHero } from "~/components/layout/page-hero";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { PublicAgreementCard } from "~/components/agreements/public-agreement-card";
import { PublicAgreementFilters } from "~/components/agreements/public-agreement-filters";
import { AgreementsEmptyState } from "~/components/agreements/empty-state";

export const meta: Route.MetaFunction = seoMeta({
  title: "Convenções Coletivas",
  description:
    "Consulte e baixe em PDF as convenções e acordos coletivos de trabalho dos bombeiros civis do Distrito Federal, com vigência e situação de cada instrumento.",
  path: "/convencoes",
});

export async function loader(_: Route.LoaderArgs) {
  try {
    return { agreements: await listPublicAgreements(), loadError: null };
  } catch (error) {
    // The original logs and shows an empty list; we also say that loading failed.
    log.error(AGREEMENT_MESSAGES.loadError, errorFields(error));
    return { agreements: [], loadError: AGREEMENT_MESSAGES.loadError };
  }
}

/**
 * The filters live in the query string (shareable; without JavaScript the GET form sets them and
 * the server renders the result). With JavaScript a change filters the loaded list at once and
 * only rewrites the address, so no loader runs.
 */
function useUrlFilters() {
  const location = useLocation();
  const [filters, setFilters] = React.useState(() => parsePublicFilters(new URLSearchParams(location.search)));
  React.useEffect(() => setFilters(parsePublicFilters(new URLSearchParams(location.search))), [location.search]);
  const apply = React.useCallback(
    (next: PublicFilters) => {
      setFilters(next);
      window.history.replaceState(window.history.state, "", `${location.pathname}${filtersToSearch(next)}`);
    },
    [location.pathname],
  );
  return [filters, apply] as const;
}

export default function AgreementsPage() {
  const { agreements, loadError } = useLoaderData<typeof loader>();
  const [filters, setFilters] = useUrlFilters();
  const years = availableYears(agreements);
  if (filters.year !== ALL && !years.includes(filters.year)) years.push(filters.year);
  const shown = applyPublicFilters(agreements, filters);
  const active = agreements.filter((a) => a.status === "active" && !a.upcoming).length;

  return (
    <>
      <PageHero
        eyebrow="Transparência e direitos"
        title="Convenções Coletivas"
        lead="Os instrumentos coletivos negociados pelo sindicato definem salário, jornada, adicionais e benefícios da categoria. Consulte a vigência de cada um e baixe o documento completo em PDF."
      >
        <dl className="mt-8 flex flex-wrap gap-3">
          <div className="rounded-xl bg-white/10 px-4 py-3 ring-1 ring-white/15">
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-200">Vigentes</dt>
            <dd className="text-2xl font-extrabold tabular-nums">{active}</dd>
          </div>
          <div className="rounded-xl bg-white/10 px-4 py-3 ring-1 ring-white/15">
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-200">No acervo</dt>
            <dd className="text-2xl font-extrabold tabular-nums">{agreements.length}</dd>
          </div>
        </dl>
      </PageHero>

      <section aria-labelledby="lista-convencoes" className="bg-slate-50">
        <div className="container-page grid gap-6 py-10 sm:py-14">
          <h2 id="lista-convencoes" className="sr-only">
            Lista de convenções
          </h2>
          <PublicAgreementFilters years={years} filters={filters} shown={shown.length} total={agreements.length} onChange={setFilters} />
          {loadError ? <Alert tone="error">{loadError}</Alert> : null}
          {agreements.length === 0 ? (
            <AgreementsEmptyState message={AGREEMENT_MESSAGES.publicEmpty} />
          ) : shown.length === 0 ? (
            <AgreementsEmptyState message={AGREEMENT_MESSAGES.publicFilteredEmpty}>
              <Button asChild variant="outline" size="sm">
                <Link
                  to="/convencoes"
                  onClick={(e) => {
                    e.preventDefault();
                    setFilters({ year: ALL, status: ALL });
                  }}
                >
                  Limpar filtros
                </Link>
              </Button>
            </AgreementsEmptyState>
          ) : (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="agreements-list">
              {shown.map((a) => (
                <li key={a.id}>
                  <PublicAgreementCard agreement={a} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>

      <section aria-labelledby="duvidas-convencao" className="bg-white">
        <div className="container-page grid gap-8 py-12 sm:py-16 md:grid-cols-[1fr_auto] md:items-center">
          <div className="flex gap-4">
            <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-navy-950 text-flame-300">
              <Scale className="size-6" aria-hidden />
            </span>
            <div>
              <h2 id="duvidas-convencao" className="text-xl font-bold text-navy-950 sm:text-2xl">
                Dúvidas sobre a sua convenção?
              </h2>
              <p className="mt-2 max-w-2xl text-slate-700">
                O departamento jurídico orienta a categoria sobre a aplicação das cláusulas — reajustes, escalas, adicionais e benefícios.
                Se a sua empresa não cumpre o que foi negociado, fale com o sindicato.
              </p>
              <p className="mt-3 flex items-center gap-2 text-sm text-slate-600">
                <FileCheck2 className="size-4 text-brand-700" aria-hidden />
                Documentos oficiais, na íntegra, em PDF.
              </p>
            </div>
          </div>
          <div className="grid gap-3 sm:flex sm:flex-wrap">
            <Button asChild size="lg">
              <Link to="/contato">
                Fale com o sindicato <ArrowRight aria-hidden />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/denuncia">Denúncia anônima</Link>
            </Button>
          </div>
        </div>
      </section>
    </>
  );
}

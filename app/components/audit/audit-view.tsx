import * as React from "react";
import { Form, Link, useLocation } from "react-router";
import { withBack } from "~/lib/back-link";
import { Download, Filter } from "~/components/icons/sprite";
import { buttonVariants } from "~/components/ui/button-variants";
import { Field, Input, Options, Select } from "~/components/ui/input";
import { DateInput } from "~/components/ui/masked-input";
import { Alert } from "~/components/ui/alert";
import { CursorPager } from "~/components/ui/pager";
import { AUDIT_ACTIONS, AUDIT_ENTITY_LABELS, AUDIT_EVENTS } from "~/domain/audit/audit-events";
import {
  AUDIT_MESSAGES,
  CURSOR_PARAMS,
  FILTER_KEYS,
  FILTER_PARAMS,
  normaliseDay,
  type FilterErrors,
  type FilterKey,
} from "~/domain/audit/audit-filters";
import type { AuditDataLine, AuditEntryView } from "~/domain/audit/describe-audit-entry";
import { useCpfSearchOutcome, useCpfSearchPost } from "~/components/ui/use-cpf-search-post";

type Page = { entries: AuditEntryView[]; olderCursor: string | null; newerCursor: string | null };

export type AuditViewProps = {
  values: Record<FilterKey, string>;
  errors: FilterErrors;
  page: Page | null;
  people: Array<{ username: string; name: string }>;
  /** The member the member filter names (ADR 184). */
  member?: { registrationNumber: number; name: string } | null;
};

const ACTION_OPTIONS = [...AUDIT_ACTIONS]
  .map((a) => ({ value: a, label: AUDIT_EVENTS[a].label }))
  .sort((x, y) => x.label.localeCompare(y.label, "pt-BR"));
const ENTITY_OPTIONS = Object.entries(AUDIT_ENTITY_LABELS)
  .map(([value, label]) => ({ value, label }))
  .sort((x, y) => x.label.localeCompare(y.label, "pt-BR"));

/** The query string of the current filters, with the page cursor `extra` (if any). */
function query(values: Record<FilterKey, string>, extra: Record<string, string> = {}) {
  const p = new URLSearchParams();
  for (const k of FILTER_KEYS) if (values[k]) p.set(FILTER_PARAMS[k], values[k]);
  for (const [k, v] of Object.entries(extra)) p.set(k, v);
  const s = p.toString();
  return s ? `?${s}` : "";
}

/** A date input wants yyyy-mm-dd; a typed dd/mm/aaaa is shown back as the day it names. */
// What was typed stays in the field when it is not a date, so its error sits beside it.
const dateValue = (v: string) => normaliseDay(v) ?? v;

export function AuditView({ values, errors, page, people, member }: AuditViewProps) {
  const errorList = Object.values(errors).filter(Boolean);
  const filtered = FILTER_KEYS.some((k) => values[k]);
  // A CPF in the member filter is posted, never put in the address (ADR 307); a CPF that is no
  // member's is the field's error, the CPF left in the field.
  const onSubmit = useCpfSearchPost(FILTER_PARAMS.member, true);
  const { notFound } = useCpfSearchOutcome(FILTER_PARAMS.member, true);
  const memberError = errors.member ?? notFound ?? undefined;
  // After a filter (the form is re-mounted with the filters in force) or a page of the pager, the
  // keyboard's focus would fall on the page's body: it goes to the count of what was found, which
  // is scrolled into view (on a phone the results are below the form).
  const countRef = React.useRef<HTMLParagraphElement>(null);
  const shown = query(values);
  const lastShown = React.useRef(shown);
  React.useEffect(() => {
    if (lastShown.current === shown) return;
    lastShown.current = shown;
    if (!document.activeElement || document.activeElement === document.body) countRef.current?.focus();
  }, [shown]);
  return (
    <div className="grid gap-6">
      {/* Keyed by the filters: after a link ("Ver só quem viu o CPF completo", "Limpar filtros") the fields show the filters in force. */}
      <Form
        key={query(values)}
        method="get"
        onSubmit={onSubmit}
        className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-xs sm:p-5"
        aria-labelledby="audit-filters-title"
      >
        <h2 id="audit-filters-title" className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <Filter className="size-4" aria-hidden />
          Filtros
        </h2>
        {errorList.length ? (
          <Alert tone="error" data-testid="audit-filter-errors">
            <p className="font-semibold">{AUDIT_MESSAGES.invalidFilters}</p>
            <ul className="mt-1 list-disc pl-5">
              {errorList.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          </Alert>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Field label="Pessoa (usuário)" name={FILTER_PARAMS.person} error={errors.person}>
            {(p) => <Input {...p} type="text" list="audit-people" defaultValue={values.person} autoComplete="off" maxLength={64} />}
          </Field>
          <datalist id="audit-people">
            <Options values={people} value={(u) => u.username} label={(u) => u.name} />
          </datalist>
          <Field label="Ação" name={FILTER_PARAMS.action} error={errors.action}>
            {(p) => (
              <Select {...p} defaultValue={values.action}>
                <option value="">Todas as ações</option>
                <Options values={ACTION_OPTIONS} value={(o) => o.value} label={(o) => o.label} />
              </Select>
            )}
          </Field>
          <Field label="Tipo de registro" name={FILTER_PARAMS.entityType} error={errors.entityType}>
            {(p) => (
              <Select {...p} defaultValue={values.entityType}>
                <option value="">Todos os tipos</option>
                <Options values={ENTITY_OPTIONS} value={(o) => o.value} label={(o) => o.label} />
              </Select>
            )}
          </Field>
          <Field label="Identificador do registro" name={FILTER_PARAMS.entityId} error={errors.entityId}>
            {(p) => <Input {...p} type="text" defaultValue={values.entityId} autoComplete="off" maxLength={100} />}
          </Field>
          <Field
            label="Filiado (matrícula ou CPF)"
            name={FILTER_PARAMS.member}
            error={memberError}
            hint="Mostra os registros sobre o filiado, como quem viu o CPF completo. Um CPF é trocado pela matrícula no endereço da página."
          >
            {(p) => (
              // Keyed by the value: after the CPF → matrícula redirect the field shows the matrícula.
              <Input
                key={values.member}
                {...p}
                type="text"
                inputMode="numeric"
                defaultValue={values.member}
                autoComplete="off"
                maxLength={20}
              />
            )}
          </Field>
          <Field label="De (dd/mm/aaaa)" name={FILTER_PARAMS.from} error={errors.from}>
            {(p) => <DateInput {...p} defaultValue={dateValue(values.from)} />}
          </Field>
          <Field label="Até (dd/mm/aaaa)" name={FILTER_PARAMS.to} error={errors.to}>
            {(p) => <DateInput {...p} defaultValue={dateValue(values.to)} />}
          </Field>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={buttonVariants({ variant: "secondary" })}>
            Filtrar
          </button>
          {filtered ? (
            <Link to="/dashboard/auditoria" className={buttonVariants({ variant: "outline" })}>
              Limpar filtros
            </Link>
          ) : null}
        </div>
      </Form>

      {page ? (
        <section aria-labelledby="audit-entries-title" className="grid gap-4">
          <h2 id="audit-entries-title" className="sr-only">
            Registros
          </h2>
          {member ? (
            <p className="text-sm text-slate-800" data-testid="audit-member">
              Registros sobre o filiado de matrícula <strong>{member.registrationNumber}</strong> ({member.name}).{" "}
              {values.action === "member.cpf_viewed" ? null : (
                <Link
                  to={query({ ...values, action: "member.cpf_viewed" })}
                  className="font-medium text-brand-800 underline underline-offset-2"
                >
                  Ver só quem viu o CPF completo
                </Link>
              )}
            </p>
          ) : null}
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p ref={countRef} tabIndex={-1} className="text-sm text-slate-700" aria-live="polite" data-testid="audit-count">
              {page.entries.length === 0
                ? AUDIT_MESSAGES.empty
                : `${page.entries.length} ${page.entries.length === 1 ? "registro nesta página" : "registros nesta página"}, do mais recente ao mais antigo.`}
            </p>
            {/* A plain document POST: the answer is a download, the page stays. */}
            <form method="post" action="/dashboard/auditoria/exportar">
              {FILTER_KEYS.map((k) => (values[k] ? <input key={k} type="hidden" name={FILTER_PARAMS[k]} value={values[k]} /> : null))}
              <button type="submit" className={buttonVariants({ variant: "outline" })} disabled={page.entries.length === 0}>
                <Download aria-hidden />
                Exportar CSV{filtered ? " (filtrado)" : ""}
              </button>
            </form>
          </div>
          {page.entries.length ? (
            <ol className="grid gap-3" aria-label="Registros de auditoria" data-testid="audit-entries">
              {page.entries.map((e) => (
                <AuditEntryCard key={e.id} entry={e} />
              ))}
            </ol>
          ) : null}
          <CursorPager
            label="Páginas do registro"
            newerHref={page.newerCursor ? query(values, { [CURSOR_PARAMS.after]: page.newerCursor }) : null}
            olderHref={page.olderCursor ? query(values, { [CURSOR_PARAMS.before]: page.olderCursor }) : null}
            firstHref={`/dashboard/auditoria${query(values)}`}
          />
        </section>
      ) : null}
    </div>
  );
}

/** A charge's page leads back here, with the filters in force (its back link reads "Voltar para a auditoria"). */
const TAKES_BACK = "/dashboard/financeiro/cobrancas/";

function AuditEntryCard({ entry: e }: { entry: AuditEntryView }) {
  const { pathname, search } = useLocation();
  return (
    <li
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-xs lg:grid-cols-[13rem_minmax(0,16rem)_minmax(0,1fr)] lg:gap-6"
      data-testid="audit-entry"
      data-action={e.action}
    >
      <div className="grid content-start gap-1 text-sm">
        <time dateTime={e.whenIso} className="font-medium tabular-nums text-slate-900">
          {e.when}
        </time>
        <p className="break-words text-slate-700">
          <span className="sr-only">Por: </span>
          {e.who}
          {e.whoDetail ? <span className="block text-xs text-slate-600">{e.whoDetail}</span> : null}
        </p>
      </div>
      <div className="grid content-start gap-1 text-sm">
        <h3 className="font-semibold text-slate-900">{e.actionLabel}</h3>
        <p className="break-words text-slate-700">
          {e.entityLabel}
          {e.entityId ? (
            <>
              {" · "}
              {e.entityHref ? (
                <Link
                  to={e.entityHref.startsWith(TAKES_BACK) ? withBack(e.entityHref, pathname + search) : e.entityHref}
                  className="break-all font-mono text-xs text-brand-800 underline underline-offset-2"
                  aria-label={e.entityLinkLabel ?? undefined}
                  data-testid="audit-entity-link"
                >
                  {e.entityId}
                </Link>
              ) : (
                <span className="break-all font-mono text-xs text-slate-600">{e.entityId}</span>
              )}
            </>
          ) : null}
        </p>
      </div>
      <div className="min-w-0 text-sm">
        {e.lines.length ? <DataList lines={e.lines} /> : <p className="text-slate-600">Sem dados adicionais.</p>}
      </div>
    </li>
  );
}

/*
 * The top list: a two-column grid of label and value. Inside a value (the fields of a change):
 * one "label value" line each, wrapping as needed.
 */
const DATA_LIST = {
  top: {
    dl: "grid gap-x-4 gap-y-1 sm:grid-cols-[minmax(0,11rem)_minmax(0,1fr)]",
    line: "contents",
    dd: "mb-1 min-w-0 break-words text-slate-900 sm:mb-0",
  },
  nested: {
    dl: "mt-1 grid gap-1 border-l-2 border-slate-200 pl-3",
    line: "flex flex-wrap gap-x-2",
    dd: "min-w-0 break-words text-slate-900",
  },
} as const;

function DataList({ lines, nested = false }: { lines: AuditDataLine[]; nested?: boolean }) {
  const c = DATA_LIST[nested ? "nested" : "top"];
  return (
    <dl className={c.dl}>
      {lines.map((l, i) => (
        <div key={`${l.label}-${i}`} className={c.line}>
          <dt className="font-medium text-slate-700">{l.label}</dt>
          <dd className={c.dd}>
            {l.value}
            {l.children?.length ? <DataList lines={l.children} nested /> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

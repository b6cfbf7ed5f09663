import * as React from "react";
import { Search, SlidersHorizontal } from "~/components/icons/sprite";
import { Input, Label, Options, Select } from "~/components/ui/input";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { useCpfSearchOutcome, useCpfSearchPost } from "./use-cpf-search-post";
import { CPF_FOUND_NOTICE } from "~/lib/br/cpf-search";
import { useSharedRef } from "~/components/ui/use-shared-ref";

/**
 * The list screens' filters (issue 20 §2, ADR 240). `search`, the list's search box, is always
 * shown; the other filters (`children`: tabs, selects) are, on a phone, behind a "Filtros"
 * disclosure (closed unless `defaultOpen`, e.g. when one of them is applied), and from `md` up
 * always open inline, with no summary.
 *
 * A native `<details>`: it works without JavaScript and the keyboard opens it. From `md` up its
 * content is shown through `::details-content`, whatever the open state.
 */
export function FilterBar({
  search,
  children,
  label = "Filtros",
  defaultOpen = false,
  active,
  className,
  "data-testid": testId,
}: {
  search?: React.ReactNode;
  children?: React.ReactNode;
  /** The disclosure's text on a phone. */
  label?: string;
  defaultOpen?: boolean;
  /** How many of the `children` filters are applied, said beside "Filtros" on a phone. */
  active?: number;
  /** Classes of the bar (a column on a phone, a row from `lg`, by default). */
  className?: string;
  "data-testid"?: string;
}) {
  return (
    // min-w-0: in a grid or flex column, a wide strip of filters scrolls in its own box instead of widening the page.
    <div className={cn("flex min-w-0 flex-col gap-3 lg:flex-row lg:items-end lg:justify-between", className)} data-testid={testId}>
      {children ? (
        <FilterDisclosure label={label} defaultOpen={defaultOpen} active={active}>
          {children}
        </FilterDisclosure>
      ) : null}
      {search}
    </div>
  );
}

/**
 * The "Filtros" disclosure of a {@link FilterBar}, for a filter form laid out by its screen: closed
 * on a phone unless `defaultOpen`, always open (no summary) from `md` up.
 */
export function FilterDisclosure({
  children,
  label = "Filtros",
  defaultOpen = false,
  active,
  className,
  contentClassName,
}: {
  children: React.ReactNode;
  label?: string;
  defaultOpen?: boolean;
  active?: number;
  className?: string;
  /** Classes of the box around the filters (e.g. a grid). */
  contentClassName?: string;
}) {
  return (
    <details
      open={defaultOpen || undefined}
      className={cn(
        "group min-w-0 rounded-lg border border-slate-200 bg-white md:border-0 md:bg-transparent md:[&::details-content]:block md:[&::details-content]:[content-visibility:visible]",
        className,
      )}
    >
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-lg px-4 text-sm font-semibold text-slate-900 md:hidden [&::-webkit-details-marker]:hidden">
        <SlidersHorizontal aria-hidden className="size-4" />
        {label}
        {active ? (
          <span className="rounded-full bg-navy-900 px-2 text-xs text-white">
            {active}
            <span className="sr-only"> {active === 1 ? "aplicado" : "aplicados"}</span>
          </span>
        ) : null}
        <span aria-hidden className="ml-auto text-slate-500 group-open:rotate-180">
          ▾
        </span>
      </summary>
      <div className={cn("px-3 pb-3 max-md:pt-1 md:p-0", contentClassName)}>{children}</div>
    </details>
  );
}

/** A filter's select: its label above, "Todos" (or `allLabel`) first, then the options. */
export function FilterSelect({
  id,
  name,
  label,
  value,
  options,
  allLabel = "Todos",
}: {
  id: string;
  name: string;
  label: string;
  value: string | null | undefined;
  options: readonly { value: string; label: string }[];
  allLabel?: string;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} name={name} defaultValue={value ?? ""}>
        <option value="">{allLabel}</option>
        <Options values={options} value={(o) => o.value} label={(o) => o.label} />
      </Select>
    </div>
  );
}

/**
 * A list's search box: a magnifier in the field and a label for screen readers (`label`); other
 * props go to the input (its `name` is `q` unless given).
 */
export function SearchInput({
  id,
  label,
  className,
  ...props
}: { id: string; label: string } & Omit<React.ComponentProps<typeof Input>, "id" | "type">) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative flex-1">
        <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" aria-hidden />
        <Input id={id} name="q" type="search" className={cn("pl-9", className)} {...props} />
      </div>
    </>
  );
}

/**
 * A list's search by `?q=` (a GET form: it works without JavaScript): the field, labelled for
 * screen readers, and "Buscar"; `children` are the hidden fields that keep the list's other
 * filters. Other props go to the input.
 *
 * When the list's `q` changes (the search ran, a tab or "Limpar" link, the browser's back) the
 * field is given the new text in place, not re-mounted: a re-mounted field drops the keyboard's
 * focus on the page's body after every search.
 */
export function SearchForm({
  id,
  label,
  value,
  className,
  children,
  cpfSearch = false,
  ref,
  ...props
}: {
  id: string;
  label: string;
  value: string;
  className?: string;
  children?: React.ReactNode;
  /** The list finds a member by full CPF: such a term is posted, never put in the address (ADR 307). */
  cpfSearch?: boolean;
} & Omit<React.ComponentProps<typeof Input>, "id" | "name" | "type" | "defaultValue" | "className" | "children">) {
  const onSubmit = useCpfSearchPost("q", cpfSearch);
  const { notFound, foundByCpf } = useCpfSearchOutcome("q", cpfSearch);
  const field = React.useRef<HTMLInputElement>(null);
  const sharedRef = useSharedRef(field, ref);
  React.useEffect(() => {
    if (field.current && field.current.value !== value) field.current.value = value;
  }, [value]);
  const form = (
    <Form method="get" role="search" className={cn("flex w-full gap-2", !cpfSearch && className)} onSubmit={onSubmit}>
      {children}
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Input
        id={id}
        name="q"
        type="search"
        defaultValue={value}
        maxLength={120}
        aria-invalid={notFound ? true : undefined}
        {...props}
        aria-describedby={
          [props["aria-describedby"], notFound && `${id}-erro`, foundByCpf && `${id}-cpf`].filter(Boolean).join(" ") || undefined
        }
        ref={sharedRef}
      />
      <Button type="submit">
        <Search /> Buscar
      </Button>
    </Form>
  );
  if (!cpfSearch) return form;
  // A CPF search's outcome under the box (ADR 307): nobody with the CPF typed (which stays in the
  // box, in no address), or why the box shows a matrícula after the CPF found its member.
  return (
    <div className={cn("grid w-full gap-1", className)}>
      {form}
      {notFound ? (
        <p id={`${id}-erro`} className="text-sm font-medium text-red-700" role="alert">
          {notFound}
        </p>
      ) : foundByCpf ? (
        <p id={`${id}-cpf`} className="text-sm text-slate-700" data-testid="found-by-cpf">
          {CPF_FOUND_NOTICE}
        </p>
      ) : null}
    </div>
  );
}

/** A list's filter as links, one a tab, the current one marked (aria-current) and filled. */
export function FilterTabs<K extends string>({
  label,
  tabs,
  current,
  listClassName = "flex flex-wrap gap-1",
  tabClassName = "px-3",
}: {
  /** The nav's accessible name. */
  label: string;
  tabs: readonly { key: K; label: React.ReactNode; to: string }[];
  current: K;
  listClassName?: string;
  tabClassName?: string;
}) {
  return (
    <nav aria-label={label}>
      <ul className={cn("rounded-lg border border-slate-300 bg-white p-1", listClassName)}>
        {tabs.map((t) => (
          <li key={t.key}>
            <Link
              to={t.to}
              aria-current={t.key === current ? "page" : undefined}
              className={cn(
                "inline-flex h-10 items-center rounded-md text-sm font-semibold",
                tabClassName,
                t.key === current ? "bg-navy-900 text-white" : "text-slate-800 hover:bg-slate-100",
              )}
            >
              {t.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

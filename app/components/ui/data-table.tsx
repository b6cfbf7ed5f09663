import * as React from "react";
import { Card } from "~/components/ui/card";
import { cn } from "~/lib/cn";

/**
 * One column of a {@link DataTable}.
 *
 * `header` is the column's `<th>`; below the breakpoint it is also the small label written before
 * the cell's value on the card (through `data-label` and a `::before`), unless `label` says
 * otherwise: `false` for a cell that needs none (the row's title, its actions).
 */
export type DataColumn<T> = {
  header: React.ReactNode;
  /** The card label below the breakpoint; the header's text by default; false for none. */
  label?: string | false;
  cell: (row: T, index: number) => React.ReactNode;
  /** Classes of the `<td>` (both layouts; prefix with `md:`/`lg:` for the table only). */
  className?: string;
  /** Classes of the `<th>`. */
  headerClassName?: string;
  /** Right-aligned in the table (numbers, actions). */
  align?: "end";
  /** The row's header cell (`<th scope="row">`): what the other cells of the row are about. */
  rowHeader?: boolean;
  /** This cell spans the next columns too, for the rows it says (e.g. "no record yet"). */
  colSpan?: (row: T) => number | undefined;
};

type StackBelow = "md" | "lg" | "none";

/*
 * The card layout is plain CSS on the same DOM, so tests and screen readers see one table at
 * every width: below the breakpoint the header row is visually hidden (still read), each row is
 * a block with padding, and each labelled cell a line "label  value", the label drawn by a
 * `::before` from `data-label`. The label's alternative text is empty (`/ ''`): a screen reader
 * already announces the column header, and should not hear it twice.
 * The classes are written out per breakpoint so that Tailwind finds them in the source.
 */
const LAYOUT: Record<
  StackBelow,
  {
    table: string;
    thead: string;
    th: string;
    tbody: string;
    tr: string;
    td: string;
    labelled: string;
    value: string;
    end: string;
    endHeader: string;
  }
> = {
  none: { table: "", thead: "", th: "", tbody: "", tr: "", td: "", labelled: "", value: "", end: "text-right", endHeader: "text-right" },
  md: {
    table: "max-md:block",
    thead: "max-md:sr-only",
    th: "md:px-4 md:py-3",
    tbody: "max-md:block",
    tr: "dt-md-tr",
    td: "dt-md-td",
    labelled: "dt-md-labelled",
    value: "dt-md-value",
    end: "md:text-right",
    endHeader: "text-right",
  },
  lg: {
    table: "max-lg:block",
    thead: "max-lg:sr-only",
    th: "lg:px-4 lg:py-3",
    tbody: "max-lg:block",
    tr: "dt-lg-tr",
    td: "dt-lg-td",
    labelled: "dt-lg-labelled",
    value: "dt-lg-value",
    end: "lg:text-right",
    endHeader: "text-right",
  },
};

type RowAttributes = { "data-testid"?: string; className?: string } & { [data: `data-${string}`]: string | undefined };

export type DataTableProps<T> = {
  /** The table's caption: said by screen readers; shown only with `showCaption`. */
  caption: React.ReactNode;
  showCaption?: boolean;
  /** The caption's classes, in place of the kit's ("" for none: e.g. inside a visually hidden box). */
  captionClassName?: string;
  columns: DataColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => React.Key;
  /** Attributes of each `<tr>`: its data-testid and other data-* attributes, extra classes. */
  rowProps?: (row: T, index: number) => RowAttributes;
  /** Below which width rows become cards: `md` (768 px) by default; "none" for a small reference table that stays a table (in a scrolling region of the caller's). */
  stackBelow?: StackBelow;
  /** Inside the frame, after the table (e.g. "showing the first 50"). */
  footer?: React.ReactNode;
  /** false: no card frame of its own (inside a box of the caller's). */
  framed?: boolean;
  className?: string;
  tableClassName?: string;
  /** Classes of the `<thead>` and the `<tbody>`, in place of the kit's. */
  headClassName?: string;
  bodyClassName?: string;
  "data-testid"?: string;
};

function textOf(node: React.ReactNode): string {
  if (typeof node === "string" || typeof node === "number") return String(node);
  return "";
}

/**
 * The back-office's one data table (issue 20 §2, ADR 240): a real `<table>` with a caption and
 * column headers; below `md` (or `lg`) each row is laid out as a card, by CSS only.
 */
export function DataTable<T>({
  caption,
  showCaption = false,
  captionClassName,
  columns,
  rows,
  rowKey,
  rowProps,
  stackBelow = "md",
  footer,
  framed = true,
  className,
  tableClassName,
  headClassName = "bg-slate-50 text-xs uppercase tracking-wide text-slate-600",
  bodyClassName = "divide-y divide-slate-200",
  "data-testid": testId,
}: DataTableProps<T>) {
  const l = LAYOUT[stackBelow];
  const table = (
    <table className={cn("w-full text-left text-sm", l.table, tableClassName)}>
      <caption
        className={(captionClassName ?? (showCaption ? "px-4 py-3 text-left font-semibold text-slate-900" : "sr-only")) || undefined}
      >
        {caption}
      </caption>
      <thead className={cn(headClassName, l.thead) || undefined}>
        <tr>
          {columns.map((c, i) => (
            <th key={i} scope="col" className={cn("font-semibold", l.th, c.align === "end" && l.endHeader, c.headerClassName)}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={cn(bodyClassName, l.tbody) || undefined}>
        {rows.map((row, index) => {
          const { className: rowClass, ...attrs } = rowProps?.(row, index) ?? {};
          let skipUntil = 0;
          return (
            <tr key={rowKey(row)} {...attrs} className={cn(l.tr, rowClass) || undefined}>
              {columns.map((c, i) => {
                if (i < skipUntil) return null;
                const span = c.colSpan?.(row);
                if (span && span > 1) skipUntil = i + span;
                const label = c.label === false || stackBelow === "none" ? "" : (c.label ?? textOf(c.header));
                const content = c.cell(row, index);
                const Cell = c.rowHeader ? "th" : "td";
                const className = cn(l.td, label && l.labelled, c.align === "end" && l.end, c.className) || undefined;
                return (
                  <Cell
                    key={i}
                    scope={c.rowHeader ? "row" : undefined}
                    colSpan={span && span > 1 ? span : undefined}
                    data-label={label || undefined}
                    className={className}
                  >
                    {label ? <div className={l.value}>{content}</div> : content}
                  </Cell>
                );
              })}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
  const Frame = framed ? Card : "div";
  return (
    <Frame className={cn("overflow-x-auto", className)} data-testid={testId}>
      {table}
      {footer}
    </Frame>
  );
}

/** The actions cell's buttons: they wrap on a card and, unless `wrap`, stay on one line in the table. */
const ACTION_BUTTONS = {
  md: "flex flex-wrap gap-2 md:flex-nowrap md:justify-end",
  lg: "flex flex-wrap gap-2 lg:flex-nowrap lg:justify-end",
  wrap: "flex flex-wrap gap-2 md:justify-end",
} as const;

/**
 * A list's "Ações" column: no card label, right-aligned in the table, the row's buttons side by
 * side. `buttons` is the table's breakpoint (`md`, `lg`), or `wrap` to let them wrap in the table too.
 */
export function actionsColumn<T>(
  cell: (row: T) => React.ReactNode,
  { buttons = "md", className }: { buttons?: keyof typeof ACTION_BUTTONS; className?: string } = {},
): DataColumn<T> {
  return {
    header: "Ações",
    label: false,
    align: "end",
    className,
    cell: (row) => <div className={ACTION_BUTTONS[buttons]}>{cell(row)}</div>,
  };
}

/**
 * A table's region that scrolls sideways on its own (a reference table that stays a table on a
 * phone): named for screen readers, and reachable by keyboard so that it can be scrolled.
 */
export function ScrollRegion({ label, className, children }: { label: string; className?: string; children: React.ReactNode }) {
  return (
    <div className={cn("overflow-x-auto", className)} tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}

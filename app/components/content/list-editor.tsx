import * as React from "react";
import { ArrowDown, ArrowUp, Plus, Trash2 } from "~/components/icons/sprite";
import { Button } from "~/components/ui/button";

type Row<T> = { key: number; value: T };

/**
 * A list of repeated form rows that can be added, removed and reordered. Each row renders its
 * own inputs (with repeated field names); the order on screen is the order submitted.
 */
export function ListEditor<T>({
  legend,
  hint,
  initial,
  empty,
  max,
  addLabel,
  itemLabel,
  error,
  children,
}: {
  legend: string;
  hint?: string;
  initial: T[];
  empty: T;
  max: number;
  addLabel: string;
  /** Accessible name of row i (for its remove/move buttons). */
  itemLabel: (index: number) => string;
  error?: string;
  children: (value: T, index: number) => React.ReactNode;
}) {
  const next = React.useRef(initial.length);
  const [rows, setRows] = React.useState<Row<T>[]>(() => initial.map((value, key) => ({ key, value })));
  const errorId = React.useId();

  const move = (index: number, delta: number) =>
    setRows((r) => {
      const copy = [...r];
      const [item] = copy.splice(index, 1);
      copy.splice(index + delta, 0, item);
      return copy;
    });

  return (
    <fieldset className="grid gap-3" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-slate-800">{legend}</legend>
      {hint ? <p className="text-xs text-slate-600">{hint}</p> : null}
      <ol className="grid gap-3">
        {rows.map((row, index) => (
          <li key={row.key} className="flex flex-wrap items-start gap-2 rounded-lg border border-slate-200 bg-slate-50/60 p-2">
            <span className="mt-3 w-5 shrink-0 text-center text-xs font-semibold text-slate-500" aria-hidden>
              {index + 1}
            </span>
            <div className="min-w-0 flex-1">{children(row.value, index)}</div>
            <div className="-mt-1 flex w-full shrink-0 justify-end gap-0.5 border-t border-slate-200 pt-1 sm:mt-0 sm:w-auto sm:border-0 sm:pt-0">
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-11 sm:size-10"
                disabled={index === 0}
                aria-label={`Mover ${itemLabel(index)} para cima`}
                onClick={() => move(index, -1)}
              >
                <ArrowUp />
              </Button>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-11 sm:size-10"
                disabled={index === rows.length - 1}
                aria-label={`Mover ${itemLabel(index)} para baixo`}
                onClick={() => move(index, 1)}
              >
                <ArrowDown />
              </Button>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-11 text-red-700 hover:bg-red-50 sm:size-10"
                disabled={rows.length <= 1}
                aria-label={`Remover ${itemLabel(index)}`}
                onClick={() => setRows((r) => r.filter((x) => x.key !== row.key))}
              >
                <Trash2 />
              </Button>
            </div>
          </li>
        ))}
      </ol>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={rows.length >= max}
          onClick={() => setRows((r) => [...r, { key: next.current++, value: empty }])}
        >
          <Plus /> {addLabel}
        </Button>
      </div>
    </fieldset>
  );
}

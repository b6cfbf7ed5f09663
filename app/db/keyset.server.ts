import { and, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { EXPORT_BATCH } from "./in-id-order.server";

/**
 * One key of an order that an export reads in keyset batches (ADR 290): an expression, its
 * PostgreSQL type (the next batch compares against the key's value as PostgreSQL printed it, cast
 * back, so a timestamp keeps its microseconds) and its direction. Nulls sort as PostgreSQL sorts
 * them by default: last going up, first going down. The last key must be unique and not null (the
 * id), so that every row has one place.
 */
export type OrderKey = {
  expr: AnyColumn | SQL;
  type: "timestamptz" | "integer" | "text" | "uuid";
  desc?: boolean;
};

/** The ORDER BY of `keys`, as the screens and the exports both use it. */
export function orderByKeys(keys: readonly OrderKey[]): SQL[] {
  return keys.map((k) => (k.desc ? sql`${k.expr} desc` : sql`${k.expr} asc`));
}

/** The select list's columns that carry each key's value, as text, from a batch's last row to the next batch's condition. */
export function keyColumns(keys: readonly OrderKey[]): SQL {
  return sql.join(
    keys.map((k, i) => sql`(${k.expr})::text as ${sql.identifier(`keyset${i}`)}`),
    sql`, `,
  );
}

const value = (k: OrderKey, v: string) => sql`cast(${v} as ${sql.raw(k.type)})`;
const same = (k: OrderKey, v: string | null) => (v === null ? sql`${k.expr} is null` : sql`${k.expr} = ${value(k, v)}`);

/** The rows of key `k` strictly after `v` in its direction (undefined: none). */
function beyond(k: OrderKey, v: string | null): SQL | undefined {
  if (k.desc) return v === null ? sql`${k.expr} is not null` : sql`${k.expr} < ${value(k, v)}`;
  return v === null ? undefined : sql`(${k.expr} > ${value(k, v)} or ${k.expr} is null)`;
}

/**
 * The rows after the one whose keys are `values`: after it on the first key, or equal on it and
 * after on the next, and so on. A first key going down also bounds the range (`<=`), which
 * PostgreSQL can read from an index; the expanded OR alone it cannot.
 */
function afterKeys(keys: readonly OrderKey[], values: readonly (string | null)[]): SQL | undefined {
  const branches = keys.flatMap((k, i) => {
    const after = beyond(k, values[i]);
    return after ? [and(...keys.slice(0, i).map((prev, j) => same(prev, values[j])), after)!] : [];
  });
  const first = keys[0];
  const bound = first.desc && values[0] !== null ? sql`${first.expr} <= ${value(first, values[0])}` : undefined;
  return and(bound, or(...branches) ?? sql`false`);
}

/**
 * An export's rows in `keys` order, `EXPORT_BATCH` at a time (ADR 290): `read(after, limit)` runs
 * the export's query with the extra condition `after` (undefined for the first batch), ordered by
 * `orderByKeys(keys)` and selecting `keyColumns(keys)`. No query runs before the first batch is
 * asked for, so the file's header leaves at once; no cursor or transaction stays open between
 * batches; a row added meanwhile before the point reached is not written, one after it is, and no
 * row is written twice. The next batch is read while the current one is written (one ahead).
 */
export async function* keysetBatches<R extends Record<string, unknown>, Out>(
  keys: readonly OrderKey[],
  read: (after: SQL | undefined, limit: number) => Promise<R[]>,
  map: (row: R) => Out,
  size = EXPORT_BATCH,
): AsyncGenerator<Out[]> {
  const next = (rows: R[]) => {
    const last = rows[rows.length - 1];
    return read(
      afterKeys(
        keys,
        keys.map((_, i) => last[`keyset${i}`] as string | null),
      ),
      size,
    );
  };
  let pending: Promise<R[]> | undefined = read(undefined, size);
  try {
    while (pending) {
      const rows: R[] = await pending;
      // Read ahead: the next batch's query starts before this one is mapped and written, so on
      // PostgreSQL the server finds the rows on its own core while this process formats the last
      // ones (on the embedded database the queries simply queue). At most one batch is read ahead.
      pending = rows.length === size ? next(rows) : undefined;
      if (rows.length > 0) yield rows.map(map);
    }
  } finally {
    // A consumer that stops early (a download cancelled) leaves no rejected promise unheard.
    pending?.catch(() => {});
  }
}

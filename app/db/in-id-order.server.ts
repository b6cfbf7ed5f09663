/** Rows read and written per step of an export (ADR 261). */
export const EXPORT_BATCH = 2000;

/**
 * An export's rows in the order fixed beforehand as `ids` (ADR 261): read `EXPORT_BATCH` at a
 * time by id (`read(slice)`), each batch yielded in that order through `map`. A row deleted
 * since the order was read is skipped; one changed meanwhile is written as it is now.
 */
export async function* inIdOrder<R extends { id: string }, Out>(
  ids: readonly string[],
  read: (slice: string[]) => Promise<R[]>,
  map: (row: R) => Out,
): AsyncGenerator<Out[]> {
  for (let i = 0; i < ids.length; i += EXPORT_BATCH) {
    const slice = ids.slice(i, i + EXPORT_BATCH);
    const byId = new Map((await read(slice)).map((r) => [r.id, r]));
    yield slice.flatMap((id) => {
      const row = byId.get(id);
      return row ? [map(row)] : [];
    });
  }
}

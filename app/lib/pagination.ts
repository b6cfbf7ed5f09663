/**
 * The pagination buttons (original-spec §9): at most 5 page numbers around the current page,
 * from 1 while the current page is near the start, up to the last near the end.
 */
export function paginationWindow(page: number, pageCount: number): number[] {
  const size = Math.min(5, Math.max(1, pageCount));
  const start = Math.max(1, Math.min(page - 2, pageCount - size + 1));
  return Array.from({ length: size }, (_, i) => start + i);
}

/** A page number read from the address: a whole number from 1, clamped to the last page once known. */
export function readPage(value: string | null | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 1_000_000 ? n : 1;
}

/** The page count of `total` rows, `size` a page (at least 1, so an empty list has page 1 of 1). */
export function pageCountOf(total: number, size: number) {
  return Math.max(1, Math.ceil(total / size));
}

/**
 * A list page's address: `pathname` with the given search parameters in their order, those
 * without a value left out and `pagina` only from page 2, so the first page of an unfiltered
 * list is the bare path.
 */
export function listHref(pathname: string, params: Record<string, string | number | null | undefined>): string {
  const sp = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value && !(name === "pagina" && Number(value) <= 1)) sp.set(name, String(value));
  }
  const s = sp.toString();
  return s ? `${pathname}?${s}` : pathname;
}

/**
 * The benches' targets as a plain-text table (`npm run bench`, `npm run bench:scale`): a header,
 * one line per target (the `numeric` columns right-aligned), then how many targets were met.
 */
export function targetsTable(head, rows, numeric, met) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) =>
    cells
      .map((cell, i) => (numeric[i] ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join(" | ")
      .trimEnd();
  return [line(head), widths.map((w) => "-".repeat(w)).join("-|-"), ...rows.map(line), "", `${met} de ${rows.length} metas atingidas`].join(
    "\n",
  );
}

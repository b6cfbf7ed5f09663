/** The benches' targets as a plain-text table: header, a line per target, how many were met. */
export function targetsTable(head: string[], rows: string[][], numeric: boolean[], met: number): string;

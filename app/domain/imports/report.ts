/** The report of a spreadsheet import (client-safe; ADR 141). */
/** What an import did (dry run) or will do: counts plus the refused rows with their reasons. */
export type ImportReport = {
  total: number;
  created: number;
  updated: number;
  rejected: { row: number; key: string; reason: string }[];
  /**
   * Rows that are valid but look like something already there (a likely duplicate workplace,
   * ADR 217): applied only when the user confirms.
   */
  warnings?: { row: number; key: string; reason: string }[];
  /** True once applied (the commit); false for the dry run. */
  applied: boolean;
};

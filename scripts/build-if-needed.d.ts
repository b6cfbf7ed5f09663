// Types for build-if-needed.js (plain JS; the staff-pages bench area imports it too).
/** Builds the production bundle when it is missing or older than any source file; true when it built. */
export function buildIfNeeded(options?: { quiet?: boolean }): boolean;

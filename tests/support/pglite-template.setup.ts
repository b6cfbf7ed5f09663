import { ensurePgliteTemplate } from "./pglite-template";

/** Vitest global set-up: the migrated PGlite template, once per run (ADR 005). */
export default async function setup() {
  if (process.env.TEST_DB === "postgres") return;
  await ensurePgliteTemplate();
}

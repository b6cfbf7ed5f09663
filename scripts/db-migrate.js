// `npm run db:migrate`: applies the pending migrations and exits (ADR 247). On PostgreSQL it takes
// the same advisory lock as `npm start`, so it is safe beside instances starting or running. On the
// embedded database (no DATABASE_URL) run it only with the app stopped: PGlite is single-process,
// and `npm start` migrates it anyway.
import fs from "node:fs";
import { buildIfNeeded } from "./build-if-needed.js";

// A release (no dev dependencies) carries its build; a checkout builds when the sources changed.
if (!process.env.SKIP_BUILD && fs.existsSync(new URL("../node_modules/@react-router/dev", import.meta.url))) buildIfNeeded();
process.env.NODE_ENV ??= "production";
const bundle = await import(new URL(`../${process.env.BUILD_DIR ?? "build"}/server/index.js`, import.meta.url).href);
try {
  const driver = await bundle.migrateDatabase();
  console.log(`Migrações aplicadas (${driver === "postgres" ? "PostgreSQL" : "banco embutido"}).`);
  process.exit(0);
} catch (err) {
  console.error(`Falha ao aplicar as migrações: ${err.message}`);
  process.exit(1);
}

// `npm test`: unit + integration on PGlite, the integration suite again on PostgreSQL when
// TEST_DATABASE_URL is set, then browser tests in Chromium when it is installed.
import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { buildIfNeeded } from "./build-if-needed.js";

const artifacts = path.resolve("tests/.artifacts");
fs.mkdirSync(artifacts, { recursive: true });
const extraArgs = process.argv.slice(2);
const totals = { passed: 0, failed: 0, skipped: 0 };
let failedRun = false;

function run(label, projects, env = {}) {
  console.log(`\n━━ ${label} ━━`);
  const out = path.join(artifacts, `vitest-${label.replace(/\W+/g, "-")}.json`);
  fs.rmSync(out, { force: true });
  const args = ["node_modules/vitest/vitest.mjs", "run", ...projects.flatMap((p) => ["--project", p]), "--reporter=default", "--reporter=json", `--outputFile.json=${out}`, ...extraArgs];
  const r = spawnSync(process.execPath, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (fs.existsSync(out)) {
    const json = JSON.parse(fs.readFileSync(out, "utf8"));
    totals.passed += json.numPassedTests;
    totals.failed += json.numFailedTests;
    totals.skipped += json.numPendingTests + (json.numTodoTests ?? 0);
    // A file that failed to load counts as a failure even though it ran no test.
    if (json.numFailedTestSuites > 0 && json.numFailedTests === 0) totals.failed += json.numFailedTestSuites;
  } else if (r.status !== 0) {
    totals.failed += 1;
  }
  if (r.status !== 0) failedRun = true;
}

console.log("Preparando build de produção (usada pelos testes de integração e de navegador)…");
buildIfNeeded();

run("unit + integration (PGlite)", ["unit", "integration"], { TEST_DB: "pglite" });

if (process.env.TEST_DATABASE_URL) {
  run("integration (PostgreSQL)", ["integration"], { TEST_DB: "postgres" });
} else {
  console.log("\nTEST_DATABASE_URL não definido: a etapa de integração no PostgreSQL foi PULADA.");
}

const chrome = process.env.CHROME_PATH ?? "/usr/bin/chromium";
if (fs.existsSync(chrome)) {
  run("browser (Chromium)", ["e2e"], { TEST_DB: "pglite", CHROME_PATH: chrome });
} else {
  console.log(`\nChromium não encontrado em ${chrome}: os testes de navegador foram PULADOS (instale com 'apt-get install -y chromium' ou defina CHROME_PATH).`);
}

console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`);
process.exit(failedRun || totals.failed > 0 ? 1 : 0);

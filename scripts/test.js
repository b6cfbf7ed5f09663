// `npm test`: unit + integration on PGlite, the integration suite again on PostgreSQL when
// TEST_DATABASE_URL is set, then browser tests in Chromium when it is installed.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { buildIfNeeded } from "./build-if-needed.js";

const artifacts = path.resolve("tests/.artifacts");
fs.mkdirSync(artifacts, { recursive: true });
const extraArgs = process.argv.slice(2);
const totals = { passed: 0, failed: 0, skipped: 0 };
/** "leg › file › test: first line of the error", for the summary at the very end. */
const failures = [];
let failedRun = false;

function firstLine(text) {
  return String(text ?? "").split("\n").find((l) => l.trim())?.trim().slice(0, 300) ?? "";
}

// Vitest's default on 2 cores is one worker; integration files mostly wait on the database and
// on HTTP, so two share two cores well (ADR 005). The browser project keeps one file at a time
// (fileParallelism: false in vitest.config.ts).
const workers = String(Math.max(2, os.availableParallelism() - 1));

/** Each step's wall time, printed at the end (the CI budget is per leg, ADR 237). */
const timings = [];
function timed(label, fn) {
  const started = Date.now();
  const result = fn();
  timings.push(`${label}: ${Math.round((Date.now() - started) / 1000)} s`);
  return result;
}

function run(label, projects, env = {}) {
  timed(label, () => runLeg(label, projects, env));
}

function runLeg(label, projects, env) {
  console.log(`\n━━ ${label} ━━`);
  const out = path.join(artifacts, `vitest-${label.replace(/\W+/g, "-")}.json`);
  fs.rmSync(out, { force: true });
  const args = ["node_modules/vitest/vitest.mjs", "run", ...projects.flatMap((p) => ["--project", p]), "--reporter=default", "--reporter=json", `--outputFile.json=${out}`, `--maxWorkers=${workers}`, ...extraArgs];
  const r = spawnSync(process.execPath, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (fs.existsSync(out)) {
    const json = JSON.parse(fs.readFileSync(out, "utf8"));
    totals.passed += json.numPassedTests;
    totals.failed += json.numFailedTests;
    totals.skipped += json.numPendingTests + (json.numTodoTests ?? 0);
    // A file that failed to load counts as a failure even though it ran no test.
    if (json.numFailedTestSuites > 0 && json.numFailedTests === 0) totals.failed += json.numFailedTestSuites;
    for (const file of json.testResults ?? []) {
      const rel = path.relative(process.cwd(), file.name);
      const failed = (file.assertionResults ?? []).filter((t) => t.status === "failed");
      for (const t of failed) failures.push(`${label} › ${rel} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
      if (file.status === "failed" && failed.length === 0) failures.push(`${label} › ${rel}: ${firstLine(file.message)}`);
    }
  } else if (r.status !== 0) {
    totals.failed += 1;
  }
  if (r.status !== 0) failedRun = true;
}

console.log("Preparando build de produção (usada pelos testes de integração e de navegador)…");
timed("build", buildIfNeeded);

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

console.log(`\nTempo por etapa: ${timings.join("; ")}`);
// The failures again, last, so a log's tail names them.
if (failures.length) console.log(`\nFalhas:\n${failures.map((f) => `  ✗ ${f}`).join("\n")}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`);
process.exit(failedRun || totals.failed > 0 ? 1 : 0);

// `npm test`: unit + integration on PGlite, then browser tests in Chromium when it is installed.
// With TEST_DATABASE_URL set, the integration suite runs on PostgreSQL instead, and the PGlite leg
// keeps the unit tests and the integration files of the embedded database's own code paths (ADR 297).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { buildIfNeeded } from "./build-if-needed.js";
import { chromePath } from "./lib/chrome.js";

const artifacts = path.resolve("tests/.artifacts");
fs.mkdirSync(artifacts, { recursive: true });
const extraArgs = process.argv.slice(2);
const totals = { passed: 0, failed: 0, skipped: 0 };
/** "leg › file › test: first line of the error", for the summary at the very end. */
const failures = [];
let failedRun = false;

function firstLine(text) {
  return (
    String(text ?? "")
      .split("\n")
      .find((l) => l.trim())
      ?.trim()
      .slice(0, 300) ?? ""
  );
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
  timed(label, () => {
    console.log(`\n━━ ${label} ━━`);
    const r = spawnSync(process.execPath, vitestArgs(label, projects), { stdio: "inherit", env: { ...process.env, ...env } });
    collect(label, r.status);
  });
}

function vitestArgs(label, projects) {
  const out = jsonReport(label);
  fs.rmSync(out, { force: true });
  return [
    "node_modules/vitest/vitest.mjs",
    "run",
    ...projects.flatMap((p) => ["--project", p]),
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${out}`,
    `--maxWorkers=${workers}`,
    ...extraArgs,
  ];
}

function jsonReport(label) {
  return path.join(artifacts, `vitest-${label.replace(/\W+/g, "-")}.json`);
}

/** A finished leg's results into the totals and the list of failures. */
function collect(label, status) {
  const out = jsonReport(label);
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
  } else if (status !== 0) {
    totals.failed += 1;
  }
  if (status !== 0) failedRun = true;
}

console.log("Preparando build de produção (usada pelos testes de integração e de navegador)…");
timed("build", buildIfNeeded);

const postgres = Boolean(process.env.TEST_DATABASE_URL);
if (postgres) {
  run("unit + embedded-database integration (PGlite)", ["unit", "integration-embedded"], {
    TEST_DB: "pglite",
    TEST_INTEGRATION_EMBEDDED: "1",
  });
} else {
  run("unit + integration (PGlite)", ["unit", "integration"], { TEST_DB: "pglite" });
}

const chrome = chromePath();
const browser = fs.existsSync(chrome);
// Each leg keeps its files and e-mails in a folder of its own.
const postgresEnv = { TEST_DB: "postgres", TEST_DATA_DIR: path.join(artifacts, "data-postgres") };
const browserEnv = { TEST_DB: "pglite", CHROME_PATH: chrome, TEST_DATA_DIR: path.join(artifacts, "data-browser") };
// One leg after the other, each on both cores (ADR 260): the legs are bound by the processor
// (the app and the tests in Node, PGlite, Chromium), so running two side by side only made both slower.
if (postgres) run("integration (PostgreSQL)", ["integration"], postgresEnv);
else console.log("\nTEST_DATABASE_URL não definido: a etapa de integração no PostgreSQL foi PULADA.");

if (browser) {
  run("browser (Chromium)", ["e2e"], browserEnv);
} else {
  console.log(
    `\nChromium não encontrado em ${chrome}: os testes de navegador foram PULADOS (instale com 'apt-get install -y chromium' ou defina CHROME_PATH).`,
  );
}

console.log(`\nTempo por etapa: ${timings.join("; ")}`);
// The failures again, last, so a log's tail names them.
if (failures.length) console.log(`\nFalhas:\n${failures.map((f) => `  ✗ ${f}`).join("\n")}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`);
process.exit(failedRun || totals.failed > 0 ? 1 : 0);

// `npm run bench:imports:candidates`: the .xlsx readers measured for ADR 173 on the import
// benchmark's files — a legitimate 50,000-row members file and the hostile ones (a million rows
// with and without a declared dimension, the single cell XFD1048576, zip bombs honest and lying).
// Each library reads each file in a fresh process (bench/imports/candidate.ts), with a time limit
// and a heap limit; prints ONE JSON line (progress to stderr).
// The libraries are not dependencies of the app: install them in a folder of their own and name
// it in BENCH_CANDIDATES_DIR (e.g. `npm install --prefix <dir> exceljs read-excel-file xlstream`);
// a candidate that is not installed there is skipped. BENCH_CANDIDATES (comma list) picks some;
// BENCH_CANDIDATE_TIMEOUT_S (60).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { farCellXlsx, millionRowsXlsx, zipBombXlsx } from "../../tests/support/xlsx-files";
import { legitMembersXlsx } from "./files";

const say = (m: string) => process.stderr.write(`[bench:candidates] ${m}\n`);
const ALL = ["app", "exceljs", "exceljs-stream", "read-excel-file", "xlstream"];
const PACKAGE: Record<string, string | null> = {
  app: null,
  exceljs: "exceljs",
  "exceljs-stream": "exceljs",
  "read-excel-file": "read-excel-file",
  xlstream: "xlstream",
};
const dir = path.resolve(process.env.BENCH_CANDIDATES_DIR ?? process.cwd());
const timeout = Number(process.env.BENCH_CANDIDATE_TIMEOUT_S ?? 60) * 1000;

function installed(candidate: string) {
  const pkg = PACKAGE[candidate];
  if (!pkg) return true;
  try {
    createRequire(path.join(dir, "package.json")).resolve(`${pkg}/package.json`);
    return true;
  } catch {
    return false;
  }
}

async function main() {
  const candidates = (process.env.BENCH_CANDIDATES ?? ALL.join(","))
    .split(",")
    .map((s) => s.trim())
    .filter((c) => ALL.includes(c));
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "sind-candidates-"));
  const files: [string, () => Promise<Buffer>][] = [
    ["legit-50k", () => legitMembersXlsx(50_000)],
    ["million-rows", () => millionRowsXlsx()],
    ["million-rows-no-dimension", () => millionRowsXlsx({ dimension: false })],
    ["far-cell-XFD1048576", () => farCellXlsx()],
    ["zip-bomb", () => zipBombXlsx(1024)],
    ["zip-bomb-lying", () => zipBombXlsx(1024, 1000)],
  ];
  const out: Record<string, unknown> = { bench: "import-candidates", at: new Date().toISOString() };
  const versions: Record<string, string> = {};
  for (const c of candidates) {
    const pkg = PACKAGE[c];
    if (pkg && installed(c))
      versions[c] = JSON.parse(
        fs.readFileSync(createRequire(path.join(dir, "package.json")).resolve(`${pkg}/package.json`), "utf8"),
      ).version;
  }
  out.versions = versions;
  const results: Record<string, Record<string, unknown>> = {};
  try {
    for (const [name, make] of files) {
      say(`gerando ${name}…`);
      const file = path.join(work, `${name}.xlsx`);
      fs.writeFileSync(file, await make());
      results[name] = { kb: Math.round(fs.statSync(file).size / 1024) };
      for (const c of candidates) {
        if (!installed(c)) {
          results[name][c] = "não instalado";
          continue;
        }
        say(`${name}: ${c}…`);
        const r = spawnSync(
          process.execPath,
          ["--max-old-space-size=4096", "node_modules/tsx/dist/cli.mjs", "bench/imports/candidate.ts", c, file],
          {
            encoding: "utf8",
            timeout,
            env: { ...process.env, BENCH_CANDIDATES_DIR: dir },
            maxBuffer: 16 * 1024 * 1024,
          },
        );
        const last = (r.stdout ?? "").trim().split("\n").pop() ?? "";
        try {
          const { candidate: _c, ...figures } = JSON.parse(last);
          results[name][c] = figures;
        } catch {
          results[name][c] = r.error
            ? `parou: ${(r.error as Error).message.slice(0, 60)}`
            : `falhou (código ${r.status}, sinal ${r.signal}): ${(r.stderr ?? "").trim().split("\n").slice(-1)[0]?.slice(0, 120)}`;
        }
        say(`${name}: ${c} → ${JSON.stringify(results[name][c])}`);
      }
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  out.results = results;
  out.machine = { cpus: os.cpus().length, node: process.version, load1: Math.round(os.loadavg()[0] * 10) / 10 };
  process.stdout.write(JSON.stringify(out) + "\n");
}

main().catch((error) => {
  process.stderr.write(`[bench:candidates] falhou: ${error?.stack ?? error}\n`);
  process.exit(1);
});

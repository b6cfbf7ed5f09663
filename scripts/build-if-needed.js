// Builds the production bundle when it is missing or older than any source file.
import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";

const SOURCES = ["app", "server", "public", "package.json", "vite.config.ts", "react-router.config.ts", "tsconfig.json"];
const OUTPUT = `${process.env.BUILD_DIR ?? "build"}/server/index.js`;

function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of fs.readdirSync(p)) {
    if (entry === "node_modules" || entry.startsWith(".")) continue;
    max = Math.max(max, newest(path.join(p, entry)));
  }
  return max;
}

export function buildIfNeeded({ quiet = false } = {}) {
  // A release (npm run release) carries the build and no sources to build from: nothing to do.
  if (!fs.existsSync("vite.config.ts")) return false;
  const built = fs.existsSync(OUTPUT) ? fs.statSync(OUTPUT).mtimeMs : 0;
  const source = Math.max(...SOURCES.map(newest));
  if (built && built >= source) return false;
  if (!quiet) console.log("Gerando build de produção…");
  const r = spawnSync(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], {
    stdio: quiet ? "pipe" : "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (r.status !== 0) {
    if (quiet) process.stderr.write(String(r.stdout) + String(r.stderr));
    throw new Error("A build falhou");
  }
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfNeeded();

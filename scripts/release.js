// `npm run release`: the production release (issue 21 §1, ADR 244), built once here and installed on
// a server with production dependencies only:
//
//   release/sindicato-<version>/         the folder: build/, server/, the production scripts,
//                                        app/db/migrations/, package.json, package-lock.json,
//                                        LICENSE, README, CHANGELOG, .env.example, deploy/, sbom
//   release/sindicato-<version>.tar.gz   the same folder, packed
//
// On the server, in the unpacked folder: `npm ci --omit=dev && npm run start:prod`. Nothing is built
// there. tests/integration/release.test.ts runs exactly those commands (RELEASE_COMMANDS below), and
// tests/unit/dockerfile.test.ts checks that the Dockerfile runs them too.
//
// Options: --out <folder> (default: release), --reuse-build (take the current build when it is up to
// date, as `npm start` would, instead of building afresh; the release test uses it), --no-tarball.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { builtinModules } from "node:module";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { buildIfNeeded } from "./build-if-needed.js";

/** The commands that install and start a release, in its folder. */
export const RELEASE_COMMANDS = {
  install: "npm ci --omit=dev",
  start: "npm run start:prod",
  build: "npm run release",
};

/** The package.json scripts a production server uses (`db:*` but db:generate, which needs drizzle-kit). */
export function keptScript(name) {
  return name === "start:prod" || name === "user:create-admin" || (name.startsWith("db:") && name !== "db:generate");
}

/**
 * Packages the release's JavaScript names that a production server never loads: server/index.js
 * imports Vite only under `npm run dev` (--dev).
 */
const DEV_ONLY_IMPORTS = new Set(["vite"]);

/** Files beside the build that a release carries when they exist (documentation and examples). */
const EXTRA_FILES = ["LICENSE", "README.md", "CHANGELOG.md", ".env.example", "docs/operations.md", "deploy"];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function run(cmd, args, options = {}) {
  const r = spawnSync(cmd, args, { stdio: "inherit", ...options });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} terminou com código ${r.status}`);
  return r;
}

function copy(from, to) {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  fs.cpSync(from, to, { recursive: true });
}

/** Relative imports of a script (`from "./x.js"`, `import("../y.js")`), resolved to files. */
function relativeImports(file) {
  const text = fs.readFileSync(file, "utf8");
  const found = new Set();
  for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["'](\.{1,2}\/[^"']+)["']/g)) {
    found.add(path.resolve(path.dirname(file), m[1]));
  }
  return [...found].filter((f) => fs.existsSync(f));
}

/** The scripts the kept npm scripts run, with everything they import from the repository. */
export function scriptFiles(scripts) {
  const todo = [];
  for (const command of Object.values(scripts)) {
    for (const m of command.matchAll(/\bnode\s+(?:\.\/)?(scripts\/[\w./-]+\.m?js)\b/g)) todo.push(path.join(root, m[1]));
  }
  const seen = new Set();
  while (todo.length) {
    const file = todo.pop();
    if (seen.has(file) || !fs.existsSync(file)) continue;
    seen.add(file);
    todo.push(...relativeImports(file));
  }
  return [...seen].map((f) => path.relative(root, f)).sort();
}

/** Bare package names a JavaScript file imports or requires (node: and built-ins left out). */
export function packageImports(text) {
  const names = new Set();
  // A package specifier: `name` or `@scope/name`, with an optional sub-path; no spaces, no quotes.
  const spec = String.raw`((?:@[\w.-]+\/)?[\w][\w.-]*(?:\/[\w.@-]+)*)`;
  const patterns = [
    // Static imports and re-exports: on one line, or the closing line of a multi-line one (a bare
    // `from '…'`, say in SQL text, is not an import).
    new RegExp(String.raw`^\s*(?:import|export)\b[^;\n]*?\bfrom\s*["']${spec}["']`, "gm"),
    new RegExp(String.raw`^\s*\}\s*from\s*["']${spec}["']`, "gm"),
    new RegExp(String.raw`\bimport\s*\(\s*["']${spec}["']\s*\)`, "g"),
    new RegExp(String.raw`\bimport\s*["']${spec}["']`, "g"),
    new RegExp(String.raw`\brequire(?:Cjs)?\s*\(\s*["']${spec}["']\s*\)`, "g"),
  ];
  for (const re of patterns) {
    for (const m of text.matchAll(re)) {
      const spec = m[1];
      if (spec.startsWith("node:") || spec.startsWith("virtual:") || builtinModules.includes(spec.split("/")[0])) continue;
      names.add(spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0]);
    }
  }
  return names;
}

function jsFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .flatMap((e) => (e.isFile() && /\.(m?js|cjs)$/.test(e.name) ? [path.join(e.parentPath ?? e.path, e.name)] : []));
}

/**
 * Every package the release's server code and scripts import must be a production dependency:
 * `npm ci --omit=dev` installs nothing else. Returns the ones that are not, with a file each.
 */
export function missingDependencies(releaseDir, dependencies) {
  const files = [
    ...jsFiles(path.join(releaseDir, "build", "server")),
    ...jsFiles(path.join(releaseDir, "server")),
    ...jsFiles(path.join(releaseDir, "scripts")),
  ];
  const missing = new Map();
  for (const file of files) {
    for (const name of packageImports(fs.readFileSync(file, "utf8"))) {
      if (!(name in dependencies) && !DEV_ONLY_IMPORTS.has(name) && !missing.has(name)) missing.set(name, path.relative(releaseDir, file));
    }
  }
  return [...missing].map(([name, file]) => `${name} (${file})`);
}

function gitCommit() {
  const r = spawnSync("git", ["rev-parse", "HEAD"], { cwd: root, encoding: "utf8" });
  return r.status === 0 ? r.stdout.trim() : null;
}

/**
 * The CycloneDX SBOM of a release folder's production dependencies, from its lockfile, written as
 * sbom.cdx.json. Not `npm sbom --omit dev` on the lockfile as it is: that drops a production
 * package that a dev package also names as a peer (react, zod… here: npm/cli#7909). So the
 * lockfile is first pruned to the production tree, in a scratch folder, without downloading
 * anything (`--package-lock-only`), and that one is listed.
 */
export function writeSbom(dir) {
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "sind-sbom-"));
  // Named as the package: npm names the SBOM's subject after its folder.
  const staging = path.join(scratch, pkg.name);
  try {
    fs.mkdirSync(staging);
    delete pkg.devDependencies;
    fs.writeFileSync(path.join(staging, "package.json"), JSON.stringify(pkg, null, 2));
    fs.copyFileSync(path.join(dir, "package-lock.json"), path.join(staging, "package-lock.json"));
    const npm = (args) =>
      spawnSync("npm", args, {
        cwd: staging,
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
        env: { ...process.env, NODE_ENV: "production" },
      });
    const pruned = npm(["install", "--package-lock-only", "--omit=dev", "--ignore-scripts", "--prefer-offline", "--no-audit", "--no-fund"]);
    if (pruned.status !== 0) throw new Error(`npm install --package-lock-only falhou:\n${pruned.stderr}`);
    const r = npm(["sbom", "--sbom-format", "cyclonedx", "--sbom-type", "application", "--package-lock-only"]);
    if (r.status !== 0) throw new Error(`npm sbom falhou:\n${r.stderr}`);
    const file = path.join(dir, "sbom.cdx.json");
    fs.writeFileSync(file, r.stdout);
    return file;
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

export function makeRelease({ out = "release", reuseBuild = false, tarball = true } = {}) {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
  const name = `sindicato-${pkg.version}`;
  const outDir = path.resolve(out);
  const dir = path.join(outDir, name);
  const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");

  // The build: afresh by default; with --reuse-build, only when a source is newer than it.
  if (reuseBuild) buildIfNeeded();
  else
    run(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"], {
      cwd: root,
      env: { ...process.env, NODE_ENV: "production" },
    });

  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });

  // build/ (server and client), without the test hooks entry the production server never imports.
  fs.cpSync(buildDir, path.join(dir, "build"), {
    recursive: true,
    filter: (src) => path.relative(buildDir, src) !== path.join("server", "test-hooks.js"),
  });
  // The HTTP entry and its plain-JavaScript neighbours (server/*.ts is in the build).
  for (const f of fs.readdirSync(path.join(root, "server"))) {
    if (/\.m?js$/.test(f)) copy(path.join(root, "server", f), path.join(dir, "server", f));
  }
  // Migrations, where the server looks for them by default (MIGRATIONS_DIR=app/db/migrations).
  copy(path.join(root, "app/db/migrations"), path.join(dir, "app/db/migrations"));

  const scripts = Object.fromEntries(Object.entries(pkg.scripts).filter(([k]) => keptScript(k)));
  for (const f of scriptFiles(scripts)) copy(path.join(root, f), path.join(dir, f));
  for (const f of EXTRA_FILES) if (fs.existsSync(path.join(root, f))) copy(path.join(root, f), path.join(dir, f));

  // package.json with the production scripts only. The devDependencies stay listed: the lockfile
  // names them, and `npm ci` refuses a package.json out of step with its lockfile (--omit=dev
  // leaves them out of node_modules).
  const released = {
    name: pkg.name,
    version: pkg.version,
    private: true,
    license: pkg.license,
    type: pkg.type,
    engines: pkg.engines,
    scripts,
    dependencies: pkg.dependencies,
    devDependencies: pkg.devDependencies,
  };
  fs.writeFileSync(path.join(dir, "package.json"), `${JSON.stringify(released, null, 2)}\n`);
  copy(path.join(root, "package-lock.json"), path.join(dir, "package-lock.json"));
  fs.writeFileSync(
    path.join(dir, "release.json"),
    `${JSON.stringify({ name: pkg.name, version: pkg.version, commit: gitCommit(), builtAt: new Date().toISOString(), ...RELEASE_COMMANDS }, null, 2)}\n`,
  );

  const missing = missingDependencies(dir, pkg.dependencies);
  if (missing.length) {
    throw new Error(`Pacotes importados em produção que não estão em "dependencies" do package.json:\n  ${missing.join("\n  ")}`);
  }
  writeSbom(dir);

  let archive = null;
  if (tarball) {
    archive = path.join(outDir, `${name}.tar.gz`);
    run("tar", ["-czf", archive, "-C", outDir, name]);
  }
  return { dir, archive, name, version: pkg.version };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const outAt = args.indexOf("--out");
  try {
    const r = makeRelease({
      out: outAt >= 0 ? args[outAt + 1] : path.join(root, "release"),
      reuseBuild: args.includes("--reuse-build"),
      tarball: !args.includes("--no-tarball"),
    });
    console.log(
      `Versão ${r.version} pronta em ${path.relative(process.cwd(), r.dir) || "."}${r.archive ? ` e ${path.relative(process.cwd(), r.archive)}` : ""}.`,
    );
    console.log(`No servidor, dentro da pasta: ${RELEASE_COMMANDS.install} && ${RELEASE_COMMANDS.start}`);
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}

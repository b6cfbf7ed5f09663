// `npm run sbom`: the CycloneDX SBOM (npm's own `npm sbom`, production dependencies only) of the
// release made by `npm run release`, written into its folder as sbom.cdx.json (issue 21 §9).
// `npm run release` writes it too, so the tarball carries it; this rewrites it on its own.
import fs from "node:fs";
import path from "node:path";
import { writeSbom } from "./release.js";

const pkg = JSON.parse(fs.readFileSync("package.json", "utf8"));
const dir = path.resolve(process.argv[2] ?? path.join("release", `sindicato-${pkg.version}`));
if (!fs.existsSync(path.join(dir, "package-lock.json"))) {
  console.error(`Nenhuma versão em ${path.relative(process.cwd(), dir)}: rode antes npm run release.`);
  process.exit(1);
}
const file = writeSbom(dir);
const components = JSON.parse(fs.readFileSync(file, "utf8")).components?.length ?? 0;
console.log(`SBOM (CycloneDX) com ${components} componentes gravado em ${path.relative(process.cwd(), file)}.`);

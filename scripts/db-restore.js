// `npm run db:restore -- <file> [--force]`: restores a backup made by `npm run db:backup`.
import { databaseUrl, embeddedDataDir, restoreEmbedded, restorePostgres } from "./db-backup-lib.js";

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith("--"));
if (!file) {
  console.error("Uso: npm run db:restore -- <arquivo> [--force]");
  process.exit(2);
}
try {
  const url = databaseUrl();
  if (url) await restorePostgres(file, url);
  else await restoreEmbedded(file, embeddedDataDir(), { force: args.includes("--force") });
  console.log(`Backup ${file} restaurado.`);
} catch (err) {
  console.error(`Falha na restauração: ${err.message}`);
  process.exit(1);
}

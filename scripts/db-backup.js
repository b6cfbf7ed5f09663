// `npm run db:backup -- [file]`: one file holds everything (files live in the database too), with
// its manifest beside it (`<file>.manifest.json`, for `npm run db:restore-drill`). PostgreSQL is
// backed up live; the embedded database only with the app stopped (the running app makes its own
// backups: the scheduled job, ADR 248).
import { backupEmbedded, backupFileName, backupPostgres, databaseUrl, embeddedDataDir } from "./db-backup-lib.js";

const url = databaseUrl();
const file = process.argv[2] ?? backupFileName(url ? "postgres" : "pglite");
try {
  if (url) await backupPostgres(url, file);
  else await backupEmbedded(embeddedDataDir(), file);
  console.log(`Backup gravado em ${file}`);
} catch (err) {
  console.error(`Falha no backup: ${err.message}`);
  process.exit(1);
}

// `npm run db:backup -- [file]`: one file holds everything (files live in the database too).
import { backupEmbedded, backupPostgres, embeddedDataDir } from "./db-backup-lib.js";

const stamp = new Date().toISOString().replace(/[:.]/g, "-").slice(0, 19);
const url = process.env.DATABASE_URL;
const file = process.argv[2] ?? (url ? `backup-${stamp}.dump` : `backup-${stamp}.tar.gz`);
try {
  if (url) backupPostgres(url, file);
  else await backupEmbedded(embeddedDataDir(), file);
  console.log(`Backup gravado em ${file}`);
} catch (err) {
  console.error(`Falha no backup: ${err.message}`);
  process.exit(1);
}

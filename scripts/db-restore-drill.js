// `npm run db:restore-drill -- [file]`: proves a backup restores (ADR 248). Restores the file into
// a throwaway database (PostgreSQL: a new database on the same server, or on DRILL_DATABASE_URL's;
// embedded: a PGlite in memory) and compares every table's row count and checksum with the
// manifest written with the backup, i.e. with the source at the moment of the backup. Without a
// file it first makes a fresh backup of the configured database (the embedded one only with the
// app stopped; with the app running, give it one of the scheduled backups). Exit code 0: identical.
import fs from "node:fs";
import path from "node:path";
import { backupEmbedded, backupPostgres, databaseUrl, embeddedDataDir, restoreDrill, tempBackupFile } from "./db-backup-lib.js";

const url = databaseUrl();
let file = process.argv[2];
let temporary = false;
try {
  if (!file) {
    file = tempBackupFile(url ? "postgres" : "pglite");
    temporary = true;
    if (url) await backupPostgres(url, file);
    else await backupEmbedded(embeddedDataDir(), file);
    console.log(`Backup novo para o exercício: ${file}`);
  }
  const { manifest, tables, problems } = await restoreDrill(file, { adminUrl: process.env.DRILL_DATABASE_URL || url });
  const rows = Object.values(tables).reduce((n, t) => n + t.rows, 0);
  console.log(
    `Restaurado num banco descartável (${manifest.driver === "postgres" ? "PostgreSQL" : "embutido"}): ` +
      `${Object.keys(tables).length} tabelas, ${rows} linhas; backup de ${manifest.createdAt}.`,
  );
  if (problems.length) {
    console.error(`O exercício de restauração FALHOU: ${problems.length} diferença(s) em relação à origem:`);
    for (const p of problems) console.error(`  - ${p}`);
    process.exitCode = 1;
  } else {
    console.log("Exercício de restauração OK: contagens de linhas e somas de verificação iguais às da origem.");
  }
} catch (err) {
  console.error(`Falha no exercício de restauração: ${err.message}`);
  process.exitCode = 1;
} finally {
  if (temporary && file) fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

import path from "node:path";
import { TZDate } from "@date-fns/tz";
import { z } from "zod";
import { backupSource } from "~/db/client.server";
import { TIME_ZONE } from "~/lib/long-date";
import { env } from "~/utils/env.server";
import { log } from "~/utils/logger.server";
import { backupFileName, backupPostgres, dumpOpenPglite, pruneBackups, type Manifest } from "../../scripts/db-backup-lib.js";
import { defineJob } from "./jobs.server";

/**
 * The scheduled backup (issue 21 §6, ADR 248): once a day at BACKUP_TIME (Brasília time) the
 * running app writes a backup of its own database to BACKUP_DIR and keeps the newest BACKUP_KEEP.
 * On PostgreSQL it runs pg_dump (password in the environment, never on the command line); on the
 * embedded database it copies the open database itself, without stopping the app: PGlite lives
 * in this process, so no other process can. Each file has its manifest beside it, for
 * `npm run db:restore-drill`. One run between all instances (a schedule in the database).
 */

export type BackupSettings = { enabled: boolean; time: string; keep: number; dir: string };

/** Read from the environment (an empty variable is "not set"); a bad value stops the start with its name. */
export function backupSettings(): BackupSettings {
  const raw = (name: string) => process.env[name]?.trim() || undefined;
  const time = raw("BACKUP_TIME") ?? "03:00";
  const enabled = !["off", "false", "0", "não", "nao"].includes(time.toLowerCase());
  if (enabled && !/^([01]\d|2[0-3]):[0-5]\d$/.test(time))
    throw new Error(`BACKUP_TIME inválido ("${time}"): use HH:MM (ex.: 03:00) ou "off" para desligar o backup agendado.`);
  const keepRaw = raw("BACKUP_KEEP") ?? "7";
  const keep = Number(keepRaw);
  if (!Number.isInteger(keep) || keep < 1) throw new Error(`BACKUP_KEEP inválido ("${keepRaw}"): um número inteiro de 1 em diante.`);
  const dir = path.resolve(raw("BACKUP_DIR") ?? path.join(env().DATA_DIR, "backups"));
  return { enabled, time, keep, dir };
}

/** The next HH:MM in Brasília after `now`. */
export function nextDailyRun(time: string, now = new Date()): Date {
  const [h, m] = time.split(":").map(Number);
  const local = new TZDate(now.getTime(), TIME_ZONE);
  let at = new TZDate(local.getFullYear(), local.getMonth(), local.getDate(), h, m, 0, 0, TIME_ZONE);
  if (at.getTime() <= now.getTime()) at = new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + 1, h, m, 0, 0, TIME_ZONE);
  return new Date(at.getTime());
}

/** Writes one backup now, then prunes: the job's work, and what an administrator's "backup now" runs. */
export async function backupDatabaseNow(settings = backupSettings()): Promise<{ file: string; manifest: Manifest; removed: string[] }> {
  const source = backupSource();
  const file = path.join(settings.dir, backupFileName(source.driver));
  const manifest = source.driver === "postgres" ? await backupPostgres(source.url, file) : await dumpOpenPglite(source.client, file);
  const removed = pruneBackups(settings.dir, settings.keep);
  const rows = Object.values(manifest.tables).reduce((n, t) => n + t.rows, 0);
  log.info("backup do banco concluído", { file: path.basename(file), tables: Object.keys(manifest.tables).length, rows, removed });
  return { file, manifest, removed };
}

export const databaseBackupJob = defineJob(
  "database-backup",
  z.object({}).passthrough(),
  async () => {
    await backupDatabaseNow();
  },
  { maxAttempts: 3, backoffSeconds: 15 * 60 },
);

// Types of db-backup-lib.js (plain JS: the command-line scripts run it without a build).
import type { PGlite } from "@electric-sql/pglite";

export type Fingerprints = Record<string, { rows: number; checksum: string }>;
export type Manifest = { version: 1; driver: "pglite" | "postgres"; createdAt: string; tables: Fingerprints };

export function embeddedDataDir(): string;
export function databaseUrl(): string | undefined;
export function manifestPath(file: string): string;
export function tableFingerprints(query: (text: string) => Promise<Record<string, unknown>[]>): Promise<Fingerprints>;
export function compareFingerprints(expected: Fingerprints, actual: Fingerprints): string[];
export function dumpOpenPglite(client: PGlite, file: string): Promise<Manifest>;
export function backupEmbedded(dataDir: string, file: string): Promise<Manifest>;
export function restoreEmbedded(file: string, dataDir: string, options?: { force?: boolean }): Promise<void>;
export function pgToolConnection(url: string, baseEnv?: NodeJS.ProcessEnv): { dbname: string; env: NodeJS.ProcessEnv };
export function backupPostgres(url: string, file: string): Promise<Manifest>;
export function restorePostgres(file: string, url: string, options?: { clean?: boolean }): Promise<void>;
export function backupFileName(driver: "pglite" | "postgres", when?: Date): string;
export function pruneBackups(dir: string, keep: number): string[];
export function restoreDrill(
  file: string,
  options?: { adminUrl?: string },
): Promise<{ manifest: Manifest; tables: Fingerprints; problems: string[] }>;
export function tempBackupFile(driver: "pglite" | "postgres"): string;

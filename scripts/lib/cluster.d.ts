// Types for cluster.js (plain JS, shared by the bench and the tests).
import type { ChildProcess } from "node:child_process";

export const HAPROXY: string;
export const NGINX: string;
export const LOOPBACK_SESSION_SECRET: string;

export function freePort(): Promise<number>;

/** Installs a Debian package when its binary is missing (root only); true when the binary exists after. */
export function ensureDebianPackage(binary: string, pkg: string, say?: (message: string) => void): boolean;

export type ThrowawayPostgres = { url: string; drop: () => Promise<void> };
/** A fresh database on the PostgreSQL server of `adminUrl`, dropped (connections and all) by `drop()`. */
export function createThrowawayPostgres(adminUrl: string, prefix?: string): Promise<ThrowawayPostgres>;

export type InstanceOptions = {
  databaseUrl?: string;
  env?: Record<string, string>;
  seed?: "auto" | "true" | "false";
  cwd?: string;
  readyTimeoutMs?: number;
  /** A given loopback port (a restarted instance takes its old place behind the balancer); default a free one. */
  port?: number;
};
export type Instance = {
  base: string;
  port: number;
  pid: number | undefined;
  child: ChildProcess;
  stderr: () => string;
  /** The last 20 kB it wrote to stdout (the cluster primary's "prontos" lines). */
  stdout: () => string;
  /** Its DATA_DIR (file store; e-mails in outbox/ unless an SMTP_URL was given). */
  dataDir: string;
  /** Resident memory of the process and its server processes (WEB_CONCURRENCY), in MB (Linux /proc); null when it is gone. */
  rssMb: () => number | null;
  /** The same, one figure per process: the start's first (the cluster's primary), then each server process. */
  rssEachMb: () => (number | null)[];
  kill: (signal?: NodeJS.Signals) => Promise<void>;
  stop: () => Promise<void>;
};
/** The processes a process has started (Linux /proc): the server processes of a WEB_CONCURRENCY start. */
export function childPids(pid: number): number[];
/** One production instance (`node server/index.js`) on a free loopback port, once `/readyz` answers 200. */
export function startInstance(options?: InstanceOptions): Promise<Instance>;

export type HaproxyConfigOptions = { port: number; backends: { port: number }[]; statsPort?: number; checkIntervalMs?: number };
/** The HAProxy configuration the operator's guide (docs/operations.md) documents. */
export function haproxyConfig(options: HaproxyConfigOptions): string;

export type Haproxy = {
  base: string;
  port: number;
  /** Server states from the stats page: { app1: "UP", app2: "DOWN", … }. */
  serverStates: () => Promise<Record<string, string>>;
  /** Requests (sessions) each server has been handed so far, health checks not counted. */
  serverTotals: () => Promise<Record<string, number>>;
  stop: () => Promise<void>;
};
export function startHaproxy(options: { backends: { port: number }[]; checkIntervalMs?: number }): Promise<Haproxy>;

export type Nginx = { base: string; stop: () => Promise<void> };
export function startNginx(options: { files: Record<string, { body: string | Buffer; headers?: Record<string, string> }> }): Promise<Nginx>;
/** One bare node:http process answering each page with its stored gzip bytes and headers (issue 24 §1's floor). */
export function startBareNode(options: {
  files: Record<string, { body: string | Buffer; headers?: Record<string, string> }>;
}): Promise<Nginx>;

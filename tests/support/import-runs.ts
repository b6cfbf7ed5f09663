import type { Client } from "./http";
import { decodeHtml } from "./html";

type Query = <T = Record<string, unknown>>(strings: TemplateStringsArray, ...values: unknown[]) => Promise<T[]>;

/**
 * A spreadsheet import's multipart body as its page posts it: the intent, any other fields, and
 * the file as `arquivo` (left out when `bytes` is null).
 */
export function importForm(intent: string, bytes: Buffer | null, name: string, extra: Record<string, string> = {}) {
  const fd = new FormData();
  fd.set("intent", intent);
  for (const [k, v] of Object.entries(extra)) fd.set(k, v);
  if (bytes) fd.set("arquivo", new Blob([new Uint8Array(bytes)]), name);
  return fd;
}

/** A figure of the import's report on its page (total, created, updated, rejected); undefined when not shown. */
export function importCount(html: string, key: "total" | "created" | "updated" | "rejected") {
  const m = html.match(new RegExp(`data-testid="import-count-${key}"[^>]*>(\\d+)<`));
  return m ? Number(m[1]) : undefined;
}

export type ImportRunRow = { id: string; status: string; processed: number; total: number | null; message: string | null };

/** The latest import run of a kind (ADR 253). */
export async function latestRun(query: Query, kind: "members" | "workplaces") {
  const [row] = await query<ImportRunRow>`
    select id::text, status, processed, total, message from import_runs where kind = ${kind} order by created_at desc limit 1`;
  return row;
}

/** Waits until the run has finished (done, refused or failed); fails after `timeoutMs`. */
export async function waitForRun(query: Query, id: string, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await query<ImportRunRow>`
      select id::text, status, processed, total, message from import_runs where id = ${id}::uuid`;
    if (row && !["queued", "checking", "writing"].includes(row.status)) return row;
    if (Date.now() > until) throw new Error(`importação ${id} não terminou: ${JSON.stringify(row)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Posts an import's commit (ADR 253). A file refused at once answers 4xx here (`run` undefined);
 * otherwise the run is followed to its end and `html` is the page shown then (its message and
 * report), `run` its final state.
 */
export async function commitAndWait(
  client: Client,
  query: Query,
  kind: "members" | "workplaces",
  path: string,
  fd: FormData,
): Promise<{ status: number; html: string; run?: ImportRunRow }> {
  const before = await latestRun(query, kind);
  const res = await client.post(path, fd);
  const html = decodeHtml(await res.text());
  const started = await latestRun(query, kind);
  if (res.status !== 200 || !started || started.id === before?.id) return { status: res.status, html };
  const run = await waitForRun(query, started.id);
  const page = await client.get(path);
  return { status: res.status, html: decodeHtml(await page.text()), run };
}

import fs from "node:fs/promises";
import path from "node:path";
import { asc, count, desc, eq, isNotNull, sql, sum } from "drizzle-orm";
import { databaseDriver, db, migrationsFolder } from "~/db/client.server";
import { files, jobs, jobSchedules } from "~/db/schema";
import { authorize, type Actor } from "~/auth/authorize";
import { listInstagramFeed } from "~/domain/instagram/list-instagram-posts.server";
import { INSTAGRAM_KEEP } from "~/domain/instagram/sync-instagram-posts.server";
import { instagramConfigured } from "~/integrations/instagram.server";
import { checkMailer, type MailerCheck } from "~/integrations/mailer.server";
import { EXTERNAL_SERVICES, listServiceStatus, type ExternalService } from "~/integrations/service-status.server";
import { errorFields, log } from "~/utils/logger.server";
import { type Diagnostics, type JobFigure, type JobState, type Section } from "./diagnostics";

/** Each section is measured on its own: one that fails shows its error, the others still show. */
async function section<T>(name: string, read: () => Promise<T>): Promise<Section<T>> {
  try {
    return { ok: true, data: await read() };
  } catch (error) {
    log.warn("diagnóstico: seção falhou", { section: name, ...errorFields(error) });
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

async function database() {
  const started = performance.now();
  await db().execute(sql`select 1`);
  const roundTripMs = Math.round((performance.now() - started) * 100) / 100;
  const version = await db().execute(sql`select current_setting('server_version') as v`);
  const journal = JSON.parse(await fs.readFile(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as {
    entries: Array<{ tag: string; when: number }>;
  };
  const applied = await db().execute(sql`select created_at from drizzle.__drizzle_migrations order by created_at`);
  const appliedAt = new Set(applied.rows.map((r) => Number((r as { created_at: string | number }).created_at)));
  const latest = [...journal.entries].reverse().find((e) => appliedAt.has(e.when));
  return {
    driver: databaseDriver() === "postgres" ? ("PostgreSQL" as const) : ("PGlite (embutido)" as const),
    serverVersion: String((version.rows[0] as { v: string }).v),
    roundTripMs,
    migrationsApplied: applied.rows.length,
    migrationsKnown: journal.entries.length,
    latestMigration: latest?.tag ?? null,
    pending: journal.entries.filter((e) => !appliedAt.has(e.when)).map((e) => e.tag),
  };
}

async function fileStore() {
  const rows = await db()
    .select({ purpose: files.purpose, count: count(), bytes: sum(files.size).mapWith(Number) })
    .from(files)
    .groupBy(files.purpose)
    .orderBy(asc(files.purpose));
  return {
    count: rows.reduce((n, r) => n + r.count, 0),
    bytes: rows.reduce((n, r) => n + (r.bytes ?? 0), 0),
    byPurpose: rows.map((r) => ({ purpose: r.purpose, count: r.count, bytes: r.bytes ?? 0 })),
  };
}

async function services() {
  const rows = new Map((await listServiceStatus()).map((r) => [r.service, r]));
  return (Object.keys(EXTERNAL_SERVICES) as ExternalService[]).map((service) => {
    const r = rows.get(service);
    return {
      service,
      label: EXTERNAL_SERVICES[service],
      configured:
        service === "instagram"
          ? instagramConfigured()
            ? "Sim (token configurado)"
            : "Não (INSTAGRAM_ACCESS_TOKEN ausente)"
          : "Sim (serviço público, sem chave)",
      record: r
        ? {
            lastOk: r.lastOk,
            lastSuccessAt: r.lastSuccessAt?.toISOString() ?? null,
            lastErrorAt: r.lastErrorAt?.toISOString() ?? null,
            lastError: r.lastError,
            calls: Number(r.calls),
            failures: Number(r.failures),
          }
        : null,
    };
  });
}

async function backgroundJobs() {
  // A queued job with an error has failed an attempt and waits for the next one: counted apart.
  const byState = await db()
    .select({
      state: jobs.state,
      n: count(),
      withError: sql<number>`count(*) filter (where ${jobs.lastError} is not null)`.mapWith(Number),
    })
    .from(jobs)
    .groupBy(jobs.state);
  const n = (s: JobState) => byState.find((r) => r.state === s)?.n ?? 0;
  const retrying = byState.find((r) => r.state === "queued")?.withError ?? 0;
  const counts: Record<JobFigure, number> = {
    queued: n("queued") - retrying,
    retrying,
    running: n("running"),
    failed: n("failed"),
    done: n("done"),
  };
  const failures = await db()
    .select({
      id: jobs.id,
      name: jobs.name,
      state: jobs.state,
      attempts: jobs.attempts,
      maxAttempts: jobs.maxAttempts,
      lastError: jobs.lastError,
      at: sql<string>`coalesce(${jobs.finishedAt}, ${jobs.startedAt}, ${jobs.createdAt})`.mapWith((v) => new Date(v).toISOString()),
      runAt: jobs.runAt,
    })
    .from(jobs)
    .where(isNotNull(jobs.lastError))
    .orderBy(desc(sql`coalesce(${jobs.finishedAt}, ${jobs.startedAt}, ${jobs.createdAt})`), desc(jobs.id))
    .limit(10);
  const schedules = await db().select().from(jobSchedules).orderBy(asc(jobSchedules.name));
  const [oldestQueued] = await db()
    .select({ runAt: jobs.runAt })
    .from(jobs)
    .where(eq(jobs.state, "queued"))
    .orderBy(asc(jobs.runAt))
    .limit(1);
  return {
    counts,
    nextRunAt: oldestQueued?.runAt.toISOString() ?? null,
    failures: failures.map((f) => ({ ...f, runAt: f.state === "queued" ? f.runAt.toISOString() : null })),
    schedules: schedules.map((s) => ({
      name: s.name,
      everySeconds: s.everySeconds,
      nextRunAt: s.nextRunAt.toISOString(),
      lastEnqueuedAt: s.lastEnqueuedAt?.toISOString() ?? null,
    })),
  };
}

async function email(): Promise<MailerCheck> {
  return checkMailer(5000);
}

async function instagramPosts() {
  const feed = await listInstagramFeed(INSTAGRAM_KEEP);
  if (!feed.success) throw new Error(feed.error ?? "leitura falhou");
  return feed.posts.map((p) => ({ id: p.id, caption: p.caption, media_url: p.media_url, timestamp: p.timestamp }));
}

/**
 * What the diagnostics page shows (admin only): true figures read now from the database, the
 * file store, the mailer, the external services' recorded outcomes, the job queue and the
 * cached Instagram posts.
 */
export async function getDiagnostics(actor: Actor): Promise<Diagnostics> {
  authorize(actor, "diagnostics.view");
  const [db_, store, mail, ext, bg, posts] = await Promise.all([
    section("database", database),
    section("files", fileStore),
    section("email", email),
    section("services", services),
    section("jobs", backgroundJobs),
    section("instagram", instagramPosts),
  ]);
  return {
    generatedAt: new Date().toISOString(),
    database: db_,
    files: store,
    email: mail,
    services: ext,
    jobs: bg,
    instagramPosts: posts,
  };
}

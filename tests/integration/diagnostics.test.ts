import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ROLES } from "~/auth/roles";
import { MESSAGES } from "~/auth/screens";
import { DIAGNOSTICS_MESSAGES, formatBytes, JOB_FIGURES } from "~/domain/diagnostics/diagnostics";
import { EXTERNAL_SERVICES } from "~/integrations/service-status.server";
import { useTestServer } from "../support/suite";
import { useSmtpSink } from "../support/smtp";
import type { Client } from "../support/http";
import { enqueueFailingJob, jobsApi } from "../support/jobs";
import { decodeHtml as decode } from "../support/html";

/** Markup as text: React's text separators dropped, tags as spaces, entities decoded. */
function plain(html: string) {
  return decode(html.replace(/<!--.*?-->/g, "").replace(/<[^>]+>/g, " ")).replace(/\s+/g, " ");
}

/** The text inside one section of the page (data-testid="diag-<id>"). */
function sectionText(html: string, id: string) {
  const start = html.indexOf(`data-testid="diag-${id}"`);
  expect(start, `seção ${id}`).toBeGreaterThan(-1);
  const end = html.indexOf('data-testid="diag-', start + 10);
  return plain(html.slice(start, end === -1 ? undefined : end));
}

describe("/test-supabase: who may open it", () => {
  const t = useTestServer();

  it("sends a signed-out visitor to the login, remembering the page", async () => {
    const res = await t.anonymous().get("/test-supabase");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent("/test-supabase")}`);
  });

  it("refuses every role but admin with 403 'Acesso Negado' (both URLs), and lists it in the admin's sidebar only", async () => {
    for (const role of ROLES) {
      const c = await t.login(role);
      for (const url of ["/test-supabase", "/dashboard/diagnostico"]) {
        const res = await c.get(url);
        const html = decode(await res.text());
        if (role === "admin") {
          expect(res.status, `${role} ${url}`).toBe(200);
          expect(html).toContain(DIAGNOSTICS_MESSAGES.title);
        } else {
          expect(res.status, `${role} ${url}`).toBe(403);
          expect(html).toContain(MESSAGES.adminOnly.title);
          expect(html).toContain(MESSAGES.adminOnly.message);
          expect(html).not.toContain(DIAGNOSTICS_MESSAGES.title);
          expect(html).not.toContain('data-testid="diag-');
        }
        expect(html.includes('href="/test-supabase"'), `${role}: item do menu`).toBe(role === "admin");
      }
      // The single-fetch data request is refused the same way.
      if (role !== "admin") expect((await c.get("/test-supabase.data")).status).toBe(403);
    }
  });
});

describe("/test-supabase shows true figures", () => {
  // A data folder of its own: the leg's shared outbox is written by the files running beside this one.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "diagnostico-"));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const t = useTestServer({ env: { SMTP_URL: "", JOBS_POLL_MS: "100", INSTAGRAM_ACCESS_TOKEN: "", DATA_DIR: dataDir } });
  let admin: Client;
  beforeAll(async () => {
    admin = await t.login("admin");
  });

  /** The jobs' figures as the page shows them (data-job-state="…" and its number). */
  function shownFigures(html: string) {
    const shown: Record<string, number> = {};
    for (const state of JOB_FIGURES) {
      const m = new RegExp(`data-job-state="${state}"[\\s\\S]*?<dd[^>]*>([^<]*)</dd>`).exec(html);
      shown[state] = Number(m![1].replace(/\D/g, ""));
    }
    return shown;
  }

  /** The same figures read from the table: a queued job with an error is waiting for another attempt. */
  async function figuresInTable() {
    const rows = await t.query<{ state: string; retrying: boolean; n: number }>`
      select state, (state = 'queued' and last_error is not null) as retrying, count(*)::int as n from jobs group by 1, 2`;
    const n = (state: string, retrying = false) => rows.find((r) => r.state === state && r.retrying === retrying)?.n ?? 0;
    return { queued: n("queued"), retrying: n("queued", true), running: n("running"), failed: n("failed"), done: n("done") };
  }

  async function diagnostics() {
    const res = await admin.get("/test-supabase");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    return res.text();
  }

  it("database: the driver, the server's own version, a measured round trip and the migrations applied", async () => {
    const text = sectionText(await diagnostics(), "database");
    const [{ v }] = await t.query<{ v: string }>`select current_setting('server_version') as v`;
    const [{ n }] = await t.query<{ n: number }>`select count(*)::int as n from drizzle.__drizzle_migrations`;
    const journal = JSON.parse(fs.readFileSync(path.resolve("app/db/migrations/meta/_journal.json"), "utf8")) as {
      entries: Array<{ tag: string }>;
    };
    expect(text).toContain(t.server.driver === "postgres" ? "PostgreSQL" : "PGlite (embutido)");
    expect(text).toContain(`Versão do servidor ${v}`);
    expect(text).toMatch(/Tempo de resposta [\d.,]+ ms/);
    expect(n).toBe(journal.entries.length);
    expect(text).toContain(`Migrações aplicadas ${n} de ${journal.entries.length}`);
    expect(text).toContain(`Última migração ${journal.entries.at(-1)!.tag}`);
  });

  it("file store: the number of files and their bytes, as the table holds them", async () => {
    const before = sectionText(await diagnostics(), "files");
    const [row] = await t.query<{ n: number; bytes: number }>`select count(*)::int as n, coalesce(sum(size), 0)::int as bytes from files`;
    expect(before).toContain(`Arquivos ${row.n.toLocaleString("pt-BR")}`);
    expect(before).toContain(`Tamanho total ${formatBytes(row.bytes)}`);
    await t.query`insert into files (purpose, file_name, content_type, size, sha256, data)
      values ('teste-diagnostico', 'a.bin', 'application/octet-stream', 2048, 'x', ${Buffer.alloc(2048)})`;
    const after = sectionText(await diagnostics(), "files");
    expect(after).toContain(`Arquivos ${(row.n + 1).toLocaleString("pt-BR")}`);
    expect(after).toContain(`Tamanho total ${formatBytes(row.bytes + 2048)}`);
    // A code without a label shows alone; a known kind of file has its words before the code.
    expect(after).toContain("teste-diagnostico : 1 (2,0 kB)");
    await t.query`insert into files (purpose, file_name, content_type, size, sha256, data)
      values ('visit-photo', 'v.jpg', 'image/jpeg', 10, 'y', ${Buffer.alloc(10)})`;
    expect(sectionText(await diagnostics(), "files")).toMatch(/Fotos de visitas \( visit-photo \) : \d+ \(/);
  });

  it("e-mail without SMTP_URL: the outbox in use and how many messages it holds", async () => {
    const text = sectionText(await diagnostics(), "email");
    expect(text).toContain("Caixa de saída");
    expect(text).toContain("SMTP_URL não configurado");
    const dir = path.join(dataDir, "outbox");
    const count = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".eml")).length : 0;
    expect(text).toContain(`Mensagens ${count.toLocaleString("pt-BR")}`);
    // Two more in the outbox: the page counts them.
    fs.mkdirSync(dir, { recursive: true });
    for (const n of [1, 2]) fs.writeFileSync(path.join(dir, `teste-${n}.eml`), "Subject: teste\r\n\r\nolá\r\n");
    expect(sectionText(await diagnostics(), "email")).toContain(`Mensagens ${(count + 2).toLocaleString("pt-BR")}`);
  });

  it("external services: 'sem registro' until called, then the last success and the last error as recorded", async () => {
    let html = await diagnostics();
    let text = sectionText(html, "services");
    for (const label of Object.values(EXTERNAL_SERVICES)) expect(text).toContain(`${label}`);
    expect(text.match(new RegExp(DIAGNOSTICS_MESSAGES.noRecord, "g"))?.length).toBe(3);
    expect(text).toContain("Não (INSTAGRAM_ACCESS_TOKEN ausente)");

    const api = jobsApi(t.server);
    await api.recordServiceCall("cep", true);
    await api.recordServiceCall("cep", true);
    await api.recordServiceCall("geocoder", true);
    await api.recordServiceCall("geocoder", false, "HTTP 503 do geocodificador");
    html = await diagnostics();
    text = sectionText(html, "services");
    expect(text.match(new RegExp(DIAGNOSTICS_MESSAGES.noRecord, "g"))?.length).toBe(1);
    const cep = plain(/<tr data-service="cep">([\s\S]*?)<\/tr>/.exec(html)![1]);
    expect(cep).toContain("OK");
    expect(cep).toContain("2 (0)");
    const geo = plain(/<tr data-service="geocoder">([\s\S]*?)<\/tr>/.exec(html)![1]);
    expect(geo).toContain("Falha");
    expect(geo).toContain("HTTP 503 do geocodificador");
    expect(geo).toContain("2 (1)");
    expect(geo).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  });

  it("background jobs: queued, running, failed and done counts as in the table, with the last failures and the schedules", async () => {
    const api = jobsApi(t.server);
    const id = await enqueueFailingJob(t.server, "test.diag-fail", "falha de teste do diagnóstico");
    const later = api.defineJob("test.diag-later", z.object({}), async () => {});
    await api.enqueueJob(later, {}, { delaySeconds: 3600 });
    await expect
      .poll(async () => (await t.query<{ state: string }>`select state from jobs where id = ${id}`)[0].state, { timeout: 10_000 })
      .toBe("failed");

    const html = await diagnostics();
    expect(shownFigures(html)).toEqual(await figuresInTable());
    const text = sectionText(html, "jobs");
    expect(text).toContain(`test.diag-fail #${id}`);
    expect(text).toContain("falha de teste do diagnóstico");
    expect(text).toContain("1 de 1");
    expect(text).toContain("Falhou");
    // The hourly housekeeping is scheduled (and ran once at start-up).
    expect(text).toMatch(/Limpeza periódica \( housekeeping \) a cada 60 min/);
  });

  it("a job that failed an attempt and will be tried again is counted under 'Aguardando nova tentativa', not 'Na fila', and listed with its next attempt", async () => {
    const api = jobsApi(t.server);
    const flaky = api.defineJob(
      "test.diag-retry",
      z.object({}),
      async () => {
        throw new Error("falha passageira do diagnóstico");
      },
      { maxAttempts: 3, backoffSeconds: 3600 },
    );
    const id = (await api.enqueueJob(flaky, {}))!;
    await expect
      .poll(async () => (await t.query<{ state: string; attempts: number }>`select state, attempts from jobs where id = ${id}`)[0], {
        timeout: 10_000,
      })
      .toEqual({ state: "queued", attempts: 1 });

    const html = await diagnostics();
    const shown = shownFigures(html);
    expect(shown).toEqual(await figuresInTable());
    expect(shown.retrying).toBeGreaterThanOrEqual(1);
    const [{ total }] = await t.query<{ total: number }>`select count(*)::int as total from jobs`;
    expect(Object.values(shown).reduce((a, b) => a + b, 0)).toBe(total);
    const text = sectionText(html, "jobs");
    expect(text).toMatch(new RegExp(`Aguardando nova tentativa ${shown.retrying.toLocaleString("pt-BR")}`));
    // The list says the same: the job, its attempt of three and when it runs again.
    const row = plain(new RegExp(`<tr[^>]*>(?:(?!</tr>)[\\s\\S])*test\\.diag-retry #${id}(?!\\d)[\\s\\S]*?</tr>`).exec(html)![0]);
    expect(row).toContain("1 de 3");
    expect(row).toMatch(/Nova tentativa \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    expect(row).toContain("falha passageira do diagnóstico");
  });

  it("the cached Instagram posts: id, caption, media_url and timestamp", async () => {
    expect(sectionText(await diagnostics(), "instagram")).toContain(DIAGNOSTICS_MESSAGES.noPosts);
    await t.query`insert into instagram_posts (id, caption, permalink, timestamp)
      values ('diag-1', 'Legenda do post de diagnóstico', 'https://www.instagram.com/p/diag-1/', '2026-03-01T15:00:00Z')`;
    const html = await diagnostics();
    const text = sectionText(html, "instagram");
    for (const h of ["id", "caption", "media_url", "timestamp"]) expect(text).toContain(h);
    expect(text).toContain("diag-1");
    expect(text).toContain("Legenda do post de diagnóstico");
    expect(text).toContain("01/03/2026 12:00"); // Brasília time
  });
});

describe("/test-supabase checks the SMTP server for real", () => {
  const smtp = useSmtpSink({ behindProxy: true });
  let admin: Client;
  afterAll(() => {
    process.env.SMTP_URL = "";
  });
  const t = useTestServer({ env: () => ({ SMTP_URL: smtp.env().SMTP_URL }) });
  beforeAll(async () => {
    admin = await t.login("admin");
  });

  it("reachable while the server answers, unreachable (with the reason) when it does not", async () => {
    let text = sectionText(decode(await (await admin.get("/test-supabase")).text()), "email");
    expect(text).toContain("Servidor SMTP");
    expect(text).toContain(`smtp://127.0.0.1:${smtp.proxy.port}`);
    expect(text).toContain("Acessível");
    expect(text).not.toContain("Inacessível");

    await smtp.proxy.cut();
    text = sectionText(decode(await (await admin.get("/test-supabase")).text()), "email");
    expect(text).toContain("Inacessível");
    expect(text).toMatch(/ECONNREFUSED|connect/i);
    await smtp.proxy.restore();
  });
});

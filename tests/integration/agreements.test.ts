import { beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../support/suite";
import { createAgreementMix } from "../support/scenarios";
import type { Client } from "../support/http";
import { samplePdf } from "~/domain/agreements/sample-pdf";
import { AGREEMENT_MESSAGES, showingCount } from "~/domain/agreements/agreement.schema";
import { todayInBrasilia } from "~/lib/dates";
import { brasiliaDateFromToday as dayFromToday } from "~/db/factories/finance";
import { decodeHtml } from "../support/html";
import { multipartBody, type UploadedFile } from "../support/multipart";

const t = useTestServer();
let admin: Client;
let juridico: Client;
const STAFF_PATH = "/dashboard/admin/agreements";

beforeAll(async () => {
  await createAgreementMix(t.db, (await t.user("admin")).id);
  admin = await t.login("admin");
  juridico = await t.login("juridico");
});

type Row = {
  id: string;
  title: string;
  is_public: boolean;
  status: string;
  file_id: string | null;
  file_name: string | null;
  valid_to: string;
};

async function rows() {
  return t.query<Row>`select id, title, is_public, status, file_id, file_name, to_char(valid_to, 'YYYY-MM-DD') as valid_to from agreements order by valid_from`;
}
async function byTitle(title: string) {
  const [row] =
    await t.query<Row>`select id, title, is_public, status, file_id, file_name, to_char(valid_to, 'YYYY-MM-DD') as valid_to from agreements where title = ${title}`;
  return row;
}
async function counts() {
  const [row] = await t.query<{ a: number; f: number; l: number }>`select
    (select count(*)::int from agreements) as a, (select count(*)::int from files) as f, (select count(*)::int from audit_log where action <> 'access.refused') as l`;
  return row;
}

function form(fields: Record<string, string>, file?: UploadedFile) {
  return multipartBody(fields, "document", file, "application/pdf");
}

const fields = (over: Record<string, string> = {}) => ({
  intent: "create",
  title: "CCT Teste Integração",
  description: "Cláusulas de teste",
  company: "Empresa Teste S.A.",
  validFrom: dayFromToday(-30),
  validTo: dayFromToday(300),
  isPublic: "on",
  ...over,
});

async function page(c: Client | null, path: string) {
  const res = await (c ?? t.anonymous()).get(path);
  return { status: res.status, html: decodeHtml(await res.text()), res };
}
/** The visible list on /convencoes: titles inside the cards. */
function cardTitles(html: string) {
  return [...html.matchAll(/<h3 id="convencao-[^"]+"[^>]*>([^<]+)<\/h3>/g)].map((m) => m[1]);
}

describe("public page /convencoes", () => {
  it("lists public agreements only: never drafts or internal ones", async () => {
    const all = await rows();
    const visible = all.filter((r) => r.is_public && r.status !== "draft");
    const hidden = all.filter((r) => !r.is_public || r.status === "draft");
    expect(hidden.some((r) => r.status === "draft")).toBe(true);
    expect(hidden.some((r) => !r.is_public)).toBe(true);
    const { status, html } = await page(null, "/convencoes");
    expect(status).toBe(200);
    expect(cardTitles(html).sort()).toEqual(visible.map((r) => r.title).sort());
    for (const r of hidden) expect(html).not.toContain(r.title);
    expect(html).toContain(showingCount(visible.length, visible.length));
  });

  it("has title, description, Open Graph and canonical URL", async () => {
    const { html } = await page(null, "/convencoes");
    expect(html).toMatch(/<title>Convenções Coletivas \| [^<]+<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/);
    expect(html).toMatch(/<meta property="og:title" content="Convenções Coletivas/);
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/convencoes"/);
  });

  it("filters by year and status from the query string (works without JavaScript)", async () => {
    const { html: base } = await page(null, "/convencoes");
    const total = cardTitles(base).length;
    const expired = await t.query<{
      title: string;
    }>`select title from agreements where is_public and status <> 'draft' and valid_to < ${todayInBrasilia()}::date`;
    const expiredPage = await page(null, "/convencoes?status=expirada");
    expect(cardTitles(expiredPage.html).sort()).toEqual(expired.map((r) => r.title).sort());
    expect(expiredPage.html).toContain(showingCount(expired.length, total));

    const year = todayInBrasilia().slice(0, 4);
    const ofYear = await t.query<{
      title: string;
    }>`select title from agreements where is_public and status <> 'draft' and extract(year from valid_from) = ${Number(year)}`;
    const yearPage = await page(null, `/convencoes?ano=${year}`);
    expect(cardTitles(yearPage.html).sort()).toEqual(ofYear.map((r) => r.title).sort());
    // The year options come from validFrom, newest first.
    const years = [...yearPage.html.matchAll(/<option value="(\d{4})"/g)].map((m) => m[1]);
    expect(years).toEqual([...years].sort().reverse());
    expect(years).toContain(year);

    // No filter for drafts (never public): an old link with ?status=rascunho shows every public one.
    const drafts = await page(null, "/convencoes?status=rascunho");
    expect(drafts.html).not.toContain('value="rascunho"');
    expect(drafts.html).toContain(showingCount(total, total));
    const empty = await page(null, "/convencoes?ano=1990");
    expect(cardTitles(empty.html)).toEqual([]);
    expect(empty.html).toContain(AGREEMENT_MESSAGES.publicFilteredEmpty);
    expect(empty.html).toContain(showingCount(0, total));
  });

  it("shows dates in pt-BR", async () => {
    const [r] = await t.query<{
      d: string;
    }>`select to_char(valid_from, 'DD/MM/YYYY') as d from agreements where is_public and status <> 'draft' limit 1`;
    expect((await page(null, "/convencoes")).html).toContain(r.d);
  });
});

describe("download route /convencoes/:id/pdf", () => {
  it("serves a public agreement's PDF to anyone, as an attachment named by its file name, with nosniff", async () => {
    const r = (await rows()).find((x) => x.is_public && x.status !== "draft" && x.file_id)!;
    const res = await fetch(`${t.url}/convencoes/${r.id}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    // The server's security headers and the file response both send it (Fetch reads the first value).
    expect(res.headers.get("x-content-type-options")!.split(",")[0].trim()).toBe("nosniff");
    const disposition = res.headers.get("content-disposition")!;
    expect(disposition).toMatch(/^attachment; /);
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent(r.file_name!)}`);
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("falls back to the title plus .pdf when there is no file name", async () => {
    const r = (await rows()).find((x) => x.is_public && x.status !== "draft" && x.file_id)!;
    await t.query`update agreements set file_name = null where id = ${r.id}`;
    const res = await fetch(`${t.url}/convencoes/${r.id}/pdf`);
    expect(res.headers.get("content-disposition")).toContain(
      `filename*=UTF-8''${encodeURIComponent(`${r.title.replace(/\//g, "-")}.pdf`)}`,
    );
    await t.query`update agreements set file_name = ${r.file_name} where id = ${r.id}`;
  });

  it("never serves drafts or internal agreements publicly (404, as for a missing one) but does serve them to staff", async () => {
    const hidden = (await rows()).filter((r) => !r.is_public || r.status === "draft");
    expect(hidden.length).toBeGreaterThanOrEqual(2);
    const campo = await t.login("campo");
    const financeiro = await t.login("financeiro");
    const presidencia = await t.login("presidencia");
    for (const r of hidden) {
      const path = `/convencoes/${r.id}/pdf`;
      const anon = await fetch(t.url + path);
      expect(anon.status, r.title).toBe(404);
      expect(await anon.text()).not.toContain(r.title);
      expect((await campo.get(path)).status).toBe(404);
      expect((await financeiro.get(path)).status).toBe(404);
      for (const staff of [admin, juridico, presidencia]) {
        const res = await staff.get(path);
        expect(res.status).toBe(200);
        expect(res.headers.get("content-type")).toBe("application/pdf");
        expect(res.headers.get("cache-control")).toBe("no-store");
      }
    }
    expect((await fetch(`${t.url}/convencoes/00000000-0000-4000-8000-000000000000/pdf`)).status).toBe(404);
    expect((await fetch(`${t.url}/convencoes/nao-existe/pdf`)).status).toBe(404);
  });
});

describe("staff screen", () => {
  it("opens for admin, juridico and presidencia, listing internal agreements and drafts too", async () => {
    const all = await rows();
    const presidencia = await t.login("presidencia");
    for (const [c, path] of [
      [admin, "/dashboard/admin/agreements"],
      [juridico, "/dashboard/juridico/agreements"],
      [presidencia, "/dashboard/admin/agreements"],
      [admin, "/dashboard/juridico/agreements"],
    ] as const) {
      const { status, html } = await page(c, path);
      expect(status, path).toBe(200);
      for (const r of all) expect(html).toContain(r.title);
      expect(html).toContain("Público");
      expect(html).toContain("Interno");
      expect(html).toContain("Rascunho");
    }
  });

  it("redirects refused roles to their own panel", async () => {
    for (const role of ["campo", "financeiro", "rh", "secretaria", "homologacao"] as const) {
      const c = await t.login(role);
      for (const path of ["/dashboard/admin/agreements", "/dashboard/juridico/agreements"]) {
        const res = await c.get(path);
        expect(res.status, `${role} ${path}`).toBe(302);
        expect(res.headers.get("location")).toBe(`/dashboard/${role}`);
      }
    }
  });

  it("searches title, company and description ignoring case and accents", async () => {
    const company = await page(admin, `${STAFF_PATH}?q=${encodeURIComponent("EMPRESA EXEMPLO DE BRIGADAS")}`);
    const expected = await t.query<{ title: string }>`select title from agreements where company ilike '%Empresa Exemplo de Brigadas%'`;
    expect(expected.length).toBeGreaterThan(0);
    for (const r of expected) expect(company.html).toContain(r.title);
    const others = await t.query<{
      title: string;
    }>`select title from agreements where company not ilike '%Empresa Exemplo de Brigadas%' and description not ilike '%brigadas%' and title not ilike '%brigadas%'`;
    for (const r of others) expect(company.html).not.toContain(r.title);

    const accent = await page(admin, `${STAFF_PATH}?q=clinicas`); // matches "Clínicas"
    expect(accent.html).toMatch(/Hospitais e Clínicas/);
    const none = await page(admin, `${STAFF_PATH}?q=${encodeURIComponent("100%_inexistente")}`);
    expect(none.html).toContain(AGREEMENT_MESSAGES.staffSearchEmpty);
    expect(none.html).not.toContain(AGREEMENT_MESSAGES.staffEmpty);
  });
});

describe("creating, editing and deleting", () => {
  it("creates an agreement with its PDF; status computed from validTo; audited", async () => {
    const pdf = samplePdf("CCT Teste Integração", ["linha"]);
    const res = await juridico.post("/dashboard/juridico/agreements", form(fields(), { bytes: pdf, name: "cct-teste.pdf" }));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(AGREEMENT_MESSAGES.created);
    const row = await byTitle("CCT Teste Integração");
    expect(row).toMatchObject({ status: "active", is_public: true, file_name: "cct-teste.pdf" });
    const [file] = await t.query<{
      purpose: string;
      content_type: string;
      size: number;
    }>`select purpose, content_type, size from files where id = ${row.file_id}`;
    expect(file).toEqual({ purpose: "agreement", content_type: "application/pdf", size: pdf.length });
    const [audit] = await t.query<{
      actor_username: string;
      data: { title: string };
    }>`select actor_username, data from audit_log where action = 'agreement.created' and entity_id = ${row.id}`;
    expect(audit.actor_username).toBe((await t.user("juridico")).username);
    expect(audit.data.title).toBe("CCT Teste Integração");
    // Public at once, and downloadable byte for byte.
    expect(cardTitles((await page(null, "/convencoes")).html)).toContain("CCT Teste Integração");
    const dl = await fetch(`${t.url}/convencoes/${row.id}/pdf`);
    expect(Buffer.from(await dl.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it("computes expired when validTo is before today (Brasília), active through its last day, and keeps drafts", async () => {
    const cases = [
      { title: "Vence ontem", validFrom: dayFromToday(-400), validTo: dayFromToday(-1), expected: "expired" },
      { title: "Vence hoje", validFrom: dayFromToday(-400), validTo: dayFromToday(0), expected: "active" },
      { title: "Rascunho novo", validFrom: dayFromToday(-400), validTo: dayFromToday(-1), draft: "on", expected: "draft" },
    ];
    for (const c of cases) {
      const res = await admin.post(
        STAFF_PATH,
        form(fields({ title: c.title, validFrom: c.validFrom, validTo: c.validTo, ...(c.draft ? { draft: c.draft } : {}) })),
      );
      expect(res.status, c.title).toBe(200);
      expect((await byTitle(c.title)).status, c.title).toBe(c.expected);
    }
    const html = (await page(null, "/convencoes")).html;
    expect(cardTitles(html)).toContain("Vence ontem");
    expect(cardTitles(html)).not.toContain("Rascunho novo");
  });

  it("refuses validTo before validFrom and missing required fields with pt-BR messages, writing nothing", async () => {
    const before = await counts();
    const order = await admin.post(STAFF_PATH, form(fields({ title: "Datas invertidas", validFrom: "2026-06-01", validTo: "2026-05-31" })));
    expect(order.status).toBe(400);
    expect(await order.text()).toContain(AGREEMENT_MESSAGES.dateOrder);
    const empty = await admin.post(
      STAFF_PATH,
      form({ intent: "create", title: "", description: "", company: "", validFrom: "", validTo: "" }),
    );
    expect(empty.status).toBe(400);
    const text = await empty.text();
    for (const m of [
      AGREEMENT_MESSAGES.titleRequired,
      AGREEMENT_MESSAGES.descriptionRequired,
      AGREEMENT_MESSAGES.companyRequired,
      AGREEMENT_MESSAGES.validFromRequired,
      AGREEMENT_MESSAGES.validToRequired,
    ]) {
      expect(text).toContain(m);
    }
    expect(await counts()).toEqual(before);
  });

  it("checks the document by content: an HTML file named .pdf is refused (415) and nothing is written", async () => {
    const before = await counts();
    const html = Buffer.from("<!doctype html><html><body><script>alert(1)</script>%PDF-1.4</body></html>");
    const res = await admin.post(
      STAFF_PATH,
      form(fields({ title: "Falso PDF" }), { bytes: html, name: "convencao.pdf", type: "application/pdf" }),
    );
    expect(res.status).toBe(415);
    expect(await res.text()).toContain(AGREEMENT_MESSAGES.pdfOnly);
    const png = Buffer.from(
      "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a6f1a9b40000000049454e44ae426082",
      "hex",
    );
    const img = await admin.post(STAFF_PATH, form(fields({ title: "Imagem" }), { bytes: png, name: "convencao.pdf" }));
    expect(img.status).toBe(415);
    expect(await counts()).toEqual(before);
    expect(await byTitle("Falso PDF")).toBeUndefined();
  });

  it("refuses a document over 20MB with the size message, writing nothing", async () => {
    const before = await counts();
    const big = Buffer.concat([samplePdf("grande"), Buffer.alloc(20 * 1024 * 1024 + 10)]);
    const res = await admin.post(STAFF_PATH, form(fields({ title: "Grande demais" }), { bytes: big, name: "grande.pdf" }));
    expect(res.status).toBe(413);
    expect(await res.text()).toContain("Arquivo muito grande. Máximo 20MB.");
    expect(await counts()).toEqual(before);
  });

  it("updates: recomputes status when the end date changes; a new PDF replaces the old, which is deleted", async () => {
    const row = await byTitle("CCT Teste Integração");
    const oldFile = row.file_id!;
    const newPdf = samplePdf("CCT Teste Integração — aditivo");
    const res = await admin.post(
      STAFF_PATH,
      form(fields({ intent: "update", id: row.id, validTo: dayFromToday(-2), validFrom: dayFromToday(-60), isPublic: "on" }), {
        bytes: newPdf,
        name: "aditivo.pdf",
      }),
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(AGREEMENT_MESSAGES.updated);
    const after = await byTitle("CCT Teste Integração");
    expect(after.status).toBe("expired");
    expect(after.file_id).not.toBe(oldFile);
    expect(after.file_name).toBe("aditivo.pdf");
    expect(await t.query`select id from files where id = ${oldFile}`).toHaveLength(0);
    const dl = await fetch(`${t.url}/convencoes/${row.id}/pdf`);
    expect(Buffer.from(await dl.arrayBuffer()).equals(newPdf)).toBe(true);
    const [audit] = await t.query<{
      data: { changes: Record<string, unknown> };
    }>`select data from audit_log where action = 'agreement.updated' and entity_id = ${row.id}`;
    expect(audit.data.changes).toHaveProperty("status");

    // Making it internal (switch off) hides it publicly; the file stays when none is sent.
    const internal = await admin.post(
      STAFF_PATH,
      form(fields({ intent: "update", id: row.id, validTo: dayFromToday(-2), validFrom: dayFromToday(-60), isPublic: "" })),
    );
    expect(internal.status).toBe(200);
    const hidden = await byTitle("CCT Teste Integração");
    expect(hidden).toMatchObject({ is_public: false, status: "expired", file_id: after.file_id });
    expect((await fetch(`${t.url}/convencoes/${row.id}/pdf`)).status).toBe(404);
    expect(cardTitles((await page(null, "/convencoes")).html)).not.toContain("CCT Teste Integração");
  });

  it("refuses a non-PDF replacement and keeps the old document", async () => {
    const row = await byTitle("CCT Teste Integração");
    const before = await counts();
    const res = await admin.post(
      STAFF_PATH,
      form(fields({ intent: "update", id: row.id, title: "Não deveria mudar" }), { bytes: Buffer.from("texto simples"), name: "x.pdf" }),
    );
    expect(res.status).toBe(415);
    expect(await counts()).toEqual(before);
    expect((await byTitle("CCT Teste Integração")).file_id).toBe(row.file_id);
  });

  it("deletes an agreement with its file; audited", async () => {
    const row = await byTitle("CCT Teste Integração");
    const res = await admin.post(STAFF_PATH, { intent: "delete", id: row.id });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(AGREEMENT_MESSAGES.deleted);
    expect(await byTitle("CCT Teste Integração")).toBeUndefined();
    expect(await t.query`select id from files where id = ${row.file_id}`).toHaveLength(0);
    expect(await t.query`select id from audit_log where action = 'agreement.deleted' and entity_id = ${row.id}`).toHaveLength(1);
    const again = await admin.post(STAFF_PATH, { intent: "delete", id: row.id });
    expect(again.status).toBe(404);
    expect(await again.text()).toContain(AGREEMENT_MESSAGES.notFound);
  });

  it("answers 403 to every refused role and changes nothing", async () => {
    const any = (await rows())[0];
    for (const role of ["campo", "financeiro", "rh", "secretaria", "homologacao"] as const) {
      const c = await t.login(role);
      for (const path of ["/dashboard/admin/agreements", "/dashboard/juridico/agreements"]) {
        for (const body of [
          form(fields({ title: "Intrusa" }), { bytes: samplePdf("x"), name: "x.pdf" }),
          form(fields({ intent: "update", id: any.id, title: "Intrusa" })),
          form({ intent: "delete", id: any.id }),
        ]) {
          const before = await counts();
          const res = await c.post(path, body);
          expect(res.status, `${role} ${path} ${body.get("intent")}`).toBe(403);
          expect(await counts()).toEqual(before);
        }
      }
    }
    expect(await byTitle(any.title)).toEqual(any);
  });
});

describe("the original's failure messages", () => {
  it("'Erro ao salvar convenção' when saving fails unexpectedly, with nothing written", async () => {
    await t.query`alter table agreements add constraint test_block_title check (title <> 'BLOQUEADA')`;
    try {
      const before = await counts();
      const res = await admin.post(STAFF_PATH, form(fields({ title: "BLOQUEADA" }), { bytes: samplePdf("b"), name: "b.pdf" }));
      expect(res.status).toBe(500);
      expect(await res.text()).toContain(AGREEMENT_MESSAGES.saveError);
      expect(await counts()).toEqual(before); // the file went back with the failed row
    } finally {
      await t.query`alter table agreements drop constraint test_block_title`;
    }
  });

  it("'Erro ao excluir convenção' when deleting fails unexpectedly", async () => {
    const target = (await rows())[0];
    await t.query`create table test_agreement_refs (agreement_id uuid references agreements(id) on delete restrict)`;
    try {
      await t.query`insert into test_agreement_refs values (${target.id})`;
      const res = await admin.post(STAFF_PATH, { intent: "delete", id: target.id });
      expect(res.status).toBe(500);
      expect(await res.text()).toContain(AGREEMENT_MESSAGES.deleteError);
      expect(await byTitle(target.title)).toBeDefined();
    } finally {
      await t.query`drop table test_agreement_refs`;
    }
  });

  it("'Erro ao carregar convenções' when the list cannot be read (staff and public)", async () => {
    await t.query`alter table agreements rename to agreements_hidden`;
    try {
      // Staff screens fail one way (ADR 070): 500, the screen's message and a retry button.
      const staff = await page(admin, STAFF_PATH);
      expect(staff.status).toBe(500);
      expect(staff.html).toContain(AGREEMENT_MESSAGES.loadError);
      expect(staff.html).toContain("Tentar Novamente");
      const pub = await page(null, "/convencoes");
      expect(pub.status).toBe(200);
      expect(pub.html).toContain(AGREEMENT_MESSAGES.loadError);
    } finally {
      await t.query`alter table agreements_hidden rename to agreements`;
    }
  });

  it("empty states: 'Nenhuma convenção disponível no momento.' and 'Nenhuma convenção cadastrada'", async () => {
    await t.query`update agreements set is_public = false`;
    const pub = await page(null, "/convencoes");
    expect(pub.html).toContain(AGREEMENT_MESSAGES.publicEmpty);
    expect(pub.html).toContain(showingCount(0, 0));
    await t.query`delete from agreements`;
    const staff = await page(admin, STAFF_PATH);
    expect(staff.html).toContain(AGREEMENT_MESSAGES.staffEmpty);
    expect(staff.html).not.toContain(AGREEMENT_MESSAGES.staffSearchEmpty + "<");
  });
});

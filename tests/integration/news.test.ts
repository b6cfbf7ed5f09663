import { beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { createNewsPost } from "~/db/factories/news";
import { daysAgo } from "~/db/factories/support";
import { useTestServer } from "../support/suite";
import type { Client } from "../support/http";
import { NEWS_MESSAGES } from "~/domain/news/news.schema";
import { decodeHtml, scriptsAllowedByCsp } from "../support/html";
import { multipartBody, type UploadedFile } from "../support/multipart";
import { storedFile } from "../support/stored-files";
import { solidImage } from "../fixtures/images";

const APP_URL = "http://noticias.exemplo.test";
const t = useTestServer({ env: { APP_URL } });
let staff: Client;
const anon = () => t.anonymous();

beforeAll(async () => {
  const authorId = (await t.user("secretaria")).id;
  // Two published posts with covers, a draft and one scheduled a week ahead.
  await createNewsPost(t.db, {
    title: "Como se filiar ao sindicato",
    slug: "como-se-filiar-ao-sindicato",
    publishedAt: daysAgo(12),
    cover: true,
    authorId,
  });
  await createNewsPost(t.db, {
    title: "Cuidados com os equipamentos de proteção individual",
    slug: "cuidados-com-equipamentos-de-protecao-individual",
    publishedAt: daysAgo(4),
    cover: true,
    authorId,
  });
  await createNewsPost(t.db, {
    title: "Onde consultar as convenções coletivas",
    slug: "onde-consultar-as-convencoes-coletivas",
    status: "draft",
    publishedAt: null,
    authorId,
  });
  await createNewsPost(t.db, {
    title: "Plantão de atendimento aos associados",
    slug: "plantao-de-atendimento-aos-associados",
    publishedAt: daysAgo(-7),
    cover: true,
    authorId,
  });
  staff = await t.login("secretaria");
});

type PostRow = { id: string; slug: string; status: string; cover_file_id: string | null };

async function post(slug: string) {
  const [row] = await t.query<PostRow>`select id, slug, status, cover_file_id from news_posts where slug = ${slug}`;
  return row;
}

async function count(table: "news_posts" | "files" | "audit_log") {
  const q = {
    news_posts: "select count(*)::int as n from news_posts",
    files: "select count(*)::int as n from files",
    audit_log: "select count(*)::int as n from audit_log where action <> 'access.refused'",
  }[table];
  const [row] = await t.query<{ n: number }>([q] as unknown as TemplateStringsArray);
  return row.n;
}

function form(fields: Record<string, string>, file?: UploadedFile) {
  return multipartBody(fields, "cover", file, "image/jpeg");
}

const baseFields = { summary: "Resumo da notícia de teste.", body: "Texto da notícia de teste.", publishedAt: "" };

/** The article body as rendered on the public page (between the hero and the back link). */
async function publicHtml(path: string) {
  const res = await anon().get(path);
  return { res, html: await res.text() };
}

/** The page an action answers with (the no-JS view), entities decoded, to find its messages in. */
async function answer(res: Response) {
  return decodeHtml(await res.text());
}

const EDITOR = "/dashboard/noticias?editor=nova";

async function listSlugs() {
  const { html } = await publicHtml("/noticias");
  return [...html.matchAll(/href="\/noticias\/([a-z0-9-]+)"/g)].map((m) => m[1]).filter((s) => s !== "rss");
}

async function rss() {
  const res = await anon().get("/noticias/rss.xml");
  return { res, xml: await res.text() };
}

describe("what the public sees", () => {
  it("lists, serves and syndicates only published posts whose date has come", async () => {
    const draft = await post("onde-consultar-as-convencoes-coletivas");
    const scheduled = await post("plantao-de-atendimento-aos-associados");
    expect(draft.status).toBe("draft");
    expect(scheduled.status).toBe("published");

    const slugs = await listSlugs();
    expect(slugs).toContain("como-se-filiar-ao-sindicato");
    expect(slugs).toContain("cuidados-com-equipamentos-de-protecao-individual");
    expect(slugs).not.toContain(draft.slug);
    expect(slugs).not.toContain(scheduled.slug);

    for (const slug of [draft.slug, scheduled.slug, "nao-existe"]) {
      const { res, html } = await publicHtml(`/noticias/${slug}`);
      expect(res.status, slug).toBe(404);
      expect(html).toContain("Notícia não encontrada");
      expect(html).toContain('name="robots" content="noindex"');
    }

    const feed = await rss();
    expect(feed.res.status).toBe(200);
    expect(feed.res.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    expect(feed.xml).toContain(`<link>${APP_URL}/noticias/como-se-filiar-ao-sindicato</link>`);
    expect(feed.xml).not.toContain(draft.slug);
    expect(feed.xml).not.toContain(scheduled.slug);

    // The scheduled date arrives: no job, it shows. (Moved here by a write from outside the app,
    // so on PostgreSQL the render cache learns of it by NOTIFY, delivered asynchronously.)
    await t.query`update news_posts set published_at = now() - interval '1 minute' where id = ${scheduled.id}`;
    await expect.poll(() => listSlugs(), { timeout: 5_000 }).toContain(scheduled.slug);
    expect((await publicHtml(`/noticias/${scheduled.slug}`)).res.status).toBe(200);
    expect((await rss()).xml).toContain(`${APP_URL}/noticias/${scheduled.slug}`);

    // A draft with a past date stays hidden until it is published.
    await t.query`update news_posts set published_at = now() - interval '1 day' where id = ${draft.id}`;
    expect((await publicHtml(`/noticias/${draft.slug}`)).res.status).toBe(404);
    const res = await staff.post("/dashboard/noticias", { intent: "publish", id: draft.id });
    expect(res.status).toBe(200);
    expect(await answer(res)).toContain(NEWS_MESSAGES.published);
    expect(await listSlugs()).toContain(draft.slug);
    expect((await rss()).xml).toContain(`${APP_URL}/noticias/${draft.slug}`);

    // Unpublishing takes it off again.
    expect((await staff.post("/dashboard/noticias", { intent: "unpublish", id: draft.id })).status).toBe(200);
    expect((await publicHtml(`/noticias/${draft.slug}`)).res.status).toBe(404);
  });

  it("serves a valid RSS 2.0 document with absolute links and pt-BR", async () => {
    const { xml } = await rss();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"')).toBe(true);
    expect(xml).toContain("<language>pt-BR</language>");
    expect(xml).toContain(`<atom:link href="${APP_URL}/noticias/rss.xml" rel="self" type="application/rss+xml"/>`);
    const items = xml.match(/<item>[\s\S]*?<\/item>/g) ?? [];
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(item).toMatch(/<title>[^<]+<\/title>/);
      expect(item).toMatch(new RegExp(`<guid isPermaLink="true">${APP_URL}/noticias/[a-z0-9-]+</guid>`));
      expect(item).toMatch(/<pubDate>\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT<\/pubDate>/);
    }
    expect(xml).toMatch(new RegExp(`<enclosure url="${APP_URL}/imagens/[0-9a-f-]{36}" length="\\d+" type="image/jpeg"/>`));
  });

  it("gives an article its SEO and Open Graph article tags with the cover image", async () => {
    const p = await post("como-se-filiar-ao-sindicato");
    const { res, html } = await publicHtml(`/noticias/${p.slug}`);
    expect(res.status).toBe(200);
    expect(html).toContain('<meta property="og:type" content="article"/>');
    expect(html).toContain(`<meta property="og:image" content="${APP_URL}/imagens/${p.cover_file_id}"/>`);
    expect(html).toContain(`<link rel="canonical" href="${APP_URL}/noticias/${p.slug}"/>`);
    expect(html).toMatch(/<meta property="article:published_time" content="\d{4}-\d{2}-\d{2}T/);
    expect(html).toContain("<title>Como se filiar ao sindicato | ");
    expect(html).toContain('href="/noticias"');
  });

  it("paginates and answers 404 past the last page", async () => {
    expect((await anon().get("/noticias?pagina=1")).status).toBe(200);
    expect((await anon().get("/noticias?pagina=99")).status).toBe(404);
  });
});

describe("Markdown is rendered harmless", () => {
  it("escapes raw HTML and drops script URLs and event handlers", async () => {
    const body = [
      "## Subtítulo legítimo",
      "<script>window.__pwned = 1</script>",
      '<img src="x" onerror="window.__pwned = 2">',
      "[clique aqui](javascript:window.__pwned=3)",
      "[dados](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
      '<a href="javascript:alert(4)" onclick="alert(5)">link</a>',
      "![imagem](javascript:alert(6))",
      "[ok](https://exemplo.org/pagina)",
    ].join("\n\n");
    const res = await staff.post(
      "/dashboard/noticias",
      form({ intent: "create", title: "Teste de segurança do Markdown", slug: "", ...baseFields, body, status: "published" }),
    );
    expect(res.status).toBe(302);
    const { res: page, html } = await publicHtml("/noticias/teste-de-seguranca-do-markdown");
    expect(page.status).toBe(200);
    const start = html.indexOf("Subtítulo legítimo");
    const article = html.slice(html.lastIndexOf("<div", start), html.indexOf("Voltar para as notícias", start));
    expect(article).toContain("<h2>Subtítulo legítimo</h2>");
    expect(article).toContain("&lt;script&gt;");
    expect(article).not.toMatch(/<script/i);
    expect(article).not.toMatch(/<[a-z]+[^>]*\son[a-z]+=/i);
    expect(article).not.toMatch(/(href|src)="\s*(javascript|data|vbscript):/i);
    expect(article).toContain('<a href="https://exemplo.org/pagina" rel="nofollow noopener noreferrer">ok</a>');
    // The only <script> tags on the whole page are the app's own, each allowed by the CSP: a public
    // page is the same for everyone, its scripts listed by hash (ADR 301).
    expect(scriptsAllowedByCsp(html, page.headers.get("content-security-policy")!).every((how) => how === "hash")).toBe(true);
  });
});

describe("staff writes", () => {
  it("refuses a slug already in use with a clear pt-BR message and writes nothing", async () => {
    const before = await Promise.all([count("news_posts"), count("files"), count("audit_log")]);
    const explicit = await staff.post(
      EDITOR,
      form({ intent: "create", title: "Outra notícia", slug: "como-se-filiar-ao-sindicato", ...baseFields, status: "draft" }),
    );
    expect(explicit.status).toBe(409);
    const text = await answer(explicit);
    expect(NEWS_MESSAGES.slugTaken).toBe("Já existe uma notícia com este endereço. Escolha outro.");
    // Shown beside the slug field of the server-rendered editor (works without JavaScript).
    expect(text).toContain(`<p id="f-slug-error" class="text-sm font-medium text-red-700">${NEWS_MESSAGES.slugTaken}</p>`);
    // The slug made from the title collides too.
    const fromTitle = await staff.post(
      "/dashboard/noticias",
      form(
        { intent: "create", title: "Como se filiar ao sindicato", slug: "", ...baseFields, status: "draft" },
        {
          name: "capa.png",
          bytes: await solidImage("png", 40, 20, "#c00"),
        },
      ),
    );
    expect(fromTitle.status).toBe(409);
    expect(await answer(fromTitle)).toContain(NEWS_MESSAGES.slugTaken);
    // Editing another post onto a used slug is refused as well.
    const other = await post("cuidados-com-equipamentos-de-protecao-individual");
    const update = await staff.post(
      "/dashboard/noticias",
      form({ intent: "update", id: other.id, title: "Cuidados", slug: "como-se-filiar-ao-sindicato", ...baseFields, status: "published" }),
    );
    expect(update.status).toBe(409);
    expect(await answer(update)).toContain(NEWS_MESSAGES.slugTaken);
    expect(await Promise.all([count("news_posts"), count("files"), count("audit_log")])).toEqual(before);
  });

  it("makes the slug from the title with accents folded, and answers bad input with 400 in pt-BR", async () => {
    const res = await staff.post(
      "/dashboard/noticias",
      form({ intent: "create", title: "Reunião de Ação Sindical: Participe!", slug: "", ...baseFields, status: "draft" }),
    );
    expect(res.status).toBe(302);
    expect(await post("reuniao-de-acao-sindical-participe")).toBeDefined();
    const bad = await staff.post(
      EDITOR,
      form({ intent: "create", title: "", slug: "Com Espaços", summary: "", body: "", status: "draft", publishedAt: "31/02/2026" }),
    );
    expect(bad.status).toBe(400);
    const text = await answer(bad);
    for (const [field, message] of Object.entries({
      title: NEWS_MESSAGES.titleRequired,
      slug: NEWS_MESSAGES.slugInvalid,
      summary: NEWS_MESSAGES.summaryRequired,
      body: NEWS_MESSAGES.bodyRequired,
      publishedAt: NEWS_MESSAGES.dateInvalid,
    })) {
      expect(text, field).toContain(`<p id="f-${field}-error" class="text-sm font-medium text-red-700">${message}</p>`);
    }
  });

  it("stores the cover without EXIF, serves it publicly, replaces and deletes it with the post, and audits every write", async () => {
    const withExif = await sharp({ create: { width: 320, height: 200, channels: 3, background: "#a71b1b" } })
      .jpeg()
      .withExif({ IFD0: { Make: "CameraSecreta", Model: "Modelo-X", Artist: "Fulano de Tal", Copyright: "GPS -15.79,-47.88" } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    expect(withExif.includes(Buffer.from("CameraSecreta"))).toBe(true);

    const auditBefore = await count("audit_log");
    const created = await staff.post(
      "/dashboard/noticias",
      form(
        {
          intent: "create",
          title: "Notícia com capa",
          slug: "noticia-com-capa",
          ...baseFields,
          status: "published",
          publishedAt: "2026-01-10T08:00",
        },
        { name: "foto.jpg", bytes: withExif },
      ),
    );
    expect(created.status).toBe(302);
    expect(created.headers.get("location")).toBe("/dashboard/noticias");
    const row = await post("noticia-com-capa");
    expect(row.cover_file_id).toBeTruthy();
    const stored = await storedFile(t.query, row.cover_file_id!);
    expect(stored.purpose).toBe("news-cover");
    const bytes = stored.data;
    for (const secret of ["CameraSecreta", "Modelo-X", "Fulano de Tal", "Exif"])
      expect(bytes.includes(Buffer.from(secret)), secret).toBe(false);

    const img = await anon().get(`/imagens/${row.cover_file_id}`);
    expect(img.status).toBe(200);
    expect(img.headers.get("content-type")).toBe("image/jpeg");
    expect(img.headers.get("cache-control")).toBe("public, max-age=86400, immutable");
    expect(img.headers.get("x-content-type-options")).toBe("nosniff");
    expect(img.headers.get("content-disposition")).toMatch(/^inline; filename="foto\.jpg"/);
    const served = Buffer.from(await img.arrayBuffer());
    const meta = await sharp(served).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.width).toBe(320);
    const etag = img.headers.get("etag")!;
    expect((await anon().get(`/imagens/${row.cover_file_id}`, { headers: { "If-None-Match": etag } })).status).toBe(304);

    // The Brasília date-time was stored as the right instant.
    const [{ published_at }] = await t.query<{ published_at: Date }>`select published_at from news_posts where id = ${row.id}`;
    expect(new Date(published_at).toISOString()).toBe("2026-01-10T11:00:00.000Z");

    // A new cover replaces the old file.
    const png = await solidImage("png", 64, 64, { r: 0, g: 0, b: 255, alpha: 0.5 }, 4);
    const updated = await staff.post(
      "/dashboard/noticias",
      form(
        {
          intent: "update",
          id: row.id,
          title: "Notícia com capa nova",
          slug: "noticia-com-capa",
          ...baseFields,
          status: "published",
          publishedAt: "2026-01-10T08:00",
        },
        { name: "nova.png", bytes: png, type: "image/png" },
      ),
    );
    expect(updated.status).toBe(302);
    const after = await post("noticia-com-capa");
    expect(after.cover_file_id).not.toBe(row.cover_file_id);
    expect(await t.query`select id from files where id = ${row.cover_file_id}`).toHaveLength(0);
    expect((await anon().get(`/imagens/${row.cover_file_id}`)).status).toBe(404);

    // Deleting the post deletes its cover.
    const del = await staff.post("/dashboard/noticias", { intent: "delete", id: row.id });
    expect(del.status).toBe(200);
    expect(await answer(del)).toContain(NEWS_MESSAGES.deleted);
    expect(await post("noticia-com-capa")).toBeUndefined();
    expect(await t.query`select id from files where id = ${after.cover_file_id}`).toHaveLength(0);

    const audit = await t.query<{ action: string; actor_username: string }>`
      select action, actor_username from audit_log where entity_type = 'news_post' and entity_id = ${row.id} order by id`;
    expect(audit.map((a) => a.action)).toEqual(["news.created", "news.updated", "news.deleted"]);
    const secretaria = await t.user("secretaria");
    expect(audit.every((a) => a.actor_username === secretaria.username)).toBe(true);
    expect(await count("audit_log")).toBe(auditBefore + 3);
  });

  it("refuses covers that are not images, or over 5 MB, leaving nothing behind", async () => {
    const before = await Promise.all([count("news_posts"), count("files")]);
    /** A draft created with `cover` as its cover image. */
    const withCover = (title: string, cover: UploadedFile) =>
      staff.post("/dashboard/noticias", form({ intent: "create", title, slug: "", ...baseFields, status: "draft" }, cover));
    const html = await withCover("Capa falsa", { name: "foto.jpg", bytes: Buffer.from("<html><script>alert(1)</script></html>") });
    expect(html.status).toBe(415);
    expect(await answer(html)).toContain(NEWS_MESSAGES.coverType);
    const pdf = await withCover("Capa em PDF", {
      name: "capa.jpg",
      bytes: Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF"),
    });
    expect(pdf.status).toBe(415);
    const big = await withCover("Capa enorme", { name: "grande.jpg", bytes: Buffer.alloc(5 * 1024 * 1024 + 1, 0xff) });
    expect(big.status).toBe(413);
    expect(await answer(big)).toContain(NEWS_MESSAGES.coverTooLarge);
    expect(await Promise.all([count("news_posts"), count("files")])).toEqual(before);
  });

  it("refuses other roles with 403 and sends their page visits to their own panel", async () => {
    const juridico = await t.login("juridico");
    const page = await juridico.get("/dashboard/noticias");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/dashboard/juridico");
    const before = await Promise.all([count("news_posts"), count("files"), count("audit_log")]);
    const res = await juridico.post(
      "/dashboard/noticias",
      form({ intent: "create", title: "Intrusa", slug: "", ...baseFields, status: "published" }),
    );
    expect(res.status).toBe(403);
    expect(await Promise.all([count("news_posts"), count("files"), count("audit_log")])).toEqual(before);
  });

  it("searches the staff list without regard to accents", async () => {
    const res = await staff.get("/dashboard/noticias?q=protecao");
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain("Cuidados com os equipamentos de proteção individual");
    expect(html).not.toContain("Como se filiar ao sindicato");
  });
});

describe("the public image route", () => {
  async function insertFile(purpose: string, contentType: string, bytes: Buffer) {
    const [row] = await t.query<{ id: string }>`
      insert into files (purpose, file_name, content_type, size, sha256, data)
      values (${purpose}, 'arquivo', ${contentType}, ${bytes.length}, 'x', ${bytes}) returning id`;
    return row.id;
  }

  it("serves only files whose purpose is on the public list", async () => {
    const jpeg = await solidImage("jpeg", 8, 8, "#000");
    const pdf = Buffer.from("%PDF-1.4\n%%EOF");
    const refused = [
      await insertFile("agreement", "application/pdf", pdf),
      await insertFile("complaint-evidence", "image/jpeg", jpeg),
      await insertFile("visit-photo", "image/jpeg", jpeg),
    ];
    for (const id of refused) {
      const res = await anon().get(`/imagens/${id}`);
      expect(res.status, id).toBe(404);
      expect(Buffer.from(await res.arrayBuffer()).includes(jpeg.subarray(0, 32))).toBe(false);
    }
    for (const purpose of ["news-cover", "partner-logo", "instagram-image"]) {
      const id = await insertFile(purpose, "image/jpeg", jpeg);
      expect((await anon().get(`/imagens/${id}`)).status, purpose).toBe(200);
    }
    expect((await anon().get("/imagens/00000000-0000-0000-0000-000000000000")).status).toBe(404);
    expect((await anon().get("/imagens/nao-e-um-id")).status).toBe(404);
  });
});

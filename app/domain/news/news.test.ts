import { describe, expect, it } from "vitest";
import { slugify } from "./slug";
import { renderMarkdown } from "./markdown";
import { NEWS_MESSAGES, newsActionSchema, newsState } from "./news.schema";
import { escapeXml } from "./rss";
import { fromBrasiliaLocalInput, toBrasiliaLocalInput } from "~/lib/dates";

describe("slugify", () => {
  it("folds pt-BR accents and cedillas and joins words with hyphens", () => {
    expect(slugify("Ação Sindical: Reunião da Diretoria em São Paulo!")).toBe("acao-sindical-reuniao-da-diretoria-em-sao-paulo");
    expect(slugify("  1º Encontro — Bombeiros Civis  ")).toBe("1o-encontro-bombeiros-civis");
    expect(slugify("Pão, Maçã & Café")).toBe("pao-maca-cafe");
    expect(slugify("!!!")).toBe("");
  });
  it("never ends with a hyphen after cutting to length", () => {
    const s = slugify("palavra ".repeat(30), 20);
    expect(s.length).toBeLessThanOrEqual(20);
    expect(s.endsWith("-")).toBe(false);
  });
});

describe("renderMarkdown", () => {
  it("renders ordinary Markdown, with no second <h1>", () => {
    expect(renderMarkdown("## Sub\n\n### Menor")).toBe("<h2>Sub</h2>\n<h3>Menor</h3>\n");
    const html = renderMarkdown("# Título\n\nTexto com **negrito** e [link](https://exemplo.org).\n\n- um\n- dois");
    expect(html).toContain("<h2>Título</h2>");
    expect(html).toContain("<strong>negrito</strong>");
    expect(html).toContain('<a href="https://exemplo.org" rel="nofollow noopener noreferrer">link</a>');
    expect(html).toContain("<li>um</li>");
  });

  it("never lets raw HTML, event handlers or script URLs through", () => {
    const html = renderMarkdown(
      [
        "<script>alert(1)</script>",
        '<img src=x onerror="alert(2)">',
        "[clique](javascript:alert(3))",
        "[dados](data:text/html;base64,PHNjcmlwdD4=)",
        "[vb](vbscript:msgbox)",
        "![img](javascript:alert(4))",
        '<a href="javascript:alert(5)">x</a>',
        "<iframe src=//evil></iframe>",
      ].join("\n\n"),
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img[^>]*onerror/i);
    expect(html).not.toMatch(/<iframe/i);
    expect(html).not.toMatch(/href="\s*(javascript|data|vbscript):/i);
    expect(html).not.toMatch(/src="\s*(javascript|data):/i);
    expect(html).toContain("&lt;script&gt;");
  });

  it("keeps site images, turns outside images into links", () => {
    expect(renderMarkdown("![Capa](/imagens/abc)")).toContain('<img src="/imagens/abc" alt="Capa"');
    const outside = renderMarkdown("![Foto](https://outro.site/foto.jpg)");
    expect(outside).not.toContain("<img");
    expect(outside).toContain('<a href="https://outro.site/foto.jpg"');
    expect(renderMarkdown("![x](//outro.site/a.png)")).not.toContain("<img");
  });
});

describe("news schema", () => {
  const base = { intent: "create", title: "Assembleia", summary: "Resumo", body: "Corpo" };
  it("reads the date-time as Brasília wall time", () => {
    const parsed = newsActionSchema.parse({ ...base, publishedAt: "2026-03-10T09:30", status: "published" });
    expect(parsed.intent === "create" && parsed.publishedAt?.toISOString()).toBe("2026-03-10T12:30:00.000Z");
  });
  it("answers missing and bad fields in pt-BR", () => {
    const r = newsActionSchema.safeParse({ intent: "create", slug: "Com Espaço", publishedAt: "ontem" });
    expect(r.success).toBe(false);
    const messages = r.error!.issues.map((i) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        NEWS_MESSAGES.titleRequired,
        NEWS_MESSAGES.summaryRequired,
        NEWS_MESSAGES.bodyRequired,
        NEWS_MESSAGES.slugInvalid,
        NEWS_MESSAGES.dateInvalid,
      ]),
    );
    expect(newsActionSchema.safeParse({ intent: "hack" }).error!.issues[0].message).toBe("Ação inválida.");
  });
  it("tells draft, scheduled and published apart", () => {
    const now = new Date("2026-01-01T12:00:00Z");
    expect(newsState({ status: "draft", publishedAt: null }, now)).toBe("draft");
    expect(newsState({ status: "published", publishedAt: new Date("2026-01-02T00:00:00Z") }, now)).toBe("scheduled");
    expect(newsState({ status: "published", publishedAt: new Date("2025-12-31T00:00:00Z") }, now)).toBe("published");
  });
});

describe("Brasília date-time inputs", () => {
  it("round-trips and refuses impossible dates", () => {
    expect(toBrasiliaLocalInput(fromBrasiliaLocalInput("2026-07-01T23:45"))).toBe("2026-07-01T23:45");
    expect(fromBrasiliaLocalInput("2026-02-31T10:00")).toBeNull();
    expect(fromBrasiliaLocalInput("amanhã")).toBeNull();
  });
});

describe("escapeXml", () => {
  it("escapes markup and drops characters XML forbids", () => {
    expect(escapeXml(`<a href="x">'&'</a>\u0001`)).toBe("&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;");
  });
});

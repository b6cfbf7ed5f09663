import { beforeAll, describe, expect, it } from "vitest";
import { createInstitutionalContent } from "~/db/factories/content";
import { signedIn, useTestServer } from "../support/suite";
import type { Client } from "../support/http";
import { DEFAULT_CONTENT, formatWhatsapp, LEGACY_PLACEHOLDERS } from "~/domain/content/institutional";
import { CONTENT_MESSAGES } from "~/domain/content/content.schema";
import { decodeHtml } from "../support/html";

const t = useTestServer();
const PATH = "/dashboard/conteudo";

beforeAll(async () => {
  // A saved record holding the defaults, as a fresh installation has.
  await createInstitutionalContent(t.db);
});
const as = signedIn(t, ["admin", "presidencia"]);

async function page(path: string, c: Client | null = null) {
  const res = await (c ?? t.anonymous()).get(path);
  return { status: res.status, html: decodeHtml(await res.text()) };
}
/** The footer's markup only. */
function footer(html: string) {
  const m = /<footer[\s\S]*?<\/footer>/.exec(html);
  expect(m, "a página tem rodapé").not.toBeNull();
  return m![0];
}

async function stored() {
  const [row] = await t.query<{ value: Record<string, unknown> | null; n: number }>`
    select (select value from app_settings where key = 'institutional_content') as value,
           (select count(*)::int from audit_log where action = 'content.updated') as n`;
  return row;
}

/** A complete, valid form body; lists are repeated fields. */
function body(over: Record<string, string | string[]> = {}): URLSearchParams {
  const fields: Record<string, string | string[]> = {
    name: "Sindicato de Teste dos Bombeiros Civis",
    shortName: "Sindicato de Teste",
    description: "Descrição de teste do sindicato, exibida no rodapé de todas as páginas.",
    address: "Quadra de Teste, Bloco Z, Brasília - DF",
    addressDetail: "Sala de Teste",
    phones: ["61 3333 4444", "(61) 98888-7777"],
    email: "Contato@Teste.Example.org",
    hours: "Segunda a sexta, das 9h às 17h",
    whatsapp: "+55 (61) 99876-5432",
    "social.instagram": "https://www.instagram.com/sindicato.teste",
    "social.facebook": "",
    "social.youtube": "https://www.youtube.com/@sindicatoteste",
    "map.lat": "-15,8",
    "map.lng": "-47.88",
    "map.zoom": "15",
    "board.role": ["Presidente", "Vice-Presidente", "Diretor Financeiro", "Secretário Geral", "Diretor de Base"],
    "board.name": ["Pessoa Presidente Teste", "Pessoa Vice Teste", "Pessoa Finanças Teste", "Pessoa Secretária Teste", "Pessoa Base Teste"],
    history: "Primeiro parágrafo da história de teste.\n\nSegundo parágrafo da história de teste.",
    mission: "Missão de teste do sindicato.",
    vision: "Visão de teste do sindicato.",
    values: [
      "Transparência na gestão",
      "Ética nas relações",
      "Comprometimento",
      "Responsabilidade social",
      "Valorização profissional",
      "Valor Extra de Teste",
    ],
    ...over,
  };
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const item of Array.isArray(v) ? v : [v]) params.append(k, item);
  return params;
}

function post(c: Client, params: URLSearchParams) {
  return c.request(PATH, { method: "POST", body: params, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
}

describe("public pages read the institutional content", () => {
  it("/quem-somos shows the seeded history, mission, vision, the five values, the executive board and contact info", async () => {
    const { status, html } = await page("/quem-somos");
    expect(status).toBe(200);
    for (const text of [
      DEFAULT_CONTENT.history,
      DEFAULT_CONTENT.mission,
      DEFAULT_CONTENT.vision,
      "Missão",
      "Visão",
      "Valores",
      "Diretoria Executiva",
    ]) {
      expect(html).toContain(text);
    }
    for (const v of [
      "Transparência na gestão",
      "Ética nas relações",
      "Comprometimento",
      "Responsabilidade social",
      "Valorização profissional",
    ]) {
      expect(html).toContain(v);
    }
    for (const role of ["Presidente", "Vice-Presidente", "Diretor Financeiro", "Secretário Geral"]) expect(html).toContain(role);
    expect(html).toContain(DEFAULT_CONTENT.address);
    expect(html).toContain(DEFAULT_CONTENT.email);
    expect(html).toMatch(/<title>Quem Somos \| [^<]+<\/title>/);
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/quem-somos"/);
    expect(html).toContain('property="og:title"');
  });

  it("the footer has the description, address, phones, e-mail, hours, social links and the privacy link", async () => {
    const f = footer((await page("/")).html);
    expect(f).toContain(DEFAULT_CONTENT.description);
    expect(f).toContain(DEFAULT_CONTENT.address);
    for (const p of DEFAULT_CONTENT.phones) expect(f).toContain(p);
    expect(f).toContain(`mailto:${DEFAULT_CONTENT.email}`);
    expect(f).toContain("Segunda a sexta, das 9h às 17h");
    expect(f).toContain('href="/privacidade"');
  });

  it("/privacidade is the LGPD notice: data, legal bases, rights of art. 18, cookies, and the contact e-mail", async () => {
    const { status, html } = await page("/privacidade");
    expect(status).toBe(200);
    for (const text of [
      "Aviso de Privacidade",
      "Lei nº 13.709/2018",
      "Denúncia anônima",
      "Não guardamos endereço IP, navegador (user agent) nem cookies",
      "art. 7º, I",
      "art. 11, II",
      "art. 18",
      "portabilidade",
      "revogação do consentimento",
      "ANPD",
      "__Host-sid",
      "flash",
      "Cookies",
    ]) {
      expect(html, text).toContain(text);
    }
    expect(html).toContain(`mailto:${DEFAULT_CONTENT.email}`);
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/privacidade"/);
    expect(html).toMatch(/Última atualização: \d{1,2} de [a-zç]+ de \d{4}/);
  });
});

describe("the seed's placeholders", () => {
  /** The form exactly as the seed fills it, nothing edited. */
  function seededBody() {
    return body({
      name: DEFAULT_CONTENT.name,
      shortName: DEFAULT_CONTENT.shortName,
      description: DEFAULT_CONTENT.description,
      address: DEFAULT_CONTENT.address,
      addressDetail: DEFAULT_CONTENT.addressDetail,
      phones: DEFAULT_CONTENT.phones,
      email: DEFAULT_CONTENT.email,
      hours: DEFAULT_CONTENT.hours,
      whatsapp: formatWhatsapp(DEFAULT_CONTENT.whatsapp),
      "social.instagram": "",
      "social.youtube": "",
      "map.lat": String(DEFAULT_CONTENT.map.lat),
      "map.lng": String(DEFAULT_CONTENT.map.lng),
      "map.zoom": String(DEFAULT_CONTENT.map.zoom),
      "board.role": DEFAULT_CONTENT.board.map((m) => m.role),
      "board.name": DEFAULT_CONTENT.board.map((m) => m.name),
      history: DEFAULT_CONTENT.history,
      mission: DEFAULT_CONTENT.mission,
      vision: DEFAULT_CONTENT.vision,
      values: DEFAULT_CONTENT.values,
    });
  }

  it("are marked as examples on the content screen, and the first save with nothing edited succeeds", async () => {
    const first = await page(PATH, as("admin"));
    expect(first.status).toBe(200);
    expect(first.html).toContain('data-testid="content-placeholders"');
    expect(first.html).toContain(CONTENT_MESSAGES.placeholders("telefones, WhatsApp, e-mail e diretoria"));
    expect(first.html).toContain(`value="${DEFAULT_CONTENT.phones[0]}"`);

    const res = await post(as("admin"), seededBody());
    expect(res.status).toBe(200);
    expect(decodeHtml(await res.text())).toContain(CONTENT_MESSAGES.saved);
    // Still the examples: still marked, until staff replace them.
    expect((await page(PATH, as("admin"))).html).toContain('data-testid="content-placeholders"');
  });

  it("the invalid placeholders an earlier version seeded read as today's valid ones, so that save succeeds too", async () => {
    const [row] = await t.query<{ value: Record<string, unknown> }>`select value from app_settings where key = 'institutional_content'`;
    const legacy = { ...row.value, phones: [LEGACY_PLACEHOLDERS.phone], whatsapp: LEGACY_PLACEHOLDERS.whatsapp };
    await t.query`update app_settings set value = ${JSON.stringify(legacy)}::jsonb where key = 'institutional_content'`;
    const screen = await page(PATH, as("admin"));
    expect(screen.html).toContain(`value="${DEFAULT_CONTENT.phones[0]}"`);
    expect(screen.html).not.toContain(LEGACY_PLACEHOLDERS.phone);
    expect(screen.html).toContain('data-testid="content-placeholders"');
    expect(footer((await page("/")).html)).toContain(DEFAULT_CONTENT.phones[0]);
    const res = await post(as("admin"), seededBody());
    expect(res.status).toBe(200);
    expect(decodeHtml(await res.text())).toContain(CONTENT_MESSAGES.saved);
  });
});

describe("staff edit the content at /dashboard/conteudo", () => {
  it("admin saves: the value is normalised, audited, and shows at once on /quem-somos, the footer and /privacidade", async () => {
    const before = await stored();
    const res = await post(as("admin"), body());
    expect(res.status).toBe(200);
    expect(decodeHtml(await res.text())).toContain(CONTENT_MESSAGES.saved);

    const after = await stored();
    expect(after.n).toBe(before.n + 1);
    const value = after.value as Record<string, unknown>;
    expect(value.phones).toEqual(["(61) 3333-4444", "(61) 98888-7777"]);
    expect(value.whatsapp).toBe("5561998765432");
    expect(value.email).toBe("contato@teste.example.org");
    expect(value.map).toEqual({ lat: -15.8, lng: -47.88, zoom: 15 });
    const [audit] = await t.query<{ actor_username: string; data: { changed: string[] } }>`
      select actor_username, data from audit_log where action = 'content.updated' order by id desc limit 1`;
    expect(audit.actor_username).toBe((await t.user("admin")).username);
    expect(audit.data.changed).toEqual(expect.arrayContaining(["name", "phones", "board", "history", "values", "map"]));

    const about = (await page("/quem-somos")).html;
    for (const text of [
      "Sindicato de Teste dos Bombeiros Civis",
      "<p>Primeiro parágrafo da história de teste.</p>",
      "<p>Segundo parágrafo da história de teste.</p>",
      "Missão de teste do sindicato.",
      "Visão de teste do sindicato.",
      "Valor Extra de Teste",
      "Diretor de Base",
      "Pessoa Presidente Teste",
      "https://wa.me/5561998765432",
    ])
      expect(about).toContain(text);
    expect(about).not.toContain(DEFAULT_CONTENT.history);

    const f = footer((await page("/parceiros")).html);
    for (const text of [
      "Descrição de teste do sindicato",
      "Quadra de Teste, Bloco Z, Brasília - DF",
      "(61) 3333-4444",
      'href="tel:+556133334444"',
      "mailto:contato@teste.example.org",
      'href="https://www.instagram.com/sindicato.teste"',
      'href="https://www.youtube.com/@sindicatoteste"',
    ])
      expect(f).toContain(text);
    expect(f).not.toContain("facebook");

    expect((await page("/privacidade")).html).toContain("mailto:contato@teste.example.org");
  });

  it("presidencia may edit too", async () => {
    const res = await post(as("presidencia"), body({ mission: "Missão escrita pela presidência." }));
    expect(res.status).toBe(200);
    expect((await page("/quem-somos")).html).toContain("Missão escrita pela presidência.");
    const [audit] = await t.query<{ actor_username: string; data: { changed: string[] } }>`
      select actor_username, data from audit_log where action = 'content.updated' order by id desc limit 1`;
    expect(audit).toEqual({ actor_username: (await t.user("presidencia")).username, data: { changed: ["mission"] } });
  });

  it("accepts a toll-free 0800 number and reorders the board as sent", async () => {
    const res = await post(
      as("admin"),
      body({
        phones: ["0800 123 4567"],
        "board.role": ["Secretário Geral", "Presidente"],
        "board.name": ["Pessoa Secretária Teste", "Pessoa Presidente Teste"],
      }),
    );
    expect(res.status).toBe(200);
    const value = (await stored()).value as { phones: string[]; board: { role: string }[] };
    expect(value.phones).toEqual(["0800 123 4567"]);
    expect(value.board.map((m) => m.role)).toEqual(["Secretário Geral", "Presidente"]);
    const about = (await page("/quem-somos")).html;
    expect(about.indexOf("Secretário Geral")).toBeLessThan(about.indexOf(">Presidente<"));
  });

  const invalid: Array<[string, Record<string, string | string[]>, string]> = [
    ["phone without area code", { phones: ["3333-4444"] }, CONTENT_MESSAGES.phone],
    ["mobile without the leading 9", { phones: ["(61) 8888-77776"] }, CONTENT_MESSAGES.phone],
    ["no phone at all", { phones: [""] }, CONTENT_MESSAGES.phonesMin],
    [
      "five phones",
      { phones: ["(61) 3333-4441", "(61) 3333-4442", "(61) 3333-4443", "(61) 3333-4444", "(61) 3333-4445"] },
      CONTENT_MESSAGES.phonesMax,
    ],
    ["WhatsApp with too few digits", { whatsapp: "9999-9999" }, CONTENT_MESSAGES.whatsapp],
    ["e-mail", { email: "contato@" }, CONTENT_MESSAGES.email],
    ["http social link", { "social.instagram": "http://www.instagram.com/sindicato" }, CONTENT_MESSAGES.https],
    ["javascript: social link", { "social.facebook": "javascript:alert(1)" }, CONTENT_MESSAGES.https],
    ["latitude out of range", { "map.lat": "91" }, CONTENT_MESSAGES.lat],
    ["longitude out of range", { "map.lng": "-180.5" }, CONTENT_MESSAGES.lng],
    ["latitude not a number", { "map.lat": "abc" }, CONTENT_MESSAGES.lat],
    ["zoom out of range", { "map.zoom": "25" }, CONTENT_MESSAGES.zoom],
    ["empty board", { "board.role": [""], "board.name": [""] }, CONTENT_MESSAGES.boardMin],
    ["board member without a name", { "board.role": ["Presidente"], "board.name": [""] }, "Nome é obrigatório."],
    ["no values", { values: [""] }, CONTENT_MESSAGES.valuesMin],
    ["empty name", { name: "   " }, "Nome da entidade é obrigatório."],
    ["short history", { history: "Curta." }, "História deve ter ao menos 20 caracteres."],
  ];
  for (const [label, over, message] of invalid) {
    it(`refuses ${label} with a pt-BR 400 and saves nothing`, async () => {
      const before = await stored();
      const res = await post(as("admin"), body(over));
      expect(res.status).toBe(400);
      expect(decodeHtml(await res.text())).toContain(message);
      expect(await stored()).toEqual(before);
    });
  }

  it("without JavaScript the refused form comes back with the message beside the field", async () => {
    const res = await post(as("admin"), body({ email: "sem-arroba" }));
    expect(res.status).toBe(400);
    const html = decodeHtml(await res.text());
    expect(html).toMatch(new RegExp(`<p id="f-email-error"[^>]*>${CONTENT_MESSAGES.email}</p>`));
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*id="f-email"|<input[^>]*id="f-email"[^>]*aria-invalid="true"/);
  });

  it("escapes what staff type: markup in a text field is shown as text, never run", async () => {
    const res = await post(as("admin"), body({ mission: `Missão <img src=x onerror="alert(1)"> com marcação.` }));
    expect(res.status).toBe(200);
    const raw = await (await t.anonymous().get("/quem-somos")).text();
    expect(raw).toContain("Missão &lt;img src=x onerror=&quot;alert(1)&quot;&gt; com marcação.");
    expect(raw).not.toContain('<img src=x onerror="alert(1)">');
  });

  it("refused roles get 403 on the page and on a post, and nothing changes", async () => {
    for (const role of ["juridico", "secretaria", "campo"] as const) {
      const c = await t.login(role);
      const view = await c.get(PATH);
      expect(view.status).toBe(302);
      expect(view.headers.get("location")).toBe(`/dashboard/${role}`);
      const before = await stored();
      const res = await post(c, body({ name: "Invasão de conteúdo" }));
      expect(res.status).toBe(403);
      expect(await stored()).toEqual(before);
    }
    expect((await page("/quem-somos")).html).not.toContain("Invasão de conteúdo");
  });
});

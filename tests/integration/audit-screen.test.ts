import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "csv-parse/sync";
import { ROLES } from "~/auth/roles";
import { MESSAGES } from "~/auth/screens";
import { createAuditEntry } from "~/db/factories/audit";
import type { CreatedUser } from "~/db/factories/users";
import { AUDIT_MESSAGES, AUDIT_PAGE_SIZE } from "~/domain/audit/audit-filters";
import { EXPORT_HEADERS } from "~/domain/audit/export-audit-log.server";
import { COMPLAINT_TEXT_KEYS, SECRET_KEYS } from "~/domain/audit/audit-event";
import { FORM_MESSAGES } from "~/utils/fields";
import { useTestServer } from "../support/suite";
import { BAD_ADDRESS_MESSAGES } from "../../server/bad-address";
import type { Client } from "../support/http";
import { decodeHtml as decode } from "../support/html";

const t = useTestServer();

/** Markup as text: comments dropped, tags as spaces, entities decoded. */
function plain(html: string) {
  return decode(
    html
      .replace(/<!--.*?-->/g, "")
      .replace(/<script[\s\S]*?<\/script>/g, " ")
      .replace(/<[^>]+>/g, " "),
  ).replace(/\s+/g, " ");
}
/** The entries of a page, in order: their data-action and their text. */
function entries(html: string) {
  const out: Array<{ action: string; text: string }> = [];
  const re = /<li[^>]*data-testid="audit-entry"[^>]*data-action="([^"]+)"[^>]*>([\s\S]*?)<\/li>/g;
  for (let m = re.exec(html); m; m = re.exec(html)) out.push({ action: m[1], text: plain(m[2]) });
  return out;
}
function link(html: string, rel: "next" | "prev") {
  const m = new RegExp(`<a[^>]*href="([^"]+)"[^>]*rel="${rel}"|<a[^>]*rel="${rel}"[^>]*href="([^"]+)"`).exec(html);
  return m ? decode(m[1] ?? m[2]) : null;
}
async function auditCount() {
  const [row] = await t.query<{ n: number }>`select count(*)::int as n from audit_log where action <> 'access.refused'`;
  return row.n;
}

let admin: Client;
let adminUser: CreatedUser;
let secretaria: CreatedUser;
const PAGED = 120;

beforeAll(async () => {
  adminUser = await t.user("admin");
  secretaria = await t.user("secretaria");
  admin = await t.login("admin");
  const as = (u: CreatedUser) => ({ id: u.id, username: u.username });
  await createAuditEntry(t.db, {
    actor: as(adminUser),
    action: "agreement.updated",
    entityId: "conv-0001",
    data: {
      title: "Convenção dos vigilantes 2026",
      changes: { status: { from: "draft", to: "active" }, isPublic: { from: false, to: true } },
    },
    createdAt: new Date("2026-03-10T15:00:00Z"),
  });
  await createAuditEntry(t.db, {
    actor: as(secretaria),
    action: "news.created",
    entityId: "noticia-0001",
    data: {
      title: "Assembleia geral",
      slug: "assembleia-geral",
      status: "published",
      publishedAt: "2026-03-12T13:00:00.000Z",
      cover: false,
    },
    // 12/03 at 23:30 in Brasília, already the 13th in UTC: the date filter must go by Brasília's day.
    createdAt: new Date("2026-03-13T02:30:00Z"),
  });
  await createAuditEntry(t.db, {
    actor: null,
    action: "login.failed",
    data: { username: "fulano" },
    createdAt: new Date("2026-03-15T12:00:00Z"),
  });
  await createAuditEntry(t.db, {
    actor: null,
    action: "user.created_by_cli",
    entityId: adminUser.id,
    data: { username: adminUser.username, role: "admin" },
    createdAt: new Date("2026-01-02T12:00:00Z"),
  });
  // 120 entries in one second (one transaction's now() makes equal created_at common): the
  // keyset must order and page them by id too.
  for (let i = 0; i < PAGED; i++) {
    await createAuditEntry(t.db, {
      actor: as(secretaria),
      action: "partner.updated",
      entityId: `parceiro-${String(i).padStart(3, "0")}`,
      data: { name: `Parceiro ${i}`, changed: ["name"], logoFileId: null },
      createdAt: new Date(Date.UTC(2026, 1, 1, 12, 0, Math.floor(i / 40))),
    });
  }
});

describe("/dashboard/auditoria: the entries", () => {
  it("shows who, when (Brasília, pt-BR), the action's label, the entity and the data as a definition list, newest first", async () => {
    const res = await admin.get("/dashboard/auditoria?tipo=agreement");
    expect(res.status).toBe(200);
    const html = await res.text();
    const list = entries(html);
    expect(list.map((e) => e.action)).toEqual(["agreement.updated"]);
    const text = list[0].text;
    expect(text).toContain("10/03/2026 12:00:00");
    expect(text).toContain(adminUser.name);
    expect(text).toContain("Convenção alterada");
    expect(text).toContain("Convenção · conv-0001");
    expect(text).toContain("Título Convenção dos vigilantes 2026");
    expect(text).toMatch(/Situação de \S+ para \S+/);
    expect(text).toContain("Pública de Não para Sim");
    expect(html).toContain("<dl");
    expect(text).not.toContain('{"');

    const all = entries(await (await admin.get("/dashboard/auditoria")).text());
    expect(all).toHaveLength(AUDIT_PAGE_SIZE);
    // Newest first: this file's sign-ins (today) come before the March entries.
    expect(all[0].action).toBe("login");
  });

  it("names 'Anônimo' for a failed sign-in and 'Sistema' for the command line", async () => {
    const anon = entries(await (await admin.get("/dashboard/auditoria?acao=login.failed")).text());
    expect(anon).toHaveLength(1);
    expect(anon[0].text).toContain("Anônimo");
    expect(anon[0].text).toContain("Usuário informado fulano");
    const cli = entries(await (await admin.get("/dashboard/auditoria?acao=user.created_by_cli")).text());
    expect(cli[0].text).toContain("Sistema");
    expect(cli[0].text).toContain("Perfil Administrador");
  });
});

describe("/dashboard/auditoria: filters (GET, in the URL)", () => {
  const actions = async (query: string) => {
    const res = await admin.get(`/dashboard/auditoria?${query}`);
    expect(res.status, query).toBe(200);
    return entries(await res.text()).map((e) => e.action);
  };

  it("by person (username, any case)", async () => {
    const list = await actions(`pessoa=${secretaria.username.toUpperCase()}&tipo=news_post`);
    expect(list).toEqual(["news.created"]);
    expect(await actions(`pessoa=ninguem.aqui`)).toEqual([]);
  });

  it("by action", async () => {
    expect(await actions("acao=news.created")).toEqual(["news.created"]);
  });

  it("by entity type and by entity id", async () => {
    expect(await actions("tipo=news_post")).toEqual(["news.created"]);
    expect(await actions("registro=parceiro-007")).toEqual(["partner.updated"]);
    expect(await actions("tipo=partner&registro=conv-0001")).toEqual([]);
  });

  it("by date range, in Brasília days, as yyyy-mm-dd (date input) or dd/mm/aaaa", async () => {
    expect(await actions("de=2026-03-12&ate=2026-03-12")).toEqual(["news.created"]);
    expect(await actions("de=12/03/2026&ate=12/03/2026")).toEqual(["news.created"]);
    expect(await actions("de=2026-03-10&ate=2026-03-15")).toEqual(["login.failed", "news.created", "agreement.updated"]);
    expect(await actions("ate=2026-01-02")).toEqual(["user.created_by_cli"]);
  });

  it("keeps the filters in the form and in the export form", async () => {
    const html = await (await admin.get("/dashboard/auditoria?acao=news.created&de=2026-03-01")).text();
    expect(html).toMatch(/<option value="news.created" selected="">/);
    expect(html).toMatch(/name="de"[^>]*value="2026-03-01"|value="2026-03-01"[^>]*name="de"/);
    expect(html).toMatch(/<input type="hidden" name="acao" value="news.created"\/>/);
  });
});

describe("/dashboard/auditoria: paging (keyset, 50 per page)", () => {
  it("walks 120 entries as 50 + 50 + 20, newest first, without repeats, and back", async () => {
    const seen: string[] = [];
    let url: string | null = "/dashboard/auditoria?acao=partner.updated";
    const sizes: number[] = [];
    const pages: string[] = [];
    while (url) {
      const res = await admin.get(url);
      expect(res.status).toBe(200);
      const html = await res.text();
      pages.push(html);
      const list = entries(html);
      sizes.push(list.length);
      for (const e of list) seen.push(/parceiro-\d{3}/.exec(e.text)![0]);
      url = link(html, "next");
    }
    expect(sizes).toEqual([50, 50, 20]);
    expect(new Set(seen).size).toBe(PAGED);
    // Newest first: later seconds first, and within one second the later insert (higher id) first.
    const expected = Array.from({ length: PAGED }, (_, i) => `parceiro-${String(PAGED - 1 - i).padStart(3, "0")}`);
    expect(seen).toEqual(expected);
    expect(link(pages[0], "prev")).toBeNull();
    // "Mais recentes" from the last page gives the second page again.
    const back = link(pages[2], "prev")!;
    expect(back.startsWith("/dashboard/auditoria?")).toBe(true);
    const again = await (await admin.get(back)).text();
    expect(entries(again).map((e) => e.text)).toEqual(entries(pages[1]).map((e) => e.text));
  });
});

describe("/dashboard/auditoria: bad filters", () => {
  const cases: Array<[string, string]> = [
    ["acao=member.hacked", AUDIT_MESSAGES.action],
    ["tipo=senhas", AUDIT_MESSAGES.entityType],
    ["de=31/02/2026", AUDIT_MESSAGES.from],
    ["ate=amanha", AUDIT_MESSAGES.to],
    ["de=2026-03-20&ate=2026-03-01", AUDIT_MESSAGES.range],
    ["antes=abc", AUDIT_MESSAGES.cursor],
    ["antes=1.1&depois=1.1", AUDIT_MESSAGES.cursor],
    [`pessoa=${"x".repeat(65)}`, AUDIT_MESSAGES.person],
    ["pessoa=a%00b", FORM_MESSAGES.controlCharacters],
    ["registro=a%1Bb", FORM_MESSAGES.controlCharacters],
    [`registro=${"9".repeat(101)}`, AUDIT_MESSAGES.entityId],
    ["antes=99999999999999999999.1", AUDIT_MESSAGES.cursor],
  ];
  it("answer 400 with the pt-BR message and the form, never a 500", async () => {
    for (const [query, message] of cases) {
      const res = await admin.get(`/dashboard/auditoria?${query}`);
      expect(res.status, query).toBe(400);
      // A NUL in the address is refused before any route, with its own page (ADR 189); in the
      // export's form body it is the form's control-character message (below).
      if (query.includes("%00")) {
        expect(plain(await res.text()), query).toContain(BAD_ADDRESS_MESSAGES.text);
        continue;
      }
      const text = plain(await res.text());
      expect(text, query).toContain(AUDIT_MESSAGES.invalidFilters);
      expect(text, query).toContain(message);
      expect(text, query).toContain("Filtrar");
    }
  });

  it("the export refuses them too, and writes nothing", async () => {
    const before = await auditCount();
    for (const [query, message] of cases) {
      const res = await admin.post("/dashboard/auditoria/exportar", Object.fromEntries(new URLSearchParams(query)));
      expect(res.status, query).toBe(400);
      expect(await res.text(), query).toContain(message);
    }
    expect(await auditCount()).toBe(before);
  });
});

describe("CSV export", () => {
  it("gives the filtered entries as UTF-8 CSV with BOM and pt-BR headers, and is itself audited", async () => {
    const before = await auditCount();
    const res = await admin.post("/dashboard/auditoria/exportar", { acao: "partner.updated", de: "2026-02-01" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="auditoria-\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''auditoria-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parse(Buffer.from(bytes), { bom: true, delimiter: ";" }) as string[][];
    expect(rows[0]).toEqual([...EXPORT_HEADERS]);
    expect(rows).toHaveLength(PAGED + 1);
    const first = rows[1];
    expect(first[0]).toBe("01/02/2026 09:00:02");
    expect(first[1]).toBe(secretaria.name);
    expect(first[2]).toBe(secretaria.username);
    expect(first[3]).toBe("Parceiro alterado");
    expect(first[4]).toBe("partner.updated");
    expect(first[5]).toBe("Parceiro");
    expect(first[6]).toBe("parceiro-119");
    expect(first[7]).toBe("Nome: Parceiro 119; Campos alterados: Nome; Logotipo (arquivo): —");

    expect(await auditCount()).toBe(before + 1);
    const [entry] = await t.query<{ actor_username: string; action: string; entity_type: string; data: unknown }>`
      select actor_username, action, entity_type, data from audit_log order by id desc limit 1`;
    expect(entry.actor_username).toBe(adminUser.username);
    expect(entry.action).toBe("audit.exported");
    expect(entry.entity_type).toBe("audit_log");
    const data = typeof entry.data === "string" ? JSON.parse(entry.data) : entry.data;
    expect(data).toEqual({ filters: { action: "partner.updated", from: "2026-02-01" }, rows: PAGED });

    // The export shows on the screen, its filters labelled.
    const page = entries(await (await admin.get("/dashboard/auditoria?acao=audit.exported")).text());
    expect(page[0].text).toContain("Registro de auditoria exportado (CSV)");
    expect(page[0].text).toContain("Parceiro alterado");
    expect(page[0].text).toContain("Linhas exportadas 120");
  });

  it("defuses spreadsheet formulas in the cells", async () => {
    await createAuditEntry(t.db, {
      actor: null,
      action: "partner.deleted",
      entityId: "formula-1",
      data: { name: '=HYPERLINK("http://x")', category: "Apoio" },
    });
    const res = await admin.post("/dashboard/auditoria/exportar", { registro: "formula-1" });
    const rows = parse(Buffer.from(await res.arrayBuffer()), { bom: true, delimiter: ";" }) as string[][];
    expect(rows).toHaveLength(2);
    expect(rows[1][7].startsWith("'") || !rows[1][7].startsWith("=")).toBe(true);
    expect(rows[1][7]).toContain('Nome: =HYPERLINK("http://x")');
  });

  it("a GET of the export URL goes back to the screen with the same filters", async () => {
    const res = await admin.get("/dashboard/auditoria/exportar?acao=news.created");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/dashboard/auditoria?acao=news.created");
  });
});

describe("who may see and export the log", () => {
  it("every role but admin gets 403 on the screen and the export, and nothing is written", async () => {
    const clients = new Map<string, Client>();
    for (const role of ROLES.filter((r) => r !== "admin")) clients.set(role, await t.login(role));
    const before = await auditCount();
    for (const [role, c] of clients) {
      const page = await c.get("/dashboard/auditoria");
      expect(page.status, role).toBe(403);
      const html = plain(await page.text());
      expect(html, role).toContain(MESSAGES.adminOnly.message);
      expect(html, role).not.toContain("Filtrar");
      expect((await c.get("/dashboard/auditoria.data")).status, role).toBe(403);
      const exp = await c.post("/dashboard/auditoria/exportar", { acao: "partner.updated" });
      expect(exp.status, role).toBe(403);
      expect(await exp.text(), role).not.toContain("partner.updated");
      expect((await c.get("/dashboard/auditoria/exportar")).status, role).toBe(403);
      expect(await (await c.get(`/dashboard/${role}`)).text(), role).not.toContain('href="/dashboard/auditoria"');
    }
    expect(await auditCount()).toBe(before);
  });

  it("sends a signed-out visitor to the login, and writes nothing", async () => {
    const before = await auditCount();
    const res = await t.anonymous().get("/dashboard/auditoria?acao=login");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent("/dashboard/auditoria?acao=login")}`);
    const exp = await t.anonymous().post("/dashboard/auditoria/exportar", {});
    expect([302, 403]).toContain(exp.status);
    expect(await auditCount()).toBe(before);
  });

  it("lists the screen in the admin's sidebar", async () => {
    const html = await (await admin.get("/dashboard/auditoria")).text();
    expect(html).toContain('href="/dashboard/auditoria"');
  });
});

describe("what the log never holds", () => {
  it("after a full flow (sign-ins, a failed one, a user created, a password set), no entry holds a secret key or a password", async () => {
    const password = "Segredo@Fluxo2026";
    const other = "Outra@Senha2026";
    const bad = await t.anonymous().post("/login", { username: adminUser.username, password: "Errada@123456" });
    expect(bad.status).toBe(401);
    const created = await admin.post("/dashboard/admin/users", {
      intent: "create",
      username: "fluxo.auditoria",
      name: "Fluxo Auditoria",
      email: "fluxo.auditoria@example.com",
      role: "campo",
      password,
    });
    expect([200, 204]).toContain(created.status);
    const [user] = await t.query<{ id: string }>`select id from users where username = 'fluxo.auditoria'`;
    expect(user).toBeDefined();
    const set = await admin.post("/dashboard/admin/users", {
      intent: "set-password",
      id: user.id,
      password: other,
      confirmPassword: other,
    });
    expect([200, 204]).toContain(set.status);
    await (await t.login({ username: "fluxo.auditoria", password: other })).post("/logout", {});

    const rows = await t.query<{ action: string; data: unknown }>`select action, data from audit_log`;
    const forbidden = new Set<string>([...SECRET_KEYS]);
    const complaintOnly = new Set<string>([...COMPLAINT_TEXT_KEYS]);
    const keys = (v: unknown, out: string[] = []): string[] => {
      if (Array.isArray(v)) v.forEach((x) => keys(x, out));
      else if (v && typeof v === "object")
        for (const [k, x] of Object.entries(v)) {
          out.push(k);
          keys(x, out);
        }
      return out;
    };
    for (const r of rows) {
      const data = typeof r.data === "string" ? JSON.parse(r.data) : r.data;
      const json = JSON.stringify(data);
      expect(json, r.action).not.toContain(password);
      expect(json, r.action).not.toContain(other);
      expect(json, r.action).not.toContain("Errada@123456");
      for (const k of keys(data)) {
        expect(forbidden.has(k), `${r.action}: ${k}`).toBe(false);
        if (r.action.startsWith("complaint.")) expect(complaintOnly.has(k), `${r.action}: ${k}`).toBe(false);
      }
    }
    const actions = new Set(rows.map((r) => r.action));
    for (const a of ["login", "login.failed", "user.created", "user.password_set", "logout"]) expect(actions, a).toContain(a);
  });
});

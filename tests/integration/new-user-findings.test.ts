import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../support/suite";
import { clientFrom as forwardedClient } from "../support/forwarded-client";
import { createAgreementMix } from "../support/scenarios";
import { brasiliaDateFromToday as dayFromToday } from "~/db/factories/finance";
import { CONTACT_MESSAGES } from "~/domain/contacts/contact.schema";
import { STATUS_LABELS, UPCOMING_LABEL } from "~/domain/agreements/agreement-messages";
import { NOT_FOUND_MESSAGES } from "~/components/layout/not-found-content";
import { decodeHtml as decode } from "../support/html";

/**
 * Issue 13, item 1.9: what a new user ran into. The server has no SMTP_URL (mail goes to the
 * outbox, as on a fresh install) and sits behind one proxy hop, so each test speaks from its
 * own address.
 */

const t = useTestServer({ env: { TRUST_PROXY: "1", SMTP_URL: "" } });

const clientFrom = (ip: string) => forwardedClient(t.url, ip);

describe("an office of 20 people behind one address", () => {
  const OFFICE = "198.51.100.200";
  let password: string;

  beforeAll(async () => {
    // 20 staff accounts with one password (its hash copied from a factory user's).
    const model = await t.user("secretaria");
    password = model.password;
    await t.query`
      insert into users (username, name, email, role, password_hash)
      select 'escritorio' || i, 'Pessoa do Escritório ' || i, 'escritorio' || i || '@exemplo.com', 'secretaria', password_hash
        from users, generate_series(1, 20) as i where username = ${model.username}`;
  });

  it("logs in and out all day (20 users × 3 rounds = 60 logins) without a 429", async () => {
    const statuses: string[] = [];
    for (let round = 1; round <= 3; round++) {
      for (let i = 1; i <= 20; i++) {
        const c = clientFrom(OFFICE);
        const login = await c.post("/login", { username: `escritorio${i}`, password });
        if (login.status !== 302) statuses.push(`rodada ${round}, escritorio${i}: login ${login.status}`);
        const logout = await c.post("/logout", {});
        if (logout.status !== 302) statuses.push(`rodada ${round}, escritorio${i}: logout ${logout.status}`);
      }
    }
    expect(statuses).toEqual([]);
  }, 180_000);

  it("failures from that address are still limited: the 51st attempt gets 429, even with the right password", async () => {
    const failed: number[] = [];
    for (let i = 0; i < 50; i++) {
      // A different unknown account each time: only the per-address limit can stop these.
      const res = await clientFrom(OFFICE).post("/login", { username: `tentativa-${randomBytes(4).toString("hex")}`, password: "errada" });
      failed.push(res.status);
    }
    expect(failed).toEqual(Array(50).fill(401));
    expect((await clientFrom(OFFICE).post("/login", { username: "escritorio1", password })).status).toBe(429);
    // Another address is not affected.
    expect((await clientFrom("198.51.100.201").post("/login", { username: "escritorio1", password })).status).toBe(302);
  }, 120_000);

  it("the per-account limit stays: 10 failures on one account from 10 addresses, then even the right password is refused", async () => {
    for (let i = 0; i < 10; i++) {
      expect((await clientFrom(`198.51.100.${210 + i}`).post("/login", { username: "escritorio2", password: `errada-${i}` })).status).toBe(
        401,
      );
    }
    expect((await clientFrom("198.51.100.230").post("/login", { username: "escritorio2", password })).status).toBe(429);
  }, 60_000);
});

describe("a contact reply without SMTP says what really happened", () => {
  it("the mail went to the outbox: the answer is recorded and the message says it was not e-mailed", async () => {
    const [m] = await t.query<{ id: string }>`
      insert into contact_messages (name, email, phone, subject, message, sector, status, consent_at)
      values ('Pessoa Sem SMTP', 'sem.smtp@example.com', null, 'Dúvida', 'Mensagem de teste.', 'secretaria', 'pending', now())
      returning id`;
    const staff = await t.login("secretaria");
    const res = await staff.post("/dashboard/contatos/secretaria", {
      intent: "reply",
      id: m.id,
      reply: "Resposta gravada na caixa de saída.",
    });
    expect(res.status).toBe(200);
    const html = decode(await res.text());
    expect(html).toContain(CONTACT_MESSAGES.replyOutbox);
    expect(html).not.toContain(CONTACT_MESSAGES.replySent);
    // A warning (the toast's amber triangle), not a success's check; in words staff know.
    expect(html).toMatch(/\\?"tone\\?",\\?"warning\\?"/);
    expect(CONTACT_MESSAGES.replyOutbox).not.toContain("SMTP");
    const [row] = await t.query<{ status: string }>`select status from contact_messages where id = ${m.id}`;
    expect(row.status).toBe("replied");
    // The card under it says the answer was registered, not that it was sent.
    const detail = decode(await (await staff.get(`/dashboard/contatos/secretaria?id=${m.id}`)).text());
    const replies = /data-testid="contact-replies"[\s\S]*?<\/section>/.exec(detail)?.[0] ?? "";
    expect(replies.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ")).toMatch(/Resposta registrada Por .+ em \d{2}\/\d{2}\/\d{4}/);
    expect(detail).not.toContain("Resposta enviada");
  });
});

describe("collective agreements as a visitor reads them", () => {
  beforeAll(async () => {
    await createAgreementMix(t.db);
  });

  /** The badge shown on the public card of `title`. */
  function badgeOf(html: string, title: string) {
    const card = html.slice(html.indexOf(`>${title}<`) - 2000, html.indexOf(`>${title}<`) + 4000);
    return /data-testid="agreement-status"[^>]*>(?:<svg[\s\S]*?<\/svg>)?([^<]+)</.exec(card)?.[1];
  }

  it("one whose validity starts in the future reads 'A vigorar', and the public 'Vigentes' filter still lists it", async () => {
    const admin = await t.login("admin");
    const fd = new FormData();
    for (const [k, v] of Object.entries({
      intent: "create",
      title: "Convenção que ainda vai vigorar",
      description: "Assinada, com vigência a partir do mês que vem.",
      company: "Empresa Futura Ltda.",
      validFrom: dayFromToday(30),
      validTo: dayFromToday(400),
      isPublic: "on",
    }))
      fd.set(k, v);
    expect((await admin.post("/dashboard/admin/agreements", fd)).status).toBe(200);

    const all = decode(await (await fetch(`${t.url}/convencoes`)).text());
    expect(badgeOf(all, "Convenção que ainda vai vigorar")).toBe(UPCOMING_LABEL);
    expect(UPCOMING_LABEL).toBe("A vigorar");
    const active = decode(await (await fetch(`${t.url}/convencoes?status=vigente`)).text());
    expect(active).toContain("Convenção que ainda vai vigorar");
    expect(badgeOf(active, "Convenção que ainda vai vigorar")).toBe(UPCOMING_LABEL);
    // One already in force keeps 'Vigente'.
    const year = Number(dayFromToday(0).slice(0, 4));
    expect(badgeOf(all, `Convenção Coletiva de Trabalho ${year}/${year + 1}`)).toBe(STATUS_LABELS.active);
    // Staff see the same.
    const staff = decode(await (await admin.get("/dashboard/admin/agreements")).text());
    expect(staff).toContain(UPCOMING_LABEL);
  });

  it("an agreement downloads with a readable name: 'YYYY-YYYY', not 'YYYYYYYY'", async () => {
    const year = Number(dayFromToday(0).slice(0, 4));
    const [row] = await t.query<{
      id: string;
    }>`select id from agreements where title = ${`Convenção Coletiva de Trabalho ${year}/${year + 1}`}`;
    const res = await fetch(`${t.url}/convencoes/${row.id}/pdf`);
    expect(res.status).toBe(200);
    const disposition = res.headers.get("content-disposition")!;
    expect(disposition).toContain(`${year}-${year + 1}.pdf`);
    expect(disposition).not.toContain(`${year}${year + 1}`);
    expect(disposition).toMatch(/filename="convencao-coletiva-de-trabalho-\d{4}-\d{4}\.pdf"/);
  });

  it("does not offer a 'Rascunhos' filter (drafts are never public); ?status=rascunho shows every public agreement", async () => {
    const html = decode(await (await fetch(`${t.url}/convencoes`)).text());
    expect(html).toContain('value="vigente"');
    expect(html).toContain('value="expirada"');
    expect(html).not.toContain('value="rascunho"');
    expect(html).not.toContain("Rascunhos");
    const drafts = decode(await (await fetch(`${t.url}/convencoes?status=rascunho`)).text());
    const count = (s: string) => /Exibindo (\d+) de (\d+) convenções/.exec(s)?.slice(1);
    expect(count(drafts)).toEqual(count(html));
  });
});

describe("the 404 page", () => {
  it("keeps 'Oops! Page not found' and adds a pt-BR line and links", async () => {
    for (const path of ["/pagina-que-nao-existe", "/convencoes/extra/coisa"]) {
      const res = await fetch(t.url + path);
      expect(res.status).toBe(404);
      const html = decode(await res.text());
      expect(html).toContain("Oops! Page not found");
      expect(html).toContain(NOT_FOUND_MESSAGES.line);
      for (const href of ['href="/"', 'href="/convencoes"', 'href="/noticias"', 'href="/contato"']) expect(html, href).toContain(href);
    }
  });
});

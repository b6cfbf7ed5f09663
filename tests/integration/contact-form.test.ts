import { beforeEach, describe, expect, it } from "vitest";
import { useTestServer } from "../support/suite";
import { Client } from "../support/http";
import { CONTACT_FIELD_MESSAGES, CONTACT_MESSAGES } from "~/domain/contacts/contact.schema";
import { CONTACT_SECTOR_LABELS } from "~/domain/contacts/contact-sectors";
import { CONTACT_SECTORS } from "~/auth/scopes";
import { RATE_LIMITS } from "~/utils/rate-limit.server";
import { DEFAULT_CONTENT } from "~/domain/content/institutional";

/**
 * The public 'Fale Conosco' form over real HTTP, posted as a browser without JavaScript
 * would (application/x-www-form-urlencoded, then follow the redirect).
 */
const t = useTestServer();
const visitor = () => t.anonymous();
beforeEach(async () => {
  // Every post counts against the per-address limit; each test starts with a fresh counter.
  await t.query`delete from rate_limits where key like 'contactForm:%'`;
});

const valid = (overrides: Record<string, string> = {}) => ({
  name: "Beatriz Fontes",
  email: "Beatriz.Fontes@Example.com",
  phone: "",
  subject: "Dúvida sobre a convenção",
  message: "Gostaria de saber quando a nova convenção coletiva entra em vigor.",
  sector: "juridico",
  consent: "yes",
  website: "",
  ...overrides,
});

async function countMessages() {
  const [{ n }] = await t.query<{ n: number }>`select count(*)::int as n from contact_messages`;
  return n;
}

/** React escapes these in text nodes; the messages are compared as the HTML shows them. */
function html(text: string) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

describe("GET /contato", () => {
  it("renders the form, the sectors, the consent link, the honeypot and the union's contact details", async () => {
    const res = await visitor().get("/contato");
    expect(res.status).toBe(200);
    const body = await res.text();
    for (const name of ["name", "email", "phone", "subject", "message", "consent", "website"]) expect(body).toContain(`name="${name}"`);
    for (const sector of CONTACT_SECTORS) {
      expect(body).toContain(`value="${sector}"`);
      expect(body).toContain(html(CONTACT_SECTOR_LABELS[sector]));
    }
    const form = /<form[^>]*>/.exec(body.slice(body.indexOf('id="formulario"')))![0];
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/contato"');
    expect(body).toContain('href="/privacidade"');
    expect(body).toContain(DEFAULT_CONTENT.address);
    expect(body).toContain(DEFAULT_CONTENT.phones[0]);
    expect(body).toContain(DEFAULT_CONTENT.email);
    expect(body).toContain(DEFAULT_CONTENT.hours);
    expect(body).toContain("<title>Fale Conosco | ");
    expect(body).toMatch(/<link rel="canonical" href="[^"]*\/contato"/);
    expect(body).toContain('property="og:title"');
  });

  it("opens with a subject or sector chosen by the link that led here", async () => {
    const body = await (await visitor().get("/contato?assunto=Seja%20um%20Parceiro&setor=presidencia")).text();
    expect(body).toContain('value="Seja um Parceiro"');
    const radios = body.match(/<input[^>]*name="sector"[^>]*>/g) ?? [];
    expect(radios).toHaveLength(6);
    expect(radios.filter((r) => /\schecked=""/.test(r))).toEqual([expect.stringContaining('value="presidencia"')]);
    const ignored = await (await visitor().get("/contato?setor=homologacao")).text();
    expect((ignored.match(/<input[^>]*name="sector"[^>]*>/g) ?? []).filter((r) => /\schecked=""/.test(r))).toEqual([]);
  });
});

describe("POST /contato without JavaScript", () => {
  it("stores a valid message, redirects and shows the original's success message; an empty phone is null", async () => {
    const before = await countMessages();
    const c = visitor();
    const res = await c.post("/contato", valid());
    expect(res.status).toBe(302);
    const location = res.headers.get("location")!;
    expect(location).toBe("/contato?enviado=1#formulario");
    const page = await c.get(location.replace(/#.*/, ""));
    const body = await page.text();
    expect(body).toContain(CONTACT_MESSAGES.sent);
    expect(body).toContain("Mensagem enviada com sucesso! Em breve entraremos em contato.");
    // The form comes back empty.
    expect(body).not.toContain('value="Beatriz Fontes"');

    expect(await countMessages()).toBe(before + 1);
    const [row] = await t.query<Record<string, unknown>>`
      select name, email, phone, subject, message, sector, status, reply_message, replied_by,
             consent_at, extract(epoch from (now() - consent_at)) as consent_age
      from contact_messages where name = 'Beatriz Fontes'`;
    expect(row).toMatchObject({
      name: "Beatriz Fontes",
      email: "beatriz.fontes@example.com",
      phone: null,
      subject: "Dúvida sobre a convenção",
      sector: "juridico",
      status: "pending",
      reply_message: null,
      replied_by: null,
    });
    expect(row.consent_at).not.toBeNull();
    expect(Math.abs(Number(row.consent_age))).toBeLessThan(60);
  });

  it("stores a Brazilian phone in one format, whatever the visitor typed", async () => {
    const res = await visitor().post("/contato", valid({ name: "Caio Lemos", phone: "+55 61 98765 4321" }));
    expect(res.status).toBe(302);
    const [row] = await t.query<{ phone: string }>`select phone from contact_messages where name = 'Caio Lemos'`;
    expect(row.phone).toBe("(61) 98765-4321");
  });

  it("answers an empty form with 400 and every field's pt-BR message, storing nothing", async () => {
    const before = await countMessages();
    const res = await visitor().post("/contato", { name: "", email: "", phone: "", subject: "", message: "", website: "" });
    expect(res.status).toBe(400);
    const body = await res.text();
    expect(body).toContain(CONTACT_MESSAGES.invalidForm);
    for (const m of [
      CONTACT_FIELD_MESSAGES.nameRequired,
      CONTACT_FIELD_MESSAGES.emailRequired,
      CONTACT_FIELD_MESSAGES.subjectRequired,
      CONTACT_FIELD_MESSAGES.messageRequired,
      CONTACT_FIELD_MESSAGES.sectorRequired,
      CONTACT_FIELD_MESSAGES.consentRequired,
    ]) {
      expect(body).toContain(html(m));
    }
    expect(body).toContain("Nome é obrigatório.");
    expect(body).not.toContain(html(CONTACT_FIELD_MESSAGES.phoneInvalid));
    expect(await countMessages()).toBe(before);
  });

  it("refuses a bad e-mail and a bad phone, keeping what the visitor typed", async () => {
    const before = await countMessages();
    const res = await visitor().post("/contato", valid({ email: "beatriz@", phone: "1234" }));
    expect(res.status).toBe(400);
    const body = await res.text();
    expect(body).toContain(html(CONTACT_FIELD_MESSAGES.emailInvalid));
    expect(body).toContain(html(CONTACT_FIELD_MESSAGES.phoneInvalid));
    expect(body).not.toContain(html(CONTACT_FIELD_MESSAGES.nameRequired));
    expect(body).toContain('value="Beatriz Fontes"');
    expect(body).toContain("Gostaria de saber quando a nova convenção coletiva entra em vigor.");
    expect(await countMessages()).toBe(before);
  });

  it("requires consent", async () => {
    const before = await countMessages();
    const fields: Record<string, string> = valid();
    delete fields.consent;
    const res = await visitor().post("/contato", fields);
    expect(res.status).toBe(400);
    const body = await res.text();
    expect(body).toContain(html(CONTACT_FIELD_MESSAGES.consentRequired));
    expect(body).not.toContain(html(CONTACT_FIELD_MESSAGES.nameRequired));
    expect(await countMessages()).toBe(before);
  });

  it("refuses a sector that is not a contact sector", async () => {
    const res = await visitor().post("/contato", valid({ sector: "homologacao" }));
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(html(CONTACT_FIELD_MESSAGES.sectorRequired));
  });

  it("accepts a filled honeypot like a success and stores nothing", async () => {
    const before = await countMessages();
    const res = await visitor().post("/contato", valid({ name: "Robô Spam", website: "http://spam.example.com" }));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/contato?enviado=1#formulario");
    expect(await countMessages()).toBe(before);
    const rows = await t.query`select id from contact_messages where name = 'Robô Spam'`;
    expect(rows).toHaveLength(0);
  });

  it("rate limits posts per address with a clear 429 and stores nothing more", async () => {
    const max = RATE_LIMITS.contactForm.max;
    const c = visitor();
    for (let i = 0; i < max; i++) {
      const res = await c.post("/contato", { name: "" });
      expect(res.status).toBe(400);
    }
    const before = await countMessages();
    const res = await c.post("/contato", valid({ name: "Décima Primeira" }));
    expect(res.status).toBe(429);
    const body = await res.text();
    expect(body).toContain("Você enviou muitas mensagens em pouco tempo.");
    expect(body).toMatch(/aguarde \d+ minutos? e tente novamente/);
    expect(await countMessages()).toBe(before);
    // The counter key is a keyed hash: the address itself is not stored.
    const keys = await t.query<{ key: string }>`select key from rate_limits where key like 'contactForm:%'`;
    expect(keys.length).toBe(1);
    expect(keys[0].key).not.toContain("127.0.0.1");
  });

  it("says 'Erro ao enviar mensagem. Tente novamente.' when the message cannot be stored", async () => {
    await t.query`alter table contact_messages add constraint contact_test_block check (false) not valid`;
    // The server runs in this process: capture its error log to check what it says.
    const logged: string[] = [];
    const original = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      logged.push(String(chunk));
      return (original as (...a: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof process.stderr.write;
    try {
      const res = await visitor().post("/contato", valid({ name: "Sem Banco" }));
      expect(res.status).toBe(500);
      const body = await res.text();
      expect(body).toContain(CONTACT_MESSAGES.sendError);
      expect(body).toContain("Erro ao enviar mensagem. Tente novamente.");
      // What the visitor typed is still there to send again.
      expect(body).toContain('value="Sem Banco"');
    } finally {
      process.stderr.write = original;
      await t.query`alter table contact_messages drop constraint contact_test_block`;
    }
    const errorLines = logged
      .join("")
      .split("\n")
      .filter((l) => l.includes(CONTACT_MESSAGES.sendError));
    expect(errorLines.length).toBeGreaterThan(0);
    // The failure is logged without what the visitor wrote.
    for (const line of errorLines) {
      expect(line).not.toContain("Sem Banco");
      expect(line).not.toContain("beatriz.fontes@example.com");
    }
    expect(await t.query`select id from contact_messages where name = 'Sem Banco'`).toHaveLength(0);
  });

  it("refuses a cross-site post", async () => {
    const c = new Client(t.url, "https://evil.example.com");
    const before = await countMessages();
    const res = await c.post("/contato", valid({ name: "Cross Site" }));
    expect(res.status).toBe(403);
    expect(await countMessages()).toBe(before);
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { ROLES } from "~/auth/roles";
import { createMember, type MemberRow } from "~/db/factories/members";
import { createServiceRecordRow } from "~/db/factories/services";
import { DEMO_MEMBER } from "~/db/seed/members.server";
import { MEMBER_AREA_AUTHOR, MY_SERVICES_MESSAGES } from "~/domain/member-area/my-services";
import { ATTACHMENT_MESSAGES } from "~/domain/service-records/attachments";
import { Client } from "../support/http";
import { memberSession } from "../support/member-area";
import { multipartBody } from "../support/multipart";
import { useTestServer } from "../support/suite";
import { plainPng, tinyPdf } from "../fixtures/complaint-files";
import { visibleText } from "../support/html";
import { postConsulta } from "../support/service-records";

/**
 * "Meus atendimentos" over HTTP (issue 23 §3, ADR 274): the member's own records only (linked by
 * member id, or unlinked with their CPF; never an anonymous complaint), the consulta's public view
 * (internal comments and files stay internal), a comment and a file landing in the history as the
 * requester's, closed records refusing them, another member's protocol a 404 (IDOR, two members),
 * staff and signed-out visitors sent to the member sign-in, cross-site posts refused, and the demo
 * member's records in the demo seed.
 */
const t = useTestServer({ seed: ["users", "members", "services"], env: { APP_URL: "https://sindicato.example", TRUST_PROXY: "1" } });

let ipSeq = 0;
const PUBLIC_NOTE = "Recebemos a documentação e encaminhamos ao jurídico.";
const INTERNAL_NOTE = "Nota interna: a empresa deve três meses de FGTS.";
const INTERNAL_FILE = "parecer-interno.pdf";

let ana: MemberRow;
let bruno: MemberRow;
const rec = { anaOpen: "", anaOpenId: "", anaByCpf: "", anaClosed: "", anaAnon: "", brunoOpen: "", brunoOpenId: "", brunoWithAnaCpf: "" };

async function entry(recordId: string, textValue: string, isPublic: boolean, kind = "comment") {
  await t.query`insert into service_record_entries (record_id, kind, author_name, responsible_name, old_status, new_status, text, is_public)
    select id, ${kind}, 'Servidora Secretaria', 'Servidora Secretaria', status, status, ${textValue}, ${isPublic} from service_records where id = ${recordId}`;
}

beforeAll(async () => {
  ana = await createMember(t.db, { name: "Ana Paula Meireles", email: "ana.meireles@exemplo.com.br", situation: 1, status: "ativo" });
  bruno = await createMember(t.db, { name: "Bruno Costa Rangel", email: "bruno.rangel@exemplo.com.br", situation: 1, status: "ativo" });
  const mine = { requesterName: ana.name, requesterCpf: ana.cpf, requesterEmail: ana.email };
  const responsible = await t.user("secretaria");
  const open = await createServiceRecordRow(t.db, {
    ...mine,
    memberId: ana.id,
    sector: "secretaria",
    status: "in_progress",
    responsibleId: responsible.id,
  });
  rec.anaOpen = open.protocol;
  rec.anaOpenId = open.id;
  await entry(open.id, PUBLIC_NOTE, true);
  await entry(open.id, INTERNAL_NOTE, false);
  // A staff attachment kept internal.
  const secretaria = await t.login("secretaria");
  const att = await secretaria.post(
    `/dashboard/atendimento/${open.id}/anexos`,
    multipartBody({ intent: "attach" }, "arquivo", { bytes: tinyPdf(), name: INTERNAL_FILE, type: "application/pdf" }),
  );
  expect(att.status).toBe(200);
  // Opened before she joined: her CPF, no link.
  rec.anaByCpf = (await createServiceRecordRow(t.db, { ...mine, memberId: null, sector: "juridico" })).protocol;
  rec.anaClosed = (await createServiceRecordRow(t.db, { ...mine, memberId: ana.id, sector: "homologacao", status: "closed" })).protocol;
  rec.anaAnon = (
    await createServiceRecordRow(t.db, {
      recordType: "denuncia_anonima",
      requesterName: "Anônimo",
      requesterCpf: null,
      memberId: ana.id,
      sector: "presidencia",
    })
  ).protocol;
  const b = await createServiceRecordRow(t.db, {
    requesterName: bruno.name,
    requesterCpf: bruno.cpf,
    memberId: bruno.id,
    sector: "financeiro",
  });
  rec.brunoOpen = b.protocol;
  rec.brunoOpenId = b.id;
  await entry(b.id, "Mensagem pública ao Bruno sobre o acordo.", true);
  // Linked to Bruno though it carries Ana's CPF: the link decides.
  rec.brunoWithAnaCpf = (
    await createServiceRecordRow(t.db, { requesterName: bruno.name, requesterCpf: ana.cpf, memberId: bruno.id })
  ).protocol;
});

const comment = (c: Client, protocol: string, fields: Record<string, string>, file?: { bytes: Buffer; name: string; type?: string }) =>
  c.post(`/filiado/atendimentos/${protocol}`, multipartBody({ intent: "comment", ...fields }, "arquivo", file, "application/octet-stream"));

describe("the member's list and a record's page", () => {
  it("lists her own records (linked, or unlinked with her CPF), never an anonymous complaint nor another member's", async () => {
    const a = await memberSession(t, ana.id);
    const res = await a.get("/filiado/atendimentos");
    expect(res.status).toBe(200);
    const page = visibleText(await res.text());
    for (const p of [rec.anaOpen, rec.anaByCpf, rec.anaClosed]) expect(page, p).toContain(p);
    for (const p of [rec.anaAnon, rec.brunoOpen, rec.brunoWithAnaCpf]) expect(page, p).not.toContain(p);
    expect(page).toContain("Em Andamento");
    expect(page).toContain("Prazo previsto");
    expect(page).toContain("Secretaria");
    const b = visibleText(await (await (await memberSession(t, bruno.id)).get("/filiado/atendimentos")).text());
    expect(b).toContain(rec.brunoOpen);
    expect(b).toContain(rec.brunoWithAnaCpf);
    expect(b).not.toContain(rec.anaOpen);
  });

  it("shows the consulta's public view: public comments, never the internal ones nor internal files", async () => {
    const a = await memberSession(t, ana.id);
    const html = await (await a.get(`/filiado/atendimentos/${rec.anaOpen}`)).text();
    const page = visibleText(html);
    expect(page).toContain(PUBLIC_NOTE);
    expect(page).toContain("Equipe do Sindicato");
    expect(html).not.toContain(INTERNAL_NOTE);
    expect(html).not.toContain(INTERNAL_FILE);
    expect(html).not.toContain("anexou");
    expect(html).not.toContain(ana.cpf!);
    expect(html).toContain('data-testid="my-service-comment"');
    // The same entries as the public consulta (protocol + the CPF's last four digits).
    const consulta = await postConsulta(t, rec.anaOpen, ana.cpf!.slice(-4), `198.18.40.${++ipSeq}`);
    const cHtml = consulta.html;
    expect(consulta.status).toBe(200);
    const entries = (h: string) =>
      [...h.matchAll(/data-testid="consulta-entry"[\s\S]*?<\/li>/g)].map((m) => visibleText(m[0]).replace(/\d\d:\d\d/g, ""));
    expect(entries(html).length).toBeGreaterThan(0);
    expect(entries(html)).toEqual(entries(cHtml));
  });

  it("IDOR: another member's protocol, an anonymous complaint and an unknown protocol are the same 404, for reading and posting", async () => {
    const a = await memberSession(t, ana.id);
    const b = await memberSession(t, bruno.id);
    for (const p of [rec.brunoOpen, rec.brunoWithAnaCpf, rec.anaAnon, "SIND20000101000000", "nada", "SIND' or 1=1--"]) {
      const res = await a.get(`/filiado/atendimentos/${encodeURIComponent(p)}`);
      expect(res.status, p).toBe(404);
      const body = await res.text();
      expect(body, p).not.toContain("Mensagem pública ao Bruno");
    }
    expect((await b.get(`/filiado/atendimentos/${rec.anaOpen}`)).status).toBe(404);
    expect((await b.get(`/filiado/atendimentos/${rec.brunoOpen}`)).status).toBe(200);
    const before = await t.count("service_record_entries");
    const files = await t.count("files");
    const res = await comment(a, rec.brunoOpen, { texto: "Tentando comentar no do Bruno." }, { bytes: tinyPdf(), name: "x.pdf" });
    expect(res.status).toBe(404);
    expect(await t.count("service_record_entries")).toBe(before);
    expect(await t.count("files")).toBe(files);
  });
});

describe("commenting and attaching as the requester", () => {
  it("a comment lands in the history as the requester's (public, like her own words), audited as the member", async () => {
    const a = await memberSession(t, ana.id);
    const res = await comment(a, rec.anaOpen, { texto: "Já enviei o contracheque por e-mail. Obrigada!" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(MY_SERVICES_MESSAGES.sent);
    const [e] = await t.query<{ kind: string; author_id: string | null; author_name: string; is_public: boolean; text: string }>`
      select kind, author_id, author_name, is_public, text from service_record_entries
       where record_id = ${rec.anaOpenId} order by id desc limit 1`;
    expect(e).toEqual({
      kind: "reply",
      author_id: null,
      author_name: MEMBER_AREA_AUTHOR,
      is_public: true,
      text: "Já enviei o contracheque por e-mail. Obrigada!",
    });
    const [audit] = await t.query<{ actor_id: string; actor_username: string; entity_id: string; data: Record<string, unknown> }>`
      select actor_id, actor_username, entity_id, data from audit_log where action = 'member_area.service_commented' order by id desc limit 1`;
    expect(audit).toMatchObject({
      actor_id: ana.id,
      actor_username: `filiado ${ana.registrationNumber}`,
      entity_id: rec.anaOpenId,
      data: {
        registrationNumber: ana.registrationNumber,
        protocol: rec.anaOpen,
        length: "Já enviei o contracheque por e-mail. Obrigada!".length,
        attachmentId: null,
      },
    });
    expect(JSON.stringify(audit.data)).not.toContain("contracheque");
    // The responsible is told (panel and e-mail), with the protocol and the link, nothing she wrote.
    const secretaria = await t.user("secretaria");
    const told = await t.query<{ kind: string; title: string; link: string }>`
      select kind, title, link from notifications where user_id = ${secretaria.id} and kind = 'service_reply'`;
    expect(told).toEqual([
      { kind: "service_reply", title: `Comentário do solicitante — ${rec.anaOpen}`, link: `/dashboard/atendimento/${rec.anaOpenId}` },
    ]);
    const mails = await t.query<{ payload: { to: string; subject: string; text: string } }>`
      select payload from jobs where name = 'send-email' and payload->>'subject' = ${`Comentário do solicitante — ${rec.anaOpen}`}`;
    expect(mails.map((m) => m.payload.to)).toEqual([secretaria.email]);
    expect(mails[0].payload.text).not.toContain("contracheque");
    expect(mails[0].payload.text).not.toContain(ana.name);
    // Her page shows it as hers; the staff's history as the requester's, from the member area.
    const page = visibleText(await (await a.get(`/filiado/atendimentos/${rec.anaOpen}`)).text());
    expect(page).toContain("Você");
    expect(page).toContain("Já enviei o contracheque por e-mail.");
    const staff = visibleText(await (await (await t.login("secretaria")).get(`/dashboard/atendimento/${rec.anaOpenId}`)).text());
    expect(staff).toContain("Comentário do solicitante pela Área do Filiado");
    expect(staff).toContain("Já enviei o contracheque por e-mail.");
  });

  it("a file goes through the attachments' upload rules: a public attachment of her entry, downloadable from her page", async () => {
    const a = await memberSession(t, ana.id);
    const res = await comment(
      a,
      rec.anaOpen,
      { texto: "Segue o termo." },
      { bytes: tinyPdf(), name: "termo-rescisao.pdf", type: "application/pdf" },
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(MY_SERVICES_MESSAGES.sentFile("termo-rescisao.pdf"));
    const [att] = await t.query<{
      id: string;
      is_public: boolean;
      uploaded_by: string | null;
      uploaded_by_name: string;
      entry_text: string;
    }>`
      select a.id, a.is_public, a.uploaded_by, a.uploaded_by_name, e.text as entry_text
        from service_record_attachments a join service_record_entries e on e.id = a.entry_id
        join files f on f.id = a.file_id where a.record_id = ${rec.anaOpenId} and f.file_name = 'termo-rescisao.pdf'`;
    expect(att).toMatchObject({
      is_public: true,
      uploaded_by: null,
      uploaded_by_name: MEMBER_AREA_AUTHOR,
      entry_text: "Segue o termo.\n\nAnexo: termo-rescisao.pdf",
    });
    const html = await (await a.get(`/filiado/atendimentos/${rec.anaOpen}`)).text();
    const href = new RegExp(`href="(/atendimento/consulta/anexos/${att.id}[^"]+)"`).exec(html)?.[1].replace(/&amp;/g, "&");
    expect(href).toBeTruthy();
    const file = await fetch(`${t.url}${href}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    // The staff's attachments list has it, with its uploader.
    const staff = await (await (await t.login("secretaria")).get(`/dashboard/atendimento/${rec.anaOpenId}`)).text();
    expect(staff).toContain("termo-rescisao.pdf");
    // A file alone is enough; a PNG is re-encoded like any attachment.
    const png = await comment(a, rec.anaOpen, {}, { bytes: await plainPng(), name: "foto.png", type: "image/png" });
    expect(png.status).toBe(200);
  });

  it("refuses, with a pt-BR message and a 4xx, an empty post, a file of another type, a too-large file and a too-long comment", async () => {
    const a = await memberSession(t, ana.id);
    const before = { entries: await t.count("service_record_entries"), files: await t.count("files") };
    const empty = await comment(a, rec.anaOpen, { texto: "   " });
    expect(empty.status).toBe(400);
    expect(visibleText(await empty.text())).toContain(MY_SERVICES_MESSAGES.empty);
    const exe = await comment(a, rec.anaOpen, { texto: "Arquivo" }, { bytes: Buffer.from("MZ\x90\x00 not a pdf"), name: "virus.pdf" });
    expect(exe.status).toBe(415);
    expect(visibleText(await exe.text())).toContain(ATTACHMENT_MESSAGES.typeNotAllowed);
    const big = await comment(
      a,
      rec.anaOpen,
      { texto: "Grande" },
      { bytes: Buffer.concat([tinyPdf(), Buffer.alloc(10 * 1024 * 1024 + 1, 0x20)]), name: "grande.pdf", type: "application/pdf" },
    );
    expect(big.status).toBe(413);
    expect(visibleText(await big.text())).toContain(ATTACHMENT_MESSAGES.tooLarge);
    const long = await comment(a, rec.anaOpen, { texto: "x".repeat(2001) });
    expect(long.status).toBe(400);
    expect(visibleText(await long.text())).toContain(MY_SERVICES_MESSAGES.tooLong);
    expect(await t.count("service_record_entries")).toBe(before.entries);
    expect(await t.count("files")).toBe(before.files);
  });

  it("a closed record shows a clear message and no form, and refuses a post with 409", async () => {
    const a = await memberSession(t, ana.id);
    const html = await (await a.get(`/filiado/atendimentos/${rec.anaClosed}`)).text();
    expect(html).not.toContain('data-testid="my-service-comment"');
    expect(visibleText(html)).toContain(MY_SERVICES_MESSAGES.closed);
    const res = await comment(a, rec.anaClosed, { texto: "Ainda tenho uma dúvida." });
    expect(res.status).toBe(409);
    expect(visibleText(await res.text())).toContain(MY_SERVICES_MESSAGES.closed);
  });

  it("a record merged into another refuses a post with 409, naming the record that goes on (read inside the post's transaction, ADR 300)", async () => {
    const merged = await createServiceRecordRow(t.db, {
      requesterName: ana.name,
      requesterCpf: ana.cpf,
      requesterEmail: ana.email,
      memberId: ana.id,
      sector: "secretaria",
    });
    await t.query`update service_records set status = 'closed', merged_into = ${rec.anaOpenId} where id = ${merged.id}`;
    const before = await t.count("service_record_entries");
    const a = await memberSession(t, ana.id);
    const res = await comment(a, merged.protocol, { texto: "Alguma novidade?" });
    expect(res.status).toBe(409);
    expect(visibleText(await res.text())).toContain(MY_SERVICES_MESSAGES.merged(rec.anaOpen));
    expect(await t.count("service_record_entries")).toBe(before);
  });
});

describe("who may reach the member's records", () => {
  it("signed-out visitors and every staff role are sent to the member sign-in, for reading and posting", async () => {
    const clients = [t.anonymous(), ...(await Promise.all(ROLES.map((r) => t.login(r))))];
    const before = await t.count("service_record_entries");
    for (const c of clients) {
      for (const path of ["/filiado/atendimentos", `/filiado/atendimentos/${rec.anaOpen}`]) {
        const res = await c.get(path);
        expect(res.status, path).toBe(302);
        expect(res.headers.get("location"), path).toMatch(/^\/filiado\/entrar\?redirectTo=/);
      }
      const post = await comment(c, rec.anaOpen, { texto: "Post sem sessão de filiado." });
      expect(post.status).toBe(302);
      expect(post.headers.get("location")).toMatch(/^\/filiado\/entrar/);
    }
    expect(await t.count("service_record_entries")).toBe(before);
  });

  it("refuses a cross-site post", async () => {
    const a = await memberSession(t, ana.id);
    const evil = new Client(t.url, "https://evil.example");
    evil.cookies = a.cookies;
    const before = await t.count("service_record_entries");
    const res = await comment(evil, rec.anaOpen, { texto: "Vindo de outro site." });
    expect(res.status).toBe(403);
    expect(await t.count("service_record_entries")).toBe(before);
  });
});

describe("the demo", () => {
  it("gives the demo member (matrícula 2) an open record with public comments and a closed one", async () => {
    const [demo] = await t.query<{ id: string; registration_number: number }>`
      select id, registration_number from members where cpf = ${DEMO_MEMBER.cpf}`;
    expect(demo.registration_number).toBe(2);
    const c = await memberSession(t, demo.id);
    const list = await (await c.get("/filiado/atendimentos")).text();
    const protocols = [...list.matchAll(/data-testid="my-service-link"[^>]*>(SIND\d{14})</g)].map((m) => m[1]);
    expect(protocols.length).toBeGreaterThanOrEqual(2);
    const open = await t.query<{ protocol: string }>`
      select protocol from service_records where member_id = ${demo.id} and status = 'in_progress' and sector = 'homologacao'`;
    expect(open).toHaveLength(1);
    const page = visibleText(await (await c.get(`/filiado/atendimentos/${open[0].protocol}`)).text());
    expect(page).toContain("Envie, por favor, o último contracheque");
    expect(page).not.toContain("guia do FGTS");
  });
});

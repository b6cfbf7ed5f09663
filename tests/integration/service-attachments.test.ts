import { describe, expect, it } from "vitest";
import type { Role } from "~/auth/roles";
import { createServiceRecordRow } from "~/db/factories/services";
import { DEFAULT_CONTENT } from "~/domain/content/institutional";
import { ATTACHMENT_MESSAGES } from "~/domain/service-records/attachments";
import { SERVICE_MESSAGES } from "~/domain/service-records/service-options";
import { multipartBody } from "../support/multipart";
import { signedIn, useTestServer } from "../support/suite";
import { tinyPdf, tinyWav } from "../fixtures/complaint-files";
import { postConsulta } from "../support/service-records";

/**
 * Issue 22 §3–4 over HTTP (ADRs 262, 263): the attachments form of a record's page and its
 * download, as the record's sector and as another one; bad files refused with a 4xx and a pt-BR
 * message before anything is written; public and internal attachments on the requester's
 * consulta; the printable receipt page.
 */
const t = useTestServer({ env: { APP_URL: "https://sindicato.example", TRUST_PROXY: "1" } });
const as = signedIn(t, ["secretaria", "juridico", "rh"]);

const CPF = "52998224725";
const newRecord = () => createServiceRecordRow(t.db, { sector: "secretaria", requesterCpf: CPF, requesterName: "Conceição Araújo" });
const attach = (role: Role, id: string, file?: { bytes: Buffer; name: string; type?: string }, isPublic = false) =>
  as(role).post(
    `/dashboard/atendimento/${id}/anexos`,
    multipartBody({ intent: "attach", ...(isPublic ? { isPublic: "on" } : {}) }, "arquivo", file, "application/octet-stream"),
  );
const written = async () => ({
  attachments: await t.count("service_record_attachments"),
  files: await t.count("files"),
  entries: await t.count("service_record_entries"),
});
const attachmentsOf = (recordId: string) =>
  t.query<{ id: string; is_public: boolean; file_name: string }>`
    select a.id, a.is_public, f.file_name from service_record_attachments a join files f on f.id = a.file_id
     where a.record_id = ${recordId} order by a.created_at, a.id`;

let ipSeq = 0;
const consulta = (protocolo: string, verificador: string) => postConsulta(t, protocolo, verificador, `198.18.7.${++ipSeq}`);
const decode = (s: string) => s.replace(/&amp;/g, "&");

describe("attaching on the record's page", () => {
  it("the sector attaches a PDF: listed on the page, 'anexou rescisao.pdf' in the history, downloadable", async () => {
    const r = await newRecord();
    const res = await attach("secretaria", r.id, { bytes: tinyPdf(), name: "rescisao.pdf", type: "application/pdf" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(ATTACHMENT_MESSAGES.attached("rescisao.pdf"));
    const [a] = await attachmentsOf(r.id);
    expect(a).toMatchObject({ file_name: "rescisao.pdf", is_public: false });

    const page = await (await as("secretaria").get(`/dashboard/atendimento/${r.id}`)).text();
    expect(page).toContain('data-testid="service-attachments"');
    expect(page).toContain("anexou rescisao.pdf");
    expect(page).toContain(`/dashboard/atendimento/anexos/${a.id}`);
    expect(page).toContain(`/dashboard/atendimento/${r.id}/comprovante`);

    const file = await as("secretaria").get(`/dashboard/atendimento/anexos/${a.id}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="rescisao.pdf"/);
    expect(file.headers.get("cache-control")).toBe("no-store");
    expect(Buffer.from(await file.arrayBuffer()).equals(tinyPdf())).toBe(true);
    // rh reads every sector.
    expect((await as("rh").get(`/dashboard/atendimento/anexos/${a.id}`)).status).toBe(200);
  });

  it("another sector: the upload is refused with 403 before the body is read, and the download sends it back to its list", async () => {
    const r = await newRecord();
    await attach("secretaria", r.id, { bytes: tinyPdf(), name: "termo.pdf" });
    const [a] = await attachmentsOf(r.id);
    const before = await written();
    const res = await attach("juridico", r.id, { bytes: tinyPdf(), name: "intruso.pdf" });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain(SERVICE_MESSAGES.forbidden);
    const visibility = await as("juridico").post(
      `/dashboard/atendimento/${r.id}/anexos`,
      multipartBody({ intent: "visibility", attachmentId: a.id, isPublic: "true" }, "arquivo"),
    );
    expect(visibility.status).toBe(403);
    expect(await written()).toEqual(before);
    const down = await as("juridico").get(`/dashboard/atendimento/anexos/${a.id}`);
    expect(down.status).toBe(302);
    expect(down.headers.get("location")).toBe("/dashboard/atendimentos?aviso=sem-permissao");
    const unknown = await as("secretaria").get("/dashboard/atendimento/anexos/00000000-0000-4000-8000-000000000321");
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe(ATTACHMENT_MESSAGES.notFound);
    // A signed-out visitor goes to the login.
    expect((await t.anonymous().get(`/dashboard/atendimento/anexos/${a.id}`)).status).toBe(302);
  });

  it("bad files get a 4xx with a pt-BR message and nothing is written: too large (413), not PDF/JPEG/PNG (415), none (400)", async () => {
    const r = await newRecord();
    const before = await written();
    const big = Buffer.concat([tinyPdf(), Buffer.alloc(10 * 1024 * 1024 + 1, 0x20)]);
    const tooLarge = await attach("secretaria", r.id, { bytes: big, name: "grande.pdf", type: "application/pdf" });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.text()).toContain(ATTACHMENT_MESSAGES.tooLarge);
    const wav = await attach("secretaria", r.id, { bytes: tinyWav(), name: "audio.pdf", type: "application/pdf" });
    expect(wav.status).toBe(415);
    expect(await wav.text()).toContain(ATTACHMENT_MESSAGES.typeNotAllowed);
    const html = await attach("secretaria", r.id, {
      bytes: Buffer.from("<html><script>alert(1)</script></html>"),
      name: "x.png",
      type: "image/png",
    });
    expect(html.status).toBe(415);
    const none = await attach("secretaria", r.id);
    expect(none.status).toBe(400);
    expect(await none.text()).toContain(ATTACHMENT_MESSAGES.required);
    expect(await written()).toEqual(before);
  });
});

describe("public and internal attachments on the requester's consulta", () => {
  it("after protocol + CPF digits, the public file is listed and downloads by its signed link; the internal one never", async () => {
    const r = await newRecord();
    await attach("secretaria", r.id, { bytes: tinyPdf("Equipe"), name: "acordo-assinado.pdf" }, true);
    await attach("secretaria", r.id, { bytes: tinyPdf(), name: "parecer-interno.pdf" }, false);
    const [pub, internal] = await attachmentsOf(r.id);
    expect([pub.is_public, internal.is_public]).toEqual([true, false]);

    const { status, html } = await consulta(r.protocol, CPF.slice(-4));
    expect(status).toBe(200);
    expect(html).toContain('data-testid="consulta-attachments"');
    expect(html).toContain("acordo-assinado.pdf");
    expect(html).not.toContain("parecer-interno");
    const href = decode(/href="(\/atendimento\/consulta\/anexos\/[^"]+)"/.exec(html)![1]);
    expect(href).toContain(pub.id);

    const file = await fetch(t.url + href);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("cache-control")).toBe("no-store");
    expect(Buffer.from(await file.arrayBuffer()).equals(tinyPdf("Equipe"))).toBe(true);

    // The same signature on the internal file's id, a changed expiry, no signature: one plain 404.
    const url = new URL(href, t.url);
    const forgedId = `/atendimento/consulta/anexos/${internal.id}${url.search}`;
    const later = new URLSearchParams(url.search);
    later.set("expira", String(Number(later.get("expira")) + 3600));
    for (const path of [forgedId, `${url.pathname}?${later}`, url.pathname]) {
      const res = await fetch(t.url + path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toBe(ATTACHMENT_MESSAGES.notFound);
    }
    // A wrong second factor shows nothing.
    const wrong = await consulta(r.protocol, "0000");
    expect(wrong.status).toBe(404);
    expect(wrong.html).not.toContain("acordo-assinado");
    // Made internal, the link given before serves nothing.
    const made = await as("secretaria").post(
      `/dashboard/atendimento/${r.id}/anexos`,
      multipartBody({ intent: "visibility", attachmentId: pub.id, isPublic: "false" }, "arquivo"),
    );
    expect(made.status).toBe(200);
    expect((await fetch(t.url + href)).status).toBe(404);
  });
});

describe("the comprovante de atendimento", () => {
  it("one page with protocol, date, sector, type, deadline, the union and the consulta's QR code; the CPF masked", async () => {
    const r = await newRecord();
    const res = await as("secretaria").get(`/dashboard/atendimento/${r.id}/comprovante`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Comprovante de atendimento");
    expect(html).toContain(r.protocol);
    expect(html).toContain(DEFAULT_CONTENT.name);
    expect(html).toContain(DEFAULT_CONTENT.address);
    expect(html).toContain(`https://sindicato.example/atendimento/consulta?protocolo=${r.protocol}`);
    expect(html).toMatch(/data-testid="receipt-qr"[^>]*><svg role="img"/);
    expect(html).toContain("***.982.247-**");
    expect(html).not.toContain(CPF);
    expect(html).not.toContain("529.982.247-25");
  });

  it("another sector is sent back to its list; an unknown record too", async () => {
    const r = await newRecord();
    const other = await as("juridico").get(`/dashboard/atendimento/${r.id}/comprovante`);
    expect(other.status).toBe(302);
    expect(other.headers.get("location")).toBe("/dashboard/atendimentos?aviso=sem-permissao");
    const unknown = await as("secretaria").get("/dashboard/atendimento/00000000-0000-4000-8000-000000000654/comprovante");
    expect(unknown.headers.get("location")).toBe("/dashboard/atendimentos?aviso=nao-encontrado");
  });
});

import http from "node:http";
import { createHash } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { useTestServer } from "../support/suite";
import { elfBytes, gpsTaggedJpeg, htmlBytes, mzBytes, plainPng, tinyMp3, tinyPdf, tinyWav } from "../fixtures/complaint-files";
import { storedFile as storedFileRow } from "../support/stored-files";
import { addressInAnotherBucket } from "../support/anonymous-buckets";
import { solidImage } from "../fixtures/images";

/**
 * The public complaint form (/denuncia) over real HTTP: the original's messages verbatim,
 * type by content, the 10 MB limit enforced while streaming, images stripped of metadata,
 * audio/PDF kept as sent, and the file and the record written together or not at all.
 */

const M = {
  tooLarge: "Arquivo muito grande. Máximo 10MB.",
  typeNotAllowed: "Tipo de arquivo não permitido. Use imagens, PDF ou áudio.",
  required: "Título e descrição são obrigatórios.",
  submitError: "Erro ao enviar denúncia. Tente novamente.",
  submitted: "Denúncia enviada com sucesso! Nossa equipe analisará em breve.",
};
const MB = 1024 * 1024;

// Behind a proxy, so each test can act from its own address (and the limiter keys on it). A known
// SESSION_SECRET, so the test can tell which addresses share an anonymous-throttle bucket (ADR 090).
const SESSION_SECRET = "segredo-do-teste-da-denuncia-".padEnd(48, "x");
const t = useTestServer({ env: { TRUST_PROXY: "1", SESSION_SECRET } });
let ipSeq = 10;

function nextIp() {
  ipSeq += 1;
  return `198.51.100.${ipSeq}`;
}

type Evidence = { bytes: Buffer; name: string; type: string };

function complaintForm(fields: Record<string, string> = {}, evidence?: Evidence) {
  const fd = new FormData();
  const all = { title: "Falta de EPI", description: "Sem luvas térmicas no plantão.", consent: "on", ...fields };
  for (const [k, v] of Object.entries(all)) fd.set(k, v);
  if (evidence) fd.set("evidence", new Blob([new Uint8Array(evidence.bytes)], { type: evidence.type }), evidence.name);
  return fd;
}

async function submit(fd: FormData, headers: Record<string, string> = {}) {
  const res = await fetch(`${t.url}/denuncia`, {
    method: "POST",
    body: fd,
    headers: { Origin: t.url, "X-Forwarded-For": nextIp(), ...headers },
  });
  return { res, html: await res.text() };
}

async function counts() {
  const [row] = await t.query<{ complaints: number; files: number; messages: number }>`
    select (select count(*)::int from complaints) as complaints,
           (select count(*)::int from files) as files,
           (select count(*)::int from complaint_messages) as messages`;
  return row;
}

function receiptFrom(html: string) {
  const m = /data-testid="receipt-code"[^>]*>([\d ]+)</.exec(html);
  return m ? m[1] : null;
}

async function latestComplaint() {
  const [row] = await t.query<{ id: string; title: string; evidence_file_id: string | null; receipt_hash: string; status: string }>`
    select id, title, evidence_file_id, receipt_hash, status from complaints order by created_at desc, id desc limit 1`;
  return row;
}

const storedFile = (id: string) => storedFileRow(t.query, id);

describe("the public form", () => {
  it("renders the form with counters' limits, the metadata warning, the privacy link and a honeypot", async () => {
    const res = await fetch(`${t.url}/denuncia`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Denúncia Anônima");
    expect(html).toMatch(/name="title"[^>]*maxLength="200"|maxLength="200"[^>]*name="title"/);
    expect(html).toMatch(/maxLength="100"/);
    expect(html).toMatch(/maxLength="2000"/);
    expect(html).toMatch(/enctype="multipart\/form-data"/i);
    expect(html).toContain('href="/privacidade"');
    expect(html).toContain('name="website"');
    expect(html).toContain("Arquivos de áudio e PDF são guardados exatamente como enviados");
  });

  it("refuses a complaint without title or description with the original's message and stores nothing", async () => {
    const before = await counts();
    const cases: Record<string, string>[] = [{ title: "" }, { description: "   " }, { title: "", description: "" }];
    for (const fields of cases) {
      const { res, html } = await submit(complaintForm(fields));
      expect(res.status).toBe(400);
      expect(html).toContain(M.required);
    }
    expect(await counts()).toEqual(before);
  });

  it("enforces the original's limits (title 200, company 100, location 200, description 2000)", async () => {
    const before = await counts();
    const cases: Array<[Record<string, string>, string]> = [
      [{ title: "x".repeat(201) }, "Título muito longo (máximo 200 caracteres)."],
      [{ companyName: "x".repeat(101) }, "Nome da empresa muito longo (máximo 100 caracteres)."],
      [{ location: "x".repeat(201) }, "Local muito longo (máximo 200 caracteres)."],
      [{ description: "x".repeat(2001) }, "Descrição muito longa (máximo 2000 caracteres)."],
    ];
    for (const [fields, message] of cases) {
      const { res, html } = await submit(complaintForm(fields));
      expect(res.status, message).toBe(400);
      expect(html).toContain(message);
    }
    expect(await counts()).toEqual(before);
    // At the limits exactly, it is accepted.
    const { res, html } = await submit(
      complaintForm({ title: "t".repeat(200), companyName: "c".repeat(100), location: "l".repeat(200), description: "d".repeat(2000) }),
    );
    expect(res.status).toBe(200);
    expect(html).toContain(M.submitted);
  });

  it("needs the privacy consent, and a filled honeypot stores nothing", async () => {
    const before = await counts();
    const noConsent = complaintForm();
    noConsent.delete("consent");
    const a = await submit(noConsent);
    expect(a.res.status).toBe(400);
    expect(a.html).toContain("Confirme que leu o aviso de privacidade para enviar a denúncia.");
    const b = await submit(complaintForm({ website: "http://spam.example" }));
    expect(b.res.status).toBe(400);
    expect(b.html).toContain(M.submitError);
    expect(await counts()).toEqual(before);
  });

  it("files a complaint, shows a 16-digit receipt code once and stores only its slow hash", async () => {
    const { res, html } = await submit(
      complaintForm({ title: "Escala sem intervalo", companyName: "Empresa Exemplo", location: "Taguatinga" }),
    );
    expect(res.status).toBe(200);
    expect(html).toContain(M.submitted);
    const code = receiptFrom(html)!;
    expect(code).toMatch(/^\d{4} \d{4} \d{4} \d{4}$/);
    const row = await latestComplaint();
    expect(row.title).toBe("Escala sem intervalo");
    expect(row.status).toBe("pending");
    expect(row.receipt_hash).toMatch(/^a2id1\$[0-9a-f]{64}$/);
    const digits = code.replace(/\s/g, "");
    expect(row.receipt_hash).not.toContain(digits);
    // Not a fast hash of the code either.
    expect(row.receipt_hash).not.toContain(createHash("sha256").update(digits).digest("hex"));
    // The code is shown in that answer only: the next visit to the page does not have it.
    const again = await (await fetch(`${t.url}/denuncia`)).text();
    expect(again).not.toContain(code);
    expect(again).not.toContain(digits);
  });

  it("two complaints get different codes", async () => {
    const a = receiptFrom((await submit(complaintForm())).html);
    const b = receiptFrom((await submit(complaintForm())).html);
    expect(a).toBeTruthy();
    expect(b).toBeTruthy();
    expect(a).not.toBe(b);
  });
});

describe("evidence files", () => {
  it("refuses a renamed executable (ELF, MZ) and HTML sent as .jpg, by content", async () => {
    const before = await counts();
    for (const bytes of [elfBytes(), mzBytes(), htmlBytes()]) {
      const { res, html } = await submit(complaintForm({}, { bytes, name: "foto.jpg", type: "image/jpeg" }));
      expect(res.status).toBe(415);
      expect(html).toContain(M.typeNotAllowed);
    }
    expect(await counts()).toEqual(before);
  });

  it("re-encodes a GPS-tagged JPEG without any metadata; staff download it clean, under a neutral name", async () => {
    const original = await gpsTaggedJpeg();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const { res } = await submit(
      complaintForm({ title: "Foto com GPS" }, { bytes: original, name: "IMG_20260501_joao.jpg", type: "image/jpeg" }),
    );
    expect(res.status).toBe(200);
    const row = await latestComplaint();
    expect(row.title).toBe("Foto com GPS");
    const stored = await storedFile(row.evidence_file_id!);
    expect(stored.purpose).toBe("complaint-evidence");
    expect(stored.created_by).toBeNull();
    expect(stored.file_name).toBe("evidencia.jpg");
    expect(stored.data.toString("latin1")).not.toContain("Anon-Test-9000");

    const staff = await t.login("juridico");
    const download = await staff.get(`/dashboard/denuncias/arquivos/${row.evidence_file_id}`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("image/jpeg");
    expect(download.headers.get("x-content-type-options")).toBe("nosniff");
    expect(download.headers.get("content-disposition")).toContain('filename="evidencia.jpg"');
    expect(download.headers.get("cache-control")).toBe("no-store");
    const bytes = Buffer.from(await download.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe("jpeg");
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(bytes.toString("latin1")).not.toMatch(/Exif|ProbeCam|Anon-Test-9000|Joao Denunciante/);
  });

  it("keeps PDF, MP3 and WAV byte for byte (the page warns about their metadata)", async () => {
    for (const [bytes, name, type, ext] of [
      [tinyPdf("Autor Fictício"), "relatorio.pdf", "application/pdf", "pdf"],
      [tinyMp3(), "audio.mp3", "audio/mpeg", "mp3"],
      [tinyWav(), "audio.wav", "audio/wav", "wav"],
    ] as const) {
      const { res } = await submit(complaintForm({ title: `Arquivo ${ext}` }, { bytes, name, type }));
      expect(res.status, ext).toBe(200);
      const row = await latestComplaint();
      const stored = await storedFile(row.evidence_file_id!);
      expect(stored.file_name).toBe(`evidencia.${ext}`);
      expect(stored.data.equals(bytes), ext).toBe(true);
    }
  });

  it("accepts PNG and GIF images (re-encoded)", async () => {
    const png = await plainPng();
    const gif = await solidImage("gif", 20, 20, "#fbbf24");
    for (const [bytes, name, type] of [
      [png, "a.png", "image/png"],
      [gif, "b.gif", "image/gif"],
    ] as const) {
      const { res } = await submit(complaintForm({}, { bytes, name, type }));
      expect(res.status, name).toBe(200);
      const stored = await storedFile((await latestComplaint()).evidence_file_id!);
      expect((await sharp(stored.data).metadata()).format).toBe("webp");
    }
  });

  it("accepts a file of exactly 10 MB", async () => {
    const pdf = Buffer.concat([tinyPdf(), Buffer.alloc(10 * MB - tinyPdf().length, 0x20)]);
    expect(pdf.length).toBe(10 * MB);
    const { res } = await submit(complaintForm({ title: "Dez megabytes" }, { bytes: pdf, name: "grande.pdf", type: "application/pdf" }));
    expect(res.status).toBe(200);
    const stored = await storedFile((await latestComplaint()).evidence_file_id!);
    expect(stored.size).toBe(10 * MB);
  });
});

/** A raw multipart request we control byte by byte (fetch would always send the whole body). */
function rawUpload(opts: { declaredLength?: number; fileBytes: number; withhold: number }) {
  const boundary = "----denunciaTeste" + Math.random().toString(16).slice(2);
  const fields = { title: "Arquivo gigante", description: "Teste de limite", consent: "on" };
  const head = Buffer.from(
    [
      ...Object.entries(fields).flatMap(([name, value]) => [`--${boundary}`, `Content-Disposition: form-data; name="${name}"`, "", value]),
      `--${boundary}`,
      'Content-Disposition: form-data; name="evidence"; filename="grande.pdf"',
      "Content-Type: application/pdf",
      "",
      "",
    ].join("\r\n"),
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const total = head.length + opts.fileBytes + tail.length;
  const url = new URL(t.url);
  return new Promise<{ status: number; body: string; sentBytes: number; total: number }>((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = http.request({
      host: "127.0.0.1",
      port: url.port,
      path: "/denuncia",
      method: "POST",
      headers: {
        Origin: t.url,
        Host: url.host,
        "X-Forwarded-For": nextIp(),
        "Content-Type": `multipart/form-data; boundary=${boundary}`,
        "Content-Length": String(opts.declaredLength ?? total),
      },
    });
    req.on("response", (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => {
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), sentBytes: sent, total });
        req.destroy();
      });
    });
    req.on("error", (err) => {
      if (!answered) reject(err);
    });
    const file = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(opts.fileBytes - 9, 0x20)]);
    const body = Buffer.concat([head, file, tail]);
    const limit = Math.max(0, body.length - opts.withhold);
    const chunk = 256 * 1024;
    const pump = () => {
      while (sent < limit && !answered) {
        const piece = body.subarray(sent, Math.min(limit, sent + chunk));
        sent += piece.length;
        if (!req.write(piece)) return void req.once("drain", pump);
      }
      // The rest of the body is never sent: only a server that decides while streaming answers.
    };
    pump();
  });
}

describe("the 10 MB limit, enforced while streaming", () => {
  it("refuses a declared body far over the limit before reading it", async () => {
    const before = await counts();
    const r = await rawUpload({ declaredLength: 50 * MB, fileBytes: 50 * MB, withhold: 50 * MB - 512 });
    expect(r.status).toBe(413);
    expect(r.body).toContain(M.tooLarge);
    expect(r.sentBytes).toBeLessThan(1024);
    expect(await counts()).toEqual(before);
  });

  it("refuses a 10 MB + 1 byte file as soon as the limit is crossed, without waiting for the rest of the body", async () => {
    const before = await counts();
    const r = await rawUpload({ fileBytes: 10 * MB + 1, withhold: 4 });
    expect(r.status).toBe(413);
    expect(r.body).toContain(M.tooLarge);
    // The answer came although the request body was never completed.
    expect(r.sentBytes).toBeLessThan(r.total);
    expect(await counts()).toEqual(before);
  });
});

describe("atomicity", () => {
  it("a failure between storing the file and the complaint leaves neither", async () => {
    await t.query`create or replace function complaints_fail_insert() returns trigger language plpgsql as $$ begin raise exception 'falha injetada'; end $$`;
    await t.query`create trigger complaints_fail_insert before insert on complaints for each row execute function complaints_fail_insert()`;
    try {
      const before = await counts();
      const { res, html } = await submit(
        complaintForm({ title: "Deve falhar" }, { bytes: await gpsTaggedJpeg(), name: "f.jpg", type: "image/jpeg" }),
      );
      expect(res.status).toBe(500);
      expect(html).toContain(M.submitError);
      expect(await counts()).toEqual(before);
      const orphans = await t.query<{ n: number }>`
        select count(*)::int as n from files f where purpose = 'complaint-evidence'
          and not exists (select 1 from complaints c where c.evidence_file_id = f.id)
          and not exists (select 1 from complaint_messages m where m.file_id = f.id)`;
      expect(orphans[0].n).toBe(0);
    } finally {
      await t.query`drop trigger if exists complaints_fail_insert on complaints`;
      await t.query`drop function if exists complaints_fail_insert()`;
    }
    // And the channel works again afterwards.
    const { res } = await submit(complaintForm({}, { bytes: await plainPng(), name: "ok.png", type: "image/png" }));
    expect(res.status).toBe(200);
  });
});

describe("throttling submissions", () => {
  it("allows 10 complaints an hour from one address, then refuses with a clear message", async () => {
    // The counters are 1024 anonymous buckets under a key drawn per run (ADR 090): another test's
    // address may share this one's bucket. Start from empty counters so only this series counts.
    await t.query`delete from rate_limits where key like 'complaintForm:%'`;
    const ip = "192.0.2.200";
    for (let i = 0; i < 10; i++) {
      const { res } = await submit(complaintForm({ title: `Série ${i}` }), { "X-Forwarded-For": ip });
      expect(res.status).toBe(200);
    }
    const before = await counts();
    const { res, html } = await submit(complaintForm({ title: "Uma a mais" }), { "X-Forwarded-For": ip });
    expect(res.status).toBe(429);
    expect(html).toMatch(/Muitas denúncias enviadas em pouco tempo\. Tente novamente em \d+ minutos?\./);
    expect(await counts()).toEqual(before);
    // Another address is not affected: one outside this address's bucket (1 in 1,024 share it).
    const other = addressInAnotherBucket(SESSION_SECRET, "complaintForm", ip, ["192.0.2.201", "192.0.2.202", "192.0.2.203"]);
    expect((await submit(complaintForm(), { "X-Forwarded-For": other })).res.status).toBe(200);
  });
});

import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { useTestServer } from "../support/suite";
import type { Client } from "../support/http";
import { elfBytes, plainPng } from "../fixtures/complaint-files";
import { multipartBody, type UploadedFile } from "../support/multipart";

/**
 * Following a complaint up with the receipt code (/denuncia/acompanhar): the code works once
 * shown, only by POST, wrong codes are throttled per address, the reporter sees public replies
 * only and can add text or files (re-verified each time, no cookie).
 */

// Only the demo's complaints, for the test of its documented receipt codes; the rest files its own.
const t = useTestServer({ env: { TRUST_PROXY: "1" }, seed: ["complaints"] });

// The anonymous counters are 1024 buckets under a key drawn per run (ADR 090): a later test's
// fresh address may share the bucket an earlier test filled on purpose. Each test starts empty.
beforeEach(async () => {
  await t.query`delete from rate_limits where key like 'receiptLookup:%' or key like 'complaintForm:%'`;
});
let juridico: Client;
let ipSeq = 0;

beforeAll(async () => {
  juridico = await t.login("juridico");
});

function nextIp() {
  ipSeq += 1;
  return `198.18.0.${ipSeq}`;
}

function form(fields: Record<string, string>, file?: UploadedFile) {
  return multipartBody(fields, "evidence", file);
}

async function post(path: string, fd: FormData, ip = nextIp()) {
  const res = await fetch(t.url + path, { method: "POST", body: fd, headers: { Origin: t.url, "X-Forwarded-For": ip } });
  return { res, html: await res.text() };
}

/** A staff action the way the browser's fetcher sends it (single fetch), answered as text. */
async function staffAction(body: Record<string, string>) {
  const res = await juridico.request("/dashboard/denuncias.data", { method: "POST", body: new URLSearchParams(body) });
  return { status: res.status, text: await res.text() };
}

async function fileComplaint(title: string) {
  const { res, html } = await post("/denuncia", form({ title, description: `Relato: ${title}`, consent: "on" }));
  expect(res.status).toBe(200);
  const shown = /data-testid="receipt-code"[^>]*>([\d ]+)</.exec(html)![1];
  const [row] = await t.query<{ id: string }>`select id from complaints where title = ${title}`;
  return { code: shown.replace(/\s/g, ""), shown, id: row.id };
}

const lookup = (code: string, ip?: string) => post("/denuncia/acompanhar", form({ intent: "lookup", code }), ip);
/** The reporter's "add information" form: `message`, and `evidence` when given. */
const addInfo = (code: string, message: string, evidence?: UploadedFile, ip?: string) =>
  post("/denuncia/acompanhar", form({ intent: "add", code, message }, evidence), ip);

describe("looking a complaint up with its code", () => {
  it("the code as shown (with spaces) opens the complaint: status, report, and no internal data", async () => {
    const { shown } = await fileComplaint("Escada de emergência trancada");
    const { res, html } = await lookup(shown);
    expect(res.status).toBe(200);
    expect(html).toContain("Escada de emergência trancada");
    expect(html).toContain("Relato: Escada de emergência trancada");
    expect(html).toMatch(/data-testid="complaint-status"[^>]*>Pendente</);
    // The add-information form carries the verified code back (there is no cookie or session).
    expect(html).toMatch(new RegExp(`name="code" value="${shown.replace(/\s/g, "")}"`));
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it("is never read from the URL", async () => {
    const { code } = await fileComplaint("Código na URL");
    const res = await fetch(`${t.url}/denuncia/acompanhar?code=${code}`);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).not.toContain("Código na URL");
    expect(html).toContain('data-testid="lookup-form"');
  });

  it("refuses a malformed code with a clear message", async () => {
    for (const code of ["", "123", "12345678901234567", "abcdabcdabcdabcd"]) {
      const { res, html } = await lookup(code);
      expect(res.status, code).toBe(400);
      expect(html).toContain("Informe o código de acompanhamento de 16 dígitos.");
    }
  });

  it("throttles wrong codes per address: a clear message, then blocked even with a right code; other addresses unaffected", async () => {
    const { code } = await fileComplaint("Tentativas de código");
    const ip = "198.18.9.9";
    const wrong = code.startsWith("9") ? "1" + code.slice(1) : "9" + code.slice(1);
    for (let i = 1; i <= 9; i++) {
      const { res, html } = await lookup(wrong, ip);
      expect(res.status, `tentativa ${i}`).toBe(404);
      expect(html).toContain("Código não encontrado. Confira os 16 dígitos e tente novamente.");
    }
    const tenth = await lookup(wrong, ip);
    expect(tenth.res.status).toBe(429);
    expect(tenth.html).toMatch(/Muitas tentativas com código inválido\. Por segurança, aguarde \d+ minutos? antes de tentar novamente\./);
    // Blocked now, even with the right code (no oracle while blocked).
    const blocked = await lookup(code, ip);
    expect(blocked.res.status).toBe(429);
    expect(blocked.html).not.toContain("Tentativas de código");
    // And the add-information form is blocked the same way.
    const addBlocked = await addInfo(code, "bloqueado", undefined, ip);
    expect(addBlocked.res.status).toBe(429);
    // Another address looks it up normally.
    const other = await lookup(code);
    expect(other.res.status).toBe(200);
    expect(other.html).toContain("Tentativas de código");
    // A right code does not count as a failure.
    const ip2 = "198.18.9.10";
    for (let i = 0; i < 12; i++) expect((await lookup(code, ip2)).res.status).toBe(200);
  });
});

describe("the conversation", () => {
  it("the reporter sees public replies only; staff see internal notes too", async () => {
    const { code, id } = await fileComplaint("Horas extras não pagas");
    const pub = await staffAction({ intent: "reply", id, visibility: "public", body: "Resposta pública: vamos apurar." });
    expect(pub.status).toBe(200);
    expect(pub.text).toContain("Resposta pública registrada. O denunciante poderá vê-la com o código.");
    const internal = await staffAction({ intent: "reply", id, visibility: "internal", body: "Nota interna: falar com o RH da empresa." });
    expect(internal.status).toBe(200);
    expect(internal.text).toContain("Nota interna registrada.");

    const { html } = await lookup(code);
    expect(html).toContain("Resposta pública: vamos apurar.");
    expect(html).not.toContain("Nota interna: falar com o RH da empresa.");
    expect(html).toContain("Equipe do Sindicato");
    // The staff member's name is not shown to the reporter.
    expect(html).not.toContain((await t.user("juridico")).name);

    const staffView = await (await juridico.get(`/dashboard/denuncias?id=${id}`)).text();
    expect(staffView).toContain("Resposta pública: vamos apurar.");
    expect(staffView).toContain("Nota interna: falar com o RH da empresa.");
  });

  it("the reporter adds text and a file, re-sending the code; staff see both", async () => {
    const { code, id } = await fileComplaint("Falta de água potável");
    const added = await addInfo(code, "Desde segunda-feira.");
    expect(added.res.status).toBe(200);
    expect(added.html).toContain("Informação adicionada à denúncia. Obrigado!");
    expect(added.html).toContain("Desde segunda-feira.");
    const withFile = await addInfo(code, "", { bytes: await plainPng(), name: "bebedouro.png", type: "image/png" });
    expect(withFile.res.status).toBe(200);
    const rows = await t.query<{
      author: string;
      visibility: string;
      body: string;
      file_name: string | null;
      staff_user_id: string | null;
    }>`
      select m.author, m.visibility, m.body, f.file_name, m.staff_user_id
        from complaint_messages m left join files f on f.id = m.file_id
       where m.complaint_id = ${id} order by m.created_at, m.id`;
    expect(rows).toEqual([
      { author: "reporter", visibility: "public", body: "Desde segunda-feira.", file_name: null, staff_user_id: null },
      { author: "reporter", visibility: "public", body: "", file_name: "evidencia.webp", staff_user_id: null },
    ]);
    const staffView = await (await juridico.get(`/dashboard/denuncias?id=${id}`)).text();
    expect(staffView).toContain("Desde segunda-feira.");
    expect(staffView).toContain('data-testid="thread-reporter"');
  });

  it("refuses an empty addition, a file of another type and a wrong hidden code, keeping what is there", async () => {
    const { code, id } = await fileComplaint("Uniforme rasgado");
    const count = async () =>
      (await t.query<{ n: number }>`select count(*)::int as n from complaint_messages where complaint_id = ${id}`)[0].n;
    const files = async () => (await t.query<{ n: number }>`select count(*)::int as n from files`)[0].n;
    const beforeFiles = await files();

    const empty = await addInfo(code, "   ");
    expect(empty.res.status).toBe(400);
    expect(empty.html).toContain("Escreva uma mensagem ou anexe um arquivo.");
    // The complaint stays on screen next to the error.
    expect(empty.html).toContain("Uniforme rasgado");

    const exe = await addInfo(code, "veja", { bytes: elfBytes(), name: "foto.jpg", type: "image/jpeg" });
    expect(exe.res.status).toBe(415);
    expect(exe.html).toContain("Tipo de arquivo não permitido. Use imagens, PDF ou áudio.");
    expect(exe.html).toContain("Uniforme rasgado");

    const tooLong = await addInfo(code, "x".repeat(2001));
    expect(tooLong.res.status).toBe(400);
    expect(tooLong.html).toContain("Mensagem muito longa (máximo 2000 caracteres).");

    const forged = await addInfo(code.slice(0, 15) + ((Number(code[15]) + 1) % 10), "forjado");
    expect(forged.res.status).toBe(404);
    expect(forged.html).toContain("Código não encontrado. Confira os 16 dígitos e tente novamente.");

    expect(await count()).toBe(0);
    expect(await files()).toBe(beforeFiles);
  });

  it("shows the status the staff set", async () => {
    const { code, id } = await fileComplaint("Status visível");
    const res = await staffAction({ intent: "status", id, status: "in_review", adminNotes: "Notas que o denunciante não vê." });
    expect(res.status).toBe(200);
    const { html } = await lookup(code);
    expect(html).toMatch(/data-testid="complaint-status"[^>]*>Em Análise</);
    expect(html).not.toContain("Notas que o denunciante não vê.");
  });
});

describe("demo receipt codes", () => {
  it("the documented demo code opens the seeded complaint with its public reply only", async () => {
    const { res, html } = await lookup("1111 2222 3333 4444");
    expect(res.status).toBe(200);
    expect(html).toContain("Falta de EPI no plantão noturno");
    expect(html).toContain("Recebemos sua denúncia");
    expect(html).not.toContain("Conferir com a empresa a nota fiscal");
  });
});

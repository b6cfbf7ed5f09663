import { beforeAll, describe, expect, it } from "vitest";
import { createServiceRecordRow } from "~/db/factories/services";
import { CONSULTA_MESSAGES } from "~/domain/service-records/consulta";
import { jobRow } from "../support/jobs";
import { addressSequence } from "../support/forwarded-client";
import { useMailingTestServer } from "../support/smtp";
import { signedIn } from "../support/suite";
import { visibleText } from "../support/html";
import { postConsulta } from "../support/service-records";

/**
 * The requester's side of a service record (ADRs 135, 136): the public /atendimento/consulta
 * (protocol + CPF's last 4 digits or the e-mail; one answer for an unknown protocol and a wrong
 * second factor; throttled; no one's data but the requester's first name; public entries only)
 * and the e-mail notices on creation and each status change, through the jobs and a real SMTP
 * server (retried while it is unreachable; never for an anonymous complaint).
 */
const { t, smtp } = useMailingTestServer(
  { TRUST_PROXY: "1", APP_URL: "https://sindicato.example", JOBS_POLL_MS: "100" },
  { behindProxy: true },
);
const as = signedIn(t, ["juridico", "secretaria"]);
let agent = "";
beforeAll(async () => {
  agent = (await t.user("juridico")).id;
});

const nextIp = addressSequence("198.18.1");
const consulta = (protocolo: string, verificador: string, ip = nextIp()) => postConsulta(t, protocolo, verificador, ip);
const REQUESTER = {
  requesterCpf: "529.982.247-25",
  requesterName: "Conceição Araújo dos Santos",
  requesterPhone: "(61) 99876-5432",
  requesterEmail: "Conceicao.Consulta@example.com",
};
async function createViaForm(extra: Record<string, string> = {}) {
  const res = await as("juridico").post("/dashboard/atendimento", {
    intent: "create",
    recordType: "atendimento_geral",
    sector: "juridico",
    serviceType: "Consulta trabalhista",
    "sd.caseType": "trabalhista",
    priority: "media",
    description: "Trabalhador pede orientação sobre horas extras não pagas.",
    ...REQUESTER,
    ...extra,
  });
  expect(res.status).toBe(200);
  const [r] = await t.query<{
    id: string;
    protocol: string;
  }>`select id, protocol from service_records order by created_at desc, protocol desc limit 1`;
  return r;
}
const changeStatus = (id: string, status: string, comment: string, isPublic = false) =>
  as("juridico").post(`/dashboard/atendimento/${id}`, {
    intent: "status",
    id,
    status,
    responsibleId: agent,
    comment,
    ...(isPublic ? { isPublic: "on" } : {}),
  });
const notices = (protocol: string) => t.query<{ id: number; state: string; attempts: number; subject: string }>`
  select id::int, state, attempts, payload->>'subject' as subject from jobs
  where name = 'send-email' and payload->>'text' like ${`%${protocol}%`} order by id`;

describe("the public consulta", () => {
  it("opens with the protocol and the CPF's last 4 digits or the e-mail, showing status, sector, dates and public entries only", async () => {
    const r = await createViaForm();
    expect((await changeStatus(r.id, "in_progress", "Documentos recebidos; em análise pelo advogado.", true)).status).toBe(200);
    expect((await changeStatus(r.id, "pending", "Nota interna: aguardar retorno do escritório.")).status).toBe(200);

    const byCpf = await consulta(r.protocol.toLowerCase(), "4725");
    expect(byCpf.status).toBe(200);
    const page = visibleText(byCpf.html);
    expect(page).toContain(r.protocol);
    expect(page).toContain("Olá, Conceição.");
    expect(page).toContain("Pendente"); // the current status, section 4's label
    expect(page).toContain("Jurídico");
    expect(page).toContain("Aberto em");
    expect(page).toContain("Prazo previsto");
    expect(page).toContain("Documentos recebidos; em análise pelo advogado.");
    expect(page).toContain("Status atualizado para Em Andamento");
    // Nothing internal, nobody's personal data but the first name.
    expect(byCpf.html).not.toContain("Nota interna");
    for (const secret of ["Araújo", "529.982", "52998224725", "99876", "conceicao.consulta@", (await t.user("juridico")).name]) {
      expect(byCpf.html, secret).not.toContain(secret);
    }

    const byEmail = await consulta(r.protocol, "  conceicao.consulta@EXAMPLE.com ");
    expect(byEmail.status).toBe(200);
    expect(visibleText(byEmail.html)).toContain("Documentos recebidos");
    expect(byEmail.html).not.toContain("conceicao.consulta@");
  });

  it("answers an unknown protocol and a wrong second factor the same way, and an anonymous complaint never opens", async () => {
    const r = await createViaForm();
    const anon = await createServiceRecordRow(t.db, {
      sector: "juridico",
      recordType: "denuncia_anonima",
      requesterName: "Denúncia Anônima",
      requesterCpf: null,
      requesterEmail: null,
    });
    const wrongDigits = await consulta(r.protocol, "0000");
    const wrongEmail = await consulta(r.protocol, "outra.pessoa@example.com");
    const unknown = await consulta("SIND19990101000000", "4725");
    const anonymous = await consulta(anon.protocol, "0000");
    const shape = (x: { status: number; html: string }) => ({
      status: x.status,
      says: visibleText(x.html).includes(CONSULTA_MESSAGES.notFound),
      result: x.html.includes('data-testid="consulta-result"'),
    });
    for (const x of [wrongDigits, wrongEmail, unknown, anonymous]) expect(shape(x)).toEqual({ status: 404, says: true, result: false });
    // The pages differ only in the echoed protocol.
    const strip = (x: { html: string }) => visibleText(x.html).replace(/SIND\d{14}/gi, "P");
    expect(strip(wrongDigits)).toBe(strip(unknown));
    expect(strip(anonymous)).toBe(strip(unknown));

    const badFormat = await consulta("ABC", "12");
    expect(badFormat.status).toBe(400);
    expect(visibleText(badFormat.html)).toContain(CONSULTA_MESSAGES.protocolFormat);
    expect(visibleText(badFormat.html)).toContain(CONSULTA_MESSAGES.verifierFormat);
  });

  it("throttles failed attempts per address: the 10th says so, then even the right pair is refused; other addresses go on", async () => {
    const r = await createViaForm();
    const ip = "198.18.9.9";
    for (let i = 1; i <= 9; i++) expect((await consulta(r.protocol, String(1000 + i), ip)).status).toBe(404);
    const tenth = await consulta(r.protocol, "2000", ip);
    expect(tenth.status).toBe(429);
    expect(visibleText(tenth.html)).toMatch(
      /Muitas tentativas sem sucesso\. Por segurança, aguarde \d+ minutos? antes de tentar novamente\./,
    );
    expect((await consulta(r.protocol, "4725", ip)).status).toBe(429);
    expect((await consulta(r.protocol, "4725")).status).toBe(200);
  });

  it("throttles failed attempts per protocol from many addresses", async () => {
    const r = await createViaForm();
    for (let i = 1; i < 20; i++) expect((await consulta(r.protocol, String(3000 + i))).status).toBe(404);
    expect((await consulta(r.protocol, "3999")).status).toBe(429);
    expect((await consulta(r.protocol, "4725")).status).toBe(429);
  });

  it("works as a plain GET with the protocol from the e-mail's link, and without JavaScript (a plain form post)", async () => {
    const res = await fetch(`${t.url}/atendimento/consulta?protocolo=SIND20261123143005`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const html = await res.text();
    expect(html).toMatch(/<form[^>]*method="post"/);
    expect(html).toContain('value="SIND20261123143005"');
    expect(html).toContain('name="verificador"');
  });
});

describe("e-mail notices to the requester", () => {
  it("on creation and on each status change, with the protocol and the consulta link; one per change", async () => {
    const r = await createViaForm();
    const created = await smtp.sink.waitFor((m) => m.subject === `Comprovante de atendimento - Protocolo ${r.protocol}`, 15_000);
    expect(created.to).toEqual([REQUESTER.requesterEmail.toLowerCase()]);
    expect(created.text).toContain(`https://sindicato.example/atendimento/consulta?protocolo=${r.protocol}`);
    expect(created.text).toContain("Olá, Conceição.");

    expect((await changeStatus(r.id, "in_progress", "Nota interna que não vai no e-mail.")).status).toBe(200);
    const changed = await smtp.sink.waitFor((m) => m.subject === `Atendimento ${r.protocol}: Em Andamento`, 15_000);
    expect(changed.text).toContain("foi atualizado para: Em Andamento");
    expect(changed.text).not.toContain("Nota interna");
    // A comment is not a status change; a refused change writes nothing.
    await as("juridico").post(`/dashboard/atendimento/${r.id}`, {
      intent: "comment",
      id: r.id,
      responsibleId: agent,
      comment: "Só um comentário.",
    });
    expect((await changeStatus(r.id, "in_progress", "De novo.")).status).toBe(409);
    await expect.poll(async () => (await notices(r.protocol)).map((n) => n.state), { timeout: 10_000 }).toEqual(["done", "done"]);
    expect(smtp.sink.messages.filter((m) => m.text.includes(r.protocol))).toHaveLength(2);
  });

  it("never for an anonymous complaint or a record without e-mail", async () => {
    const anon = await createViaForm({ recordType: "denuncia_anonima", requesterCpf: "", requesterName: "" });
    const noMail = await createViaForm({ requesterEmail: "" });
    expect((await changeStatus(anon.id, "in_progress", "Apuração iniciada.")).status).toBe(200);
    expect((await changeStatus(noMail.id, "in_progress", "Iniciado.")).status).toBe(200);
    expect(await notices(anon.protocol)).toEqual([]);
    expect(await notices(noMail.protocol)).toEqual([]);
  });

  it("is retried while the SMTP server is unreachable and goes out once it is back", async () => {
    await smtp.proxy.cut();
    let down = true;
    try {
      const r = await createViaForm();
      await expect
        .poll(async () => (await notices(r.protocol)).map((n) => `${n.state}:${n.attempts}`), { timeout: 10_000, interval: 100 })
        .toEqual(["queued:1"]);
      const [job] = await notices(r.protocol);
      expect((await jobRow(t.server, job.id)).last_error).toMatch(/ECONNREFUSED|connect|closed/i);
      expect(smtp.sink.messages.some((m) => m.text.includes(r.protocol))).toBe(false);
      await smtp.proxy.restore();
      down = false;
      await t.query`update jobs set run_at = now() where id = ${job.id}`;
      await smtp.sink.waitFor((m) => m.subject === `Comprovante de atendimento - Protocolo ${r.protocol}`, 15_000);
      await expect.poll(async () => (await jobRow(t.server, job.id)).state, { timeout: 10_000 }).toBe("done");
    } finally {
      if (down) await smtp.proxy.restore();
    }
  });
});

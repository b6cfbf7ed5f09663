import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { jobs } from "~/db/schema";
import { createServiceRecordRow } from "~/db/factories/services";
import { DEFAULT_CONTENT } from "~/domain/content/institutional";
import { useStaffActors, useUseCaseDatabase } from "../../../tests/support/use-case-db";
import { createServiceRecord } from "./create-service-record.server";
import { getServiceReceipt } from "./service-receipt.server";
import { serviceFormInput, serviceFormSchema } from "./service.schema";

/**
 * Issue 22 §4 (ADR 263): the comprovante de atendimento. Its facts (protocol, date, sector, type,
 * deadline, the union's name and address, the consulta's address and a QR code to it), never the
 * whole CPF, only for the record's sector; and the same receipt is the first e-mail notice.
 */
const t = useUseCaseDatabase();

const people = useStaffActors(t, { sec: ["secretaria", "Sara Secretaria"], jur: ["juridico"] });

describe("the printable receipt", () => {
  it("has the record's facts, the union's name and address and the consulta's QR code; the CPF masked", async () => {
    const r = await createServiceRecordRow(t.db, {
      sector: "secretaria",
      serviceType: "Declaração de filiação",
      requesterName: "Conceição Araújo",
      requesterCpf: "52998224725",
    });
    const receipt = await getServiceReceipt(people.sec, r.id);
    expect(receipt).toMatchObject({
      protocol: r.protocol,
      sector: "Secretaria",
      serviceType: "Declaração de filiação",
      requesterName: "Conceição Araújo",
      requesterCpfMasked: "***.982.247-**",
      anonymous: false,
      union: { name: DEFAULT_CONTENT.name, address: `${DEFAULT_CONTENT.address} · ${DEFAULT_CONTENT.addressDetail}` },
      dueAt: r.dueAt.toISOString(),
    });
    expect(receipt.consultaUrl).toMatch(new RegExp(`/atendimento/consulta\\?protocolo=${r.protocol}$`));
    expect(receipt.qrSvg).toMatch(/^<svg role="img" aria-label="QR Code com o endereço da consulta/);
    expect(JSON.stringify(receipt)).not.toContain("52998224725");
    expect(JSON.stringify(receipt)).not.toContain("529.982.247-25");
  });

  it("only for the record's sector (403), an unknown record 404", async () => {
    const r = await createServiceRecordRow(t.db, { sector: "secretaria" });
    await expect(getServiceReceipt(people.jur, r.id)).rejects.toMatchObject({ status: 403 });
    await expect(getServiceReceipt(people.sec, "00000000-0000-4000-8000-000000000777")).rejects.toMatchObject({ status: 404 });
  });
});

describe("the first e-mail notice is the receipt", () => {
  it("queued with the record: protocol, sector, type, deadline, the union, the link and the QR code inline; no CPF", async () => {
    const input = serviceFormSchema.parse(
      serviceFormInput({
        intent: "create",
        recordType: "atendimento_geral",
        sector: "secretaria",
        requesterCpf: "529.982.247-25",
        requesterName: "Conceição Araújo dos Santos",
        requesterEmail: "conceicao.recibo@example.com",
        serviceType: "Declaração de filiação",
        priority: "media",
        description: "Pede a declaração de filiação para o banco.",
        "sd.requestType": "informacao",
      }),
    );
    const record = await createServiceRecord(people.sec, input);
    const queued = await t.db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(and(eq(jobs.name, "send-email"), sql`${jobs.payload}->>'to' = 'conceicao.recibo@example.com'`));
    expect(queued).toHaveLength(1);
    const mail = queued[0].payload as {
      subject: string;
      text: string;
      html: string;
      attachments: Array<{ filename: string; contentType: string; cid: string; contentBase64: string }>;
    };
    expect(mail.subject).toBe(`Comprovante de atendimento - Protocolo ${record.protocol}`);
    expect(mail.text).toContain("Olá, Conceição.");
    expect(mail.text).toContain(`Protocolo: ${record.protocol}`);
    expect(mail.text).toContain("Setor: Secretaria");
    expect(mail.text).toContain("Tipo de atendimento: Declaração de filiação");
    expect(mail.text).toContain("Prazo previsto: ");
    expect(mail.text).toContain(DEFAULT_CONTENT.name);
    expect(mail.text).toContain(DEFAULT_CONTENT.address);
    expect(mail.text).toContain(`/atendimento/consulta?protocolo=${record.protocol}`);
    expect(mail.html).toContain('src="cid:consulta-qr"');
    expect(mail.attachments).toEqual([
      expect.objectContaining({ filename: "qrcode-consulta.png", contentType: "image/png", cid: "consulta-qr" }),
    ]);
    expect(Buffer.from(mail.attachments[0].contentBase64, "base64").subarray(1, 4).toString()).toBe("PNG");
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toContain("52998224725");
      expect(part).not.toContain("529.982.247-25");
    }
  });
});

import { authorize } from "~/auth/authorize";
import type { ServiceSector } from "~/auth/scopes";
import { db } from "~/db/client.server";
import type { ServiceRecordRow } from "~/db/schema";
import { getInstitutionalContent } from "~/domain/content/get-content.server";
import { maskCpfForList } from "~/lib/br/cpf";
import { formatDate, formatDateTime } from "~/lib/dates";
import { renderPixQr, renderPixQrPng } from "~/lib/pix-qr.server";
import { recordInScope, type ServiceActor } from "./service-access.server";
import { consultaLink, REPLY_HINT } from "./service-notices.server";
import { OTHER_TYPE, SECTOR_LABELS } from "./service-options";
import { firstName, greetedText } from "~/lib/first-name";

/**
 * The comprovante de atendimento (issue 22 §4, ADR 263): what the worker takes home, printed on
 * one A4 page or received as the first e-mail notice. Protocol, date, sector, type, deadline,
 * the union's name and address (the institutional content staff edit), and how to follow up:
 * the consulta's address with the protocol filled in, and a QR code to it (the `qrcode` module
 * the PIX page uses). Never the whole CPF: at most the masked one, on paper only.
 */
export type ReceiptRecord = Pick<
  ServiceRecordRow,
  "protocol" | "recordType" | "sector" | "serviceType" | "otherType" | "dueAt" | "createdAt" | "requesterName" | "requesterCpf"
>;

export type ServiceReceipt = {
  protocol: string;
  createdAt: string;
  dueAt: string;
  sector: string;
  serviceType: string;
  requesterName: string;
  requesterCpfMasked: string | null;
  anonymous: boolean;
  union: ReceiptUnion;
  consultaUrl: string;
  qrSvg: string;
};

const typeOf = (r: Pick<ReceiptRecord, "serviceType" | "otherType">) =>
  r.serviceType === OTHER_TYPE && r.otherType ? r.otherType : r.serviceType;

const qrAlt = (protocol: string) => `QR Code com o endereço da consulta do atendimento ${protocol}.`;

export type ReceiptUnion = { name: string; address: string; phone: string | null; email: string | null };

/** The union as the receipt names it: the institutional content staff edit at /dashboard/conteudo. */
export async function receiptUnion(): Promise<ReceiptUnion> {
  const c = await getInstitutionalContent();
  return {
    name: c.name,
    address: [c.address, c.addressDetail].filter(Boolean).join(" · "),
    phone: c.phones[0] ?? null,
    email: c.email || null,
  };
}

export async function buildServiceReceipt(record: ReceiptRecord): Promise<ServiceReceipt> {
  const anonymous = record.recordType === "denuncia_anonima";
  const consultaUrl = consultaLink(record.protocol);
  return {
    protocol: record.protocol,
    createdAt: record.createdAt.toISOString(),
    dueAt: record.dueAt.toISOString(),
    sector: SECTOR_LABELS[record.sector as ServiceSector] ?? record.sector,
    serviceType: typeOf(record),
    requesterName: record.requesterName,
    requesterCpfMasked: record.requesterCpf ? maskCpfForList(record.requesterCpf) : null,
    anonymous,
    union: await receiptUnion(),
    consultaUrl,
    qrSvg: (await renderPixQr(consultaUrl, qrAlt(record.protocol))).svg,
  };
}

/** The receipt of a record the actor may read (serviceScope): 404 unknown, 403 another sector. */
export async function getServiceReceipt(actor: ServiceActor, id: string) {
  authorize(actor, "services.read");
  return buildServiceReceipt(await recordInScope(db(), actor, id));
}

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * The receipt as the first e-mail notice to the requester: the same facts (no CPF at all), the
 * consulta's link, and its QR code as an inline PNG (most mail readers show no SVG). `u` is read
 * by the caller before its transaction opens (PGlite runs one transaction at a time).
 */
export async function serviceReceiptEmail(record: ReceiptRecord, u: ReceiptUnion, o: { replies?: boolean } = {}) {
  // Replies are threaded into the record (ADR 264): say so when a reply address is configured.
  const closing = o.replies ? REPLY_HINT : "Esta é uma mensagem automática; não é preciso respondê-la.";
  const link = consultaLink(record.protocol);
  const first = firstName(record.requesterName);
  const sector = SECTOR_LABELS[record.sector as ServiceSector] ?? record.sector;
  const rows: Array<[string, string]> = [
    ["Protocolo", record.protocol],
    ["Registrado em", formatDateTime(record.createdAt)],
    ["Setor", sector],
    ["Tipo de atendimento", typeOf(record)],
    ["Prazo previsto", formatDate(record.dueAt)],
  ];
  const text = greetedText(record.requesterName, [
    `Seu atendimento foi registrado no ${u.name}. Este é o seu comprovante de atendimento.`,
    "",
    ...rows.map(([k, v]) => `${k}: ${v}`),
    "",
    `Acompanhe o andamento em: ${link}`,
    "Para consultar, informe o protocolo e os 4 últimos dígitos do seu CPF ou este e-mail.",
    "",
    u.name,
    u.address,
    "",
    closing,
  ]);
  const html = `<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#0f172a">
<p>Olá, ${escapeHtml(first)}.</p>
<p>Seu atendimento foi registrado no ${escapeHtml(u.name)}. Este é o seu <strong>comprovante de atendimento</strong>.</p>
<table role="presentation" style="border-collapse:collapse">
${rows.map(([k, v]) => `<tr><td style="padding:2px 12px 2px 0;color:#475569">${escapeHtml(k)}</td><td style="padding:2px 0"><strong>${escapeHtml(v)}</strong></td></tr>`).join("\n")}
</table>
<p>Acompanhe o andamento em <a href="${escapeHtml(link)}">${escapeHtml(link)}</a>, com o protocolo e os 4 últimos dígitos do seu CPF ou este e-mail, ou leia o QR Code:</p>
<p><img src="cid:consulta-qr" width="200" height="200" alt="${escapeHtml(qrAlt(record.protocol))}"></p>
<p style="color:#475569">${escapeHtml(u.name)}<br>${escapeHtml(u.address)}</p>
<p style="color:#475569">${escapeHtml(closing)}</p>
</body></html>`;
  const png = await renderPixQrPng(link);
  return {
    subject: `Comprovante de atendimento - Protocolo ${record.protocol}`,
    text,
    html,
    attachments: [{ filename: "qrcode-consulta.png", contentType: "image/png", contentBase64: png.toString("base64"), cid: "consulta-qr" }],
  };
}

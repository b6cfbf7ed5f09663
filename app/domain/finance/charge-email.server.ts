import { db } from "~/db/client.server";
import { recordAudit } from "~/domain/audit/record-audit.server";
import { authorize, type Actor } from "~/auth/authorize";
import { enqueueEmail } from "~/jobs/send-email.server";
import { AppError } from "~/utils/app-error";
import { formatDate } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { buildBrCode, txidForCharge } from "~/lib/pix";
import { renderPixQrPng } from "~/lib/pix-qr.server";
import { getPixConfig } from "./pix-settings.server";
import { findChargeForPix } from "./pix.server";
import { PIX_PAGE_MESSAGES } from "./pix.schema";
import { referenceLabel } from "./finance-options";
import { maskEmail } from "./mask-email";
import { firstName, greetedText } from "~/lib/first-name";

/**
 * 'Enviar por e-mail' on a charge's page (issue 19 item 7, ADR 216): the member gets the amount,
 * the due date, the PIX copia-e-cola and the QR code (a PNG, inline and attached), through the
 * send-email job, queued in the transaction that writes the audit entry. One queued e-mail per
 * charge at a time (a double click sends one). Refused with a pt-BR message when the member has
 * no e-mail, was anonymised, the charge is paid or the PIX is not configured.
 */

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function chargeEmail(o: {
  memberName: string;
  receiverName: string;
  month: number;
  year: number;
  amountCentavos: number;
  dueDate: string;
  code: string;
  example: boolean;
}) {
  const first = firstName(o.memberName);
  const ref = referenceLabel(o.month, o.year);
  const amount = formatMoney(o.amountCentavos);
  const due = formatDate(o.dueDate);
  const warning = o.example ? "ATENÇÃO: chave PIX de exemplo (demonstração). Não use este código para pagar." : null;
  const text = greetedText(o.memberName, [
    `Segue a cobrança da sua mensalidade de ${ref} no ${o.receiverName}.`,
    "",
    `Valor: ${amount}`,
    `Vencimento: ${due}`,
    "",
    ...(warning ? [warning, ""] : []),
    "Para pagar, abra o aplicativo do seu banco, escolha PIX e leia o QR Code anexo, ou use o PIX copia e cola com o código abaixo:",
    "",
    o.code,
    "",
    `Confira o recebedor (${o.receiverName}) e o valor de ${amount} antes de confirmar.`,
    "",
    "Esta é uma mensagem automática; não é preciso respondê-la.",
  ]);
  const html = `<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#0f172a">
<p>Olá, ${escapeHtml(first)}.</p>
<p>Segue a cobrança da sua mensalidade de <strong>${escapeHtml(ref)}</strong> no ${escapeHtml(o.receiverName)}.</p>
<p>Valor: <strong>${escapeHtml(amount)}</strong><br>Vencimento: <strong>${escapeHtml(due)}</strong></p>
${warning ? `<p style="color:#92400e"><strong>${escapeHtml(warning)}</strong></p>` : ""}
<p>Leia o QR Code no aplicativo do seu banco (PIX):</p>
<p><img src="cid:pix-qr" width="240" height="240" alt="QR Code PIX de ${escapeHtml(amount)} para ${escapeHtml(o.receiverName)}"></p>
<p>Ou use o PIX copia e cola:</p>
<p style="font-family:monospace;word-break:break-all;border:1px solid #cbd5e1;padding:8px">${escapeHtml(o.code)}</p>
<p>Confira o recebedor e o valor antes de confirmar.</p>
<p style="color:#475569">Esta é uma mensagem automática; não é preciso respondê-la.</p>
</body></html>`;
  return { subject: `Mensalidade ${ref}: ${amount}, vencimento ${due}`, text, html };
}

export async function sendChargeByEmail(actor: Actor, chargeId: string): Promise<{ message: string; jobId: number | null }> {
  authorize(actor, "finance.charge-email");
  const row = await findChargeForPix(chargeId);
  if (!row) throw new AppError(404, PIX_PAGE_MESSAGES.chargeNotFound);
  if (row.anonymizedAt) throw new AppError(422, PIX_PAGE_MESSAGES.emailAnonymized);
  const email = row.memberEmail?.trim();
  if (!email) throw new AppError(422, PIX_PAGE_MESSAGES.emailNoAddress);
  if (row.paymentId) throw new AppError(409, PIX_PAGE_MESSAGES.emailPaid);
  const config = await getPixConfig();
  if (!config.configured) throw new AppError(409, PIX_PAGE_MESSAGES.emailNotConfigured);
  const { key, receiverName, city } = config.settings;
  const code = buildBrCode({ key, receiverName, city, amountCentavos: row.amountCentavos, txid: txidForCharge(row.id) });
  const png = await renderPixQrPng(code);
  const mail = chargeEmail({
    memberName: row.memberName,
    receiverName,
    month: row.referenceMonth,
    year: row.referenceYear,
    amountCentavos: row.amountCentavos,
    dueDate: row.dueDate,
    code,
    example: config.example,
  });
  const shown = maskEmail(email);
  return db().transaction(async (tx) => {
    const jobId = await enqueueEmail(
      {
        to: email,
        ...mail,
        attachments: [{ filename: "qrcode-pix.png", contentType: "image/png", contentBase64: png.toString("base64"), cid: "pix-qr" }],
      },
      { tx, singletonKey: `charge-email:${row.id}` },
    );
    if (jobId === null) return { message: PIX_PAGE_MESSAGES.emailAlreadyQueued(shown), jobId };
    await recordAudit(tx, actor, "charge.emailed", row.id, {
      memberId: row.memberId,
      jobId,
      amountCentavos: row.amountCentavos,
      dueDate: row.dueDate,
    });
    return { message: PIX_PAGE_MESSAGES.emailQueued(shown), jobId };
  });
}

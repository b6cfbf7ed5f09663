import QRCode from "qrcode";
import { formatMoney } from "./money";

/**
 * The QR code image of a BR Code (issue 11, ADR 151), rendered on the server so the browser
 * gets an SVG string and no QR library. The SVG carries `role="img"`, an `aria-label` and a
 * `<title>` with the text alternative; inline it, or use it as
 * `<img src={"data:image/svg+xml," + encodeURIComponent(svg)} alt={alt}>` (the CSP allows
 * data: images). Error correction M, the usual for payment codes, with the 4-module quiet zone
 * the QR standard asks for. The copy-and-paste text beside it is the same code.
 */

export type PixQr = { svg: string; alt: string };

/** "QR Code PIX de R$ 50,00 para Sindicato dos Bombeiros. O mesmo código está em PIX copia e cola." */
export function pixQrAlt(o: { receiverName: string; amountCentavos?: number }): string {
  const amount = o.amountCentavos === undefined ? "" : ` de ${formatMoney(o.amountCentavos)}`;
  return `QR Code PIX${amount} para ${o.receiverName}. O mesmo código está em PIX copia e cola.`;
}

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export async function renderPixQr(code: string, alt: string): Promise<PixQr> {
  const raw = await QRCode.toString(code, { type: "svg", errorCorrectionLevel: "M", margin: 4 });
  const label = escapeXml(alt);
  const svg = raw
    .trim()
    .replace(/^<svg /, `<svg role="img" aria-label="${label}" `)
    .replace(/^(<svg[^>]*>)/, `$1<title>${label}</title>`);
  return { svg, alt };
}

/** The same QR as a PNG (for e-mail, where SVG images are not shown by most readers). */
export async function renderPixQrPng(code: string): Promise<Buffer> {
  return QRCode.toBuffer(code, { type: "png", errorCorrectionLevel: "M", margin: 4, width: 320 });
}

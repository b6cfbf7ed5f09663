import jsQR from "jsqr";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { buildBrCode, txidForCharge } from "./pix";
import { pixQrAlt, renderPixQr } from "./pix-qr.server";

/** Rasterise the SVG (8 pixels per module) and read it back with an independent decoder. */
async function decode(svg: string) {
  const { data, info } = await sharp(Buffer.from(svg), { density: 72 * 8 })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)?.data ?? null;
}

describe("the BR Code's QR image", () => {
  it("decodes back to the exact code, short and long", async () => {
    const codes = [
      buildBrCode({ key: "123e4567-e12b-12d1-a456-426655440000", receiverName: "Fulano de Tal", city: "BRASILIA" }),
      buildBrCode({
        key: `tesouraria.sindicato.bombeiros.civis@${"a".repeat(30)}.org.br`,
        receiverName: "Sindicato dos Bombeiros Civis do Distrito Federal",
        city: "Núcleo Bandeirante",
        amountCentavos: 9_999_999_999,
        txid: txidForCharge("ffffffff-ffff-ffff-ffff-ffffffffffff"),
      }),
    ];
    for (const code of codes) {
      const { svg } = await renderPixQr(code, "QR");
      expect(await decode(svg)).toBe(code);
    }
  });

  it("carries its text alternative as role, label and title, escaped", async () => {
    const alt = pixQrAlt({ receiverName: 'Sindicato <Bombeiros> & "DF"', amountCentavos: 5000 });
    expect(alt).toBe('QR Code PIX de R$\u00A050,00 para Sindicato <Bombeiros> & "DF". O mesmo código está em PIX copia e cola.');
    const { svg, alt: same } = await renderPixQr("000201", alt);
    expect(same).toBe(alt);
    expect(svg).toMatch(
      /^<svg role="img" aria-label="QR Code PIX de R\$\u00A050,00 para Sindicato &lt;Bombeiros&gt; &amp; &quot;DF&quot;\./,
    );
    expect(svg).toContain("<title>QR Code PIX de R$\u00A050,00 para Sindicato &lt;Bombeiros&gt; &amp; &quot;DF&quot;.");
    expect(svg.endsWith("</svg>")).toBe(true);
    expect(pixQrAlt({ receiverName: "Sindicato" })).toBe("QR Code PIX para Sindicato. O mesmo código está em PIX copia e cola.");
  });
});

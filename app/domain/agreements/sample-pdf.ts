/**
 * A small, valid one-page PDF written by hand (catalogue, page tree, one page, Helvetica in
 * WinAnsi so Portuguese accents print, and a correct cross-reference table). The demo seed
 * and the tests use it; no PDF library is needed for that.
 */
function pdfString(text: string) {
  // Latin-1 covers Portuguese; anything else becomes "?".
  const latin1 = [...text].map((c) => (c.charCodeAt(0) <= 0xff ? c : "?")).join("");
  return `(${latin1.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

export function samplePdf(title: string, lines: readonly string[] = []): Buffer {
  const text = [
    "BT",
    "/F1 18 Tf",
    "56 770 Td",
    `${pdfString(title)} Tj`,
    "/F1 11 Tf",
    "0 -28 Td",
    "14 TL",
    ...lines.map((l) => `${pdfString(l)} '`),
    "ET",
  ].join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    `<< /Length ${Buffer.byteLength(text, "latin1")} >>\nstream\n${text}\nendstream`,
  ];
  let body = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

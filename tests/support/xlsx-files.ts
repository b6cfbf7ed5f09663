import zlib from "node:zlib";
import { expect } from "vitest";
import type { Client } from "./http";

/**
 * Spreadsheet files for the import tests and the import benchmark (bench/imports): a legitimate
 * .xlsx written by the app's own writer, and hand-made ones whose every byte is chosen — a
 * declared dimension, a million rows, a single far-away cell, a zip bomb (honest or lying about
 * its size). The zip is written here (stored or deflated entries, no library) so a test controls
 * what a real tool would never write.
 */

export type ZipPart = {
  name: string;
  /** The content, whole or as chunks (a huge part is deflated chunk by chunk). */
  data: string | Buffer | Iterable<Buffer | string>;
  /** The uncompressed size to declare instead of the real one (a lying zip bomb). */
  declaredSize?: number;
};

function dosTime() {
  return { time: 0, date: ((2024 - 1980) << 9) | (1 << 5) | 1 };
}

/** Deflates pieces as a stream (only the compressed bytes are kept). */
async function deflate(pieces: Iterable<Buffer | string>) {
  const z = zlib.createDeflateRaw({ level: 6 });
  const out: Buffer[] = [];
  z.on("data", (b: Buffer) => out.push(b));
  const done = new Promise<void>((resolve, reject) => {
    z.once("end", resolve);
    z.once("error", reject);
  });
  let crc = 0;
  let size = 0;
  for (const piece of pieces) {
    const b = typeof piece === "string" ? Buffer.from(piece, "utf8") : piece;
    crc = zlib.crc32(b, crc);
    size += b.length;
    if (!z.write(b)) await new Promise((r) => z.once("drain", r));
  }
  z.end();
  await done;
  return { body: Buffer.concat(out), crc, size };
}

/** A zip archive (deflated entries) from parts. */
export async function zip(parts: ZipPart[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  const { time, date } = dosTime();
  for (const part of parts) {
    const name = Buffer.from(part.name, "utf8");
    const pieces = typeof part.data === "string" || Buffer.isBuffer(part.data) ? [part.data] : part.data;
    const { body, crc, size } = await deflate(pieces);
    const declared = part.declaredSize ?? size;
    // The fields both headers share, from "version needed" on: the local header's at 4, the
    // central directory's at 6 (after its "version made by").
    const entry = (header: Buffer, at: number) => {
      header.writeUInt16LE(20, at); // version needed
      header.writeUInt16LE(0x0800, at + 2); // UTF-8 names
      header.writeUInt16LE(8, at + 4); // deflate
      header.writeUInt16LE(time, at + 6);
      header.writeUInt16LE(date, at + 8);
      header.writeUInt32LE(crc >>> 0, at + 10);
      header.writeUInt32LE(body.length, at + 14);
      header.writeUInt32LE(declared >>> 0, at + 18);
      header.writeUInt16LE(name.length, at + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    entry(local, 4);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4); // version made by
    entry(dir, 6);
    dir.writeUInt32LE(offset, 42);
    central.push(dir, name);
    chunks.push(local, name, body);
    offset += local.length + name.length + body.length;
  }
  const dirBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(dirBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, dirBytes, end]);
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Planilha1" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`;
const SHARED_STRINGS_REL = `<Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>`;
const SHEET_HEAD = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">`;

/** An .xlsx whose first sheet's XML is given (as one string or in pieces), with optional shared strings. */
export function rawXlsx(
  sheet: string | Iterable<Buffer | string>,
  opts: { declaredSheetSize?: number; sharedStrings?: readonly string[] } = {},
) {
  const parts: ZipPart[] = [
    { name: "[Content_Types].xml", data: CONTENT_TYPES },
    { name: "_rels/.rels", data: ROOT_RELS },
    { name: "xl/workbook.xml", data: WORKBOOK },
    {
      name: "xl/_rels/workbook.xml.rels",
      data: opts.sharedStrings ? WORKBOOK_RELS.replace("</Relationships>", SHARED_STRINGS_REL + "</Relationships>") : WORKBOOK_RELS,
    },
    { name: "xl/worksheets/sheet1.xml", data: sheet, declaredSize: opts.declaredSheetSize },
  ];
  if (opts.sharedStrings) {
    const items = opts.sharedStrings.map((t) => `<si><t>${esc(t)}</t></si>`).join("");
    parts.push({
      name: "xl/sharedStrings.xml",
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${opts.sharedStrings.length}" uniqueCount="${opts.sharedStrings.length}">${items}</sst>`,
    });
  }
  return zip(parts);
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const colName = (i: number) => {
  let n = i + 1;
  let s = "";
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
};

/** A reference to shared string `index` (for sheets written with `sharedStrings`). */
export type SharedRef = { s: number };

/** One sheet row of inline strings, numbers or shared-string references, as XML. */
export function rowXml(r: number, cells: readonly (string | number | SharedRef)[]) {
  let out = `<row r="${r}">`;
  cells.forEach((c, i) => {
    if (c === "") return;
    const ref = `${colName(i)}${r}`;
    if (typeof c === "number") out += `<c r="${ref}"><v>${c}</v></c>`;
    else if (typeof c === "object") out += `<c r="${ref}" t="s"><v>${c.s}</v></c>`;
    else out += `<c r="${ref}" t="inlineStr"><is><t>${esc(c)}</t></is></c>`;
  });
  return out + "</row>";
}

/**
 * A sheet of `rows` data rows under `headers`, written row by row, with or without a declared
 * dimension: `cell(i)` gives data row i's cells.
 */
export function* sheetXml(
  headers: readonly string[],
  rows: number,
  cell: (i: number) => readonly (string | number | SharedRef)[],
  opts: { dimension?: boolean } = {},
) {
  const dimension = opts.dimension === false ? "" : `<dimension ref="A1:${colName(headers.length - 1)}${rows + 1}"/>`;
  let buf = `${SHEET_HEAD}${dimension}<sheetData>${rowXml(1, headers)}`;
  for (let i = 0; i < rows; i++) {
    buf += rowXml(i + 2, cell(i));
    if (buf.length > 1 << 20) {
      yield Buffer.from(buf, "utf8");
      buf = "";
    }
  }
  yield Buffer.from(`${buf}</sheetData></worksheet>`, "utf8");
}

/** The 1.6 KB file whose only cell is XFD1048576 (the last cell a sheet can have). */
export function farCellXlsx(dimension = "XFD1048576") {
  return rawXlsx(
    `${SHEET_HEAD}<dimension ref="${dimension}"/><sheetData><row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>x</t></is></c></row></sheetData></worksheet>`,
  );
}

/**
 * A million (by default) rows under the members' and the workplaces' required headers, about
 * 10 MB zipped: with or without its declared dimension.
 */
export function millionRowsXlsx(opts: { rows?: number; dimension?: boolean } = {}) {
  const rows = opts.rows ?? 1_000_000;
  const names = Array.from({ length: 1000 }, (_, i) => `Pessoa ${i}`);
  return rawXlsx(
    sheetXml(["nome_associado", "cpf", "nome_fantasia", "endereco", "cep"], rows, (i) => [{ s: i % 1000 }, 52_998_224_725], {
      dimension: opts.dimension,
    }),
    { sharedStrings: names },
  );
}

/** A sheet that inflates to `megabytes` of blank space: honest about its size, or declaring `declaredSize`. */
export function zipBombXlsx(megabytes = 1024, declaredSize?: number) {
  function* body() {
    yield Buffer.from(`${SHEET_HEAD}<sheetData>`, "utf8");
    const blank = Buffer.alloc(1024 * 1024, 0x20);
    for (let i = 0; i < megabytes; i++) yield blank;
    yield Buffer.from("</sheetData></worksheet>", "utf8");
  }
  return rawXlsx(body(), { declaredSheetSize: declaredSize });
}

/** Every row of an .xlsx's first sheet, as text cells (read with the app's streaming reader). */
export async function readXlsxSheet(bytes: Buffer | ArrayBuffer) {
  const { readXlsxRows } = await import("~/domain/imports/xlsx-reader.server");
  const rows: string[][] = [];
  await readXlsxRows(Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes), {
    onRow: (_row, cells) => rows.push(Array.from(cells, (c) => c ?? "")),
  });
  return rows;
}

/**
 * An .xlsx of `rows` under `headers` (inline strings and numbers), made here rather than by the
 * app's writer, so an import test does not depend on what it may be testing.
 */
export function xlsxOf(headers: readonly string[], rows: readonly (readonly (string | number)[])[]) {
  return rawXlsx(sheetXml(headers, rows.length, (i) => rows[i]));
}

/** A spreadsheet download (an import's template, an export) as `client`: an .xlsx whose file name is or matches `fileName`; its sheet's rows. */
export async function downloadXlsx(client: Client, url: string, fileName: string | RegExp) {
  const res = await client.get(url);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("spreadsheetml");
  expect(res.headers.get("content-disposition")).toMatch(fileName);
  return readXlsxSheet(await res.arrayBuffer());
}

/**
 * An import's template: its `columns` carry `headers` (written out by the test, in order), and
 * the .xlsx downloaded from `url` (named `fileName`) has them as its first row, then one example row.
 */
export async function expectImportTemplate(
  client: Client,
  url: string,
  fileName: string,
  columns: readonly { header: string }[],
  headers: readonly string[],
) {
  expect(columns.map((c) => c.header)).toEqual(headers);
  const sheet = await downloadXlsx(client, url, fileName);
  expect(sheet[0]).toEqual(headers);
  expect(sheet).toHaveLength(2);
}

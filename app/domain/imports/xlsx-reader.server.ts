import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";
import type { Readable } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";
import type { SaxesParser as Saxes, SaxesTagPlain } from "saxes";
import type * as Yauzl from "yauzl";
import type { Entry, ZipFile } from "yauzl";

// Both are CommonJS packages, required directly: through `import`, Node's ESM loader first scans
// their source for named exports, which held the event loop ~60 ms on the first upload (measured;
// `require` takes ~15 ms).
const requireCjs = createRequire(import.meta.url);
const yauzl = requireCjs("yauzl") as typeof Yauzl;
const { SaxesParser } = requireCjs("saxes") as { SaxesParser: typeof Saxes };

/**
 * Reads the first sheet of an .xlsx upload as a stream of rows (issue 18 §2, ADR 173), without
 * ever building the workbook: yauzl reads the zip's directory from the upload and inflates one
 * part at a time (zlib, off the main thread), counting the bytes it lets out; saxes parses the
 * XML as it arrives. Each row goes to `onRow` as soon as it is closed; the sheet's declared
 * `<dimension>` goes to `onDimension` before any row. A handler that throws stops the reading at
 * once (the rest of the file is never inflated). The reader yields to the event loop every few
 * milliseconds, so a hostile file cannot hold it.
 *
 * Loaded on first use only (ADR 104): `spreadsheet.server.ts` imports this module dynamically.
 */

/** Why an .xlsx could not be read; the caller turns each into its pt-BR 4xx. */
export class XlsxError extends Error {
  constructor(
    public readonly reason: "not-xlsx" | "unreadable" | "too-large",
    detail: string,
  ) {
    super(detail);
  }
}

export type XlsxLimits = {
  /** The most bytes the sheet's XML may inflate to (a zip bomb stops here). */
  sheetBytes: number;
  /** The most bytes the shared strings may inflate to (they are kept while the sheet is read). */
  sharedStringsBytes: number;
  /** The most shared strings. */
  sharedStrings: number;
  /** The most bytes any other part read (workbook, relationships, styles) may inflate to. */
  partBytes: number;
  /** Cells past this column are ignored. */
  maxColumns: number;
};

export const DEFAULT_XLSX_LIMITS: XlsxLimits = {
  sheetBytes: 256 * 1024 * 1024,
  sharedStringsBytes: 48 * 1024 * 1024,
  sharedStrings: 1_500_000,
  partBytes: 4 * 1024 * 1024,
  maxColumns: 1024,
};

/** A declared range: first and last row numbers (1-based) of `<dimension ref="A1:Q50001">`. */
export type Dimension = { firstRow: number; lastRow: number };

export type XlsxHandlers = {
  onDimension?: (dimension: Dimension) => void;
  /** One sheet row: its number (1-based) and its cells by column (0-based, sparse). */
  onRow: (row: number, cells: string[]) => void;
  /**
   * Awaited after each inflated chunk of the sheet is parsed (a few hundred rows at most): the
   * caller's back-pressure. The reader does not read on until it settles, so a caller that
   * writes rows as they come (an import's commit, ADR 253) holds only a batch at a time.
   */
  afterChunk?: () => Promise<void> | void;
};

/** Excel's own cap on a cell's text. */
const MAX_CELL_CHARS = 32_767;
const MAX_ENTRIES = 4096;
/** How long the reader works before it lets the event loop run. */
const SLICE_MS = 8;

const local = (name: string) => {
  const i = name.indexOf(":");
  return i < 0 ? name : name.slice(i + 1);
};

/** 'AB12' → 28 (1-based column), or 0. */
function columnOf(ref: string) {
  let col = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c >= 65 && c <= 90) col = col * 26 + (c - 64);
    else if (c >= 97 && c <= 122) col = col * 26 + (c - 96);
    else break;
    if (col > 16_384) return 0;
  }
  return col;
}
function rowOf(ref: string) {
  const m = /(\d+)$/.exec(ref);
  return m ? Number(m[1]) : 0;
}

/** `A1:Q50001` (or a single cell, `XFD1048576`) → its rows. */
export function parseDimension(ref: string): Dimension | null {
  const [from, to = from] = ref.split(":");
  const firstRow = rowOf(from ?? "");
  const lastRow = rowOf(to ?? "");
  if (!firstRow || !lastRow) return null;
  return { firstRow: Math.min(firstRow, lastRow), lastRow: Math.max(firstRow, lastRow) };
}

/** Whether an Excel number format shows a date (built-in ids, or a code with days or years). */
function isDateFormat(id: number, custom: Map<number, string>) {
  const code = custom.get(id);
  if (code !== undefined) {
    const bare = code
      .replace(/"[^"]*"/g, "")
      .replace(/\[[^\]]*\]/g, "")
      .replace(/\\./g, "");
    return /[dy]/i.test(bare) && !/^general$/i.test(bare.trim());
  }
  return (id >= 14 && id <= 22) || (id >= 27 && id <= 36) || (id >= 45 && id <= 47) || (id >= 50 && id <= 58);
}

/** An Excel date serial → aaaa-mm-dd (what the old reader gave for a date cell). */
function serialToIso(serial: number, date1904: boolean) {
  if (!Number.isFinite(serial) || serial < 0 || serial > 2_958_465) return null;
  const days = Math.floor(serial);
  // The 1900 system counts a 29/02/1900 that never was: serials from 61 on are one day ahead.
  const ms = date1904
    ? Date.UTC(1904, 0, 1) + days * 86_400_000
    : days >= 61
      ? Date.UTC(1899, 11, 30) + days * 86_400_000
      : Date.UTC(1899, 11, 31) + days * 86_400_000;
  return new Date(ms).toISOString().slice(0, 10);
}

/** A number cell's text as a person would read it ('12345678901', '0.5'). */
function numberText(raw: string) {
  const t = raw.trim();
  if (/^-?\d+(\.\d+)?$/.test(t)) return t;
  const n = Number(t);
  return Number.isFinite(n) ? String(n) : t;
}

/** Normalises a zip path ('xl/worksheets/../sharedStrings.xml' → 'xl/sharedStrings.xml'). */
function resolvePath(base: string, target: string) {
  const parts = (target.startsWith("/") ? target.slice(1) : base + target).split("/");
  const out: string[] = [];
  for (const p of parts) {
    if (p === "..") out.pop();
    else if (p !== "." && p !== "") out.push(p);
  }
  return out.join("/");
}

function openZip(bytes: Buffer): Promise<Map<string, Entry> & { zip?: ZipFile }> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false, decodeStrings: true }, (error, zip) => {
      if (error || !zip) return reject(new XlsxError("unreadable", String(error?.message ?? error)));
      const entries = new Map<string, Entry>() as Map<string, Entry> & { zip?: ZipFile };
      entries.zip = zip;
      zip.on("entry", (entry: Entry) => {
        if (entries.size >= MAX_ENTRIES) {
          zip.close();
          return reject(new XlsxError("unreadable", "too many entries"));
        }
        entries.set(entry.fileName.replace(/\\/g, "/").replace(/^\//, ""), entry);
        zip.readEntry();
      });
      zip.once("end", () => resolve(entries));
      zip.once("error", (e: Error) => reject(new XlsxError("unreadable", e.message)));
      zip.readEntry();
    });
  });
}

function openStream(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) =>
      error || !stream ? reject(new XlsxError("unreadable", String(error?.message ?? error))) : resolve(stream),
    );
  });
}

type Parser = Saxes<{ xmlns: false }>;

/** Thrown inside a parser's handler to stop reading a part early (not an error). */
const STOP = Symbol("stop");

/** What went wrong while reading a part: a handler's own refusal (an AppError) passes as it is. */
function failure(error: unknown): Error | null {
  if (error === STOP) return null;
  if (error instanceof XlsxError) return error;
  if (error instanceof Error && "status" in error) return error;
  const message = error instanceof Error ? error.message : String(error);
  // yauzl's count of an entry that inflates past its declared size.
  return new XlsxError(/too many bytes/i.test(message) ? "too-large" : "unreadable", message);
}

/**
 * Inflates one part into a fresh XML parser set up by `wire`, chunk by chunk, refusing past
 * `maxBytes` (declared or actual) and yielding to the event loop between slices of work.
 */
async function parsePart(
  zip: ZipFile,
  entry: Entry,
  maxBytes: number,
  wire: (parser: Parser) => void,
  afterChunk?: () => Promise<void> | void,
) {
  if (entry.uncompressedSize > maxBytes) throw new XlsxError("too-large", `${entry.fileName}: ${entry.uncompressedSize} bytes declared`);
  const parser: Parser = new SaxesParser({ xmlns: false });
  wire(parser);
  const stream = await openStream(zip, entry);
  const decoder = new TextDecoder("utf-8");
  let seen = 0;
  let slice = performance.now();
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      seen += chunk.length;
      // yauzl also stops an entry that inflates past its declared size; this holds either way.
      if (seen > maxBytes) throw new XlsxError("too-large", `${entry.fileName}: over ${maxBytes} bytes`);
      parser.write(decoder.decode(chunk, { stream: true }));
      if (afterChunk) await afterChunk();
      if (performance.now() - slice > SLICE_MS) {
        await nextTurn();
        slice = performance.now();
      }
    }
    parser.write(decoder.decode());
    parser.close();
  } catch (error) {
    const e = failure(error);
    if (e) throw e;
  } finally {
    stream.destroy();
  }
}

/** The targets of a relationships part, by relationship type's last segment ('officeDocument', 'worksheet'…) and id. */
async function readRels(zip: ZipFile, entries: Map<string, Entry>, path: string, limits: XlsxLimits) {
  const entry = entries.get(path);
  const rels: { id: string; type: string; target: string }[] = [];
  if (!entry) return rels;
  await parsePart(zip, entry, limits.partBytes, (p) => {
    p.on("opentag", (tag: SaxesTagPlain) => {
      if (local(tag.name) !== "Relationship") return;
      const a = tag.attributes as Record<string, string>;
      if (a.TargetMode === "External") return;
      rels.push({ id: a.Id ?? "", type: (a.Type ?? "").split("/").pop() ?? "", target: a.Target ?? "" });
    });
  });
  return rels;
}

type Workbook = { sheetPath: string; sharedStringsPath?: string; stylesPath?: string; date1904: boolean };

async function readWorkbook(zip: ZipFile, entries: Map<string, Entry>, limits: XlsxLimits): Promise<Workbook> {
  const root = await readRels(zip, entries, "_rels/.rels", limits);
  const workbookPath = resolvePath("", root.find((r) => r.type === "officeDocument")?.target ?? "xl/workbook.xml");
  const entry = entries.get(workbookPath);
  if (!entry) throw new XlsxError("not-xlsx", "no workbook part");
  let firstSheetRel: string | undefined;
  let date1904 = false;
  await parsePart(zip, entry, limits.partBytes, (p) => {
    p.on("opentag", (tag: SaxesTagPlain) => {
      const name = local(tag.name);
      const a = tag.attributes as Record<string, string>;
      if (name === "workbookPr") date1904 = a.date1904 === "1" || a.date1904 === "true";
      else if (name === "sheet" && firstSheetRel === undefined) {
        const idKey = Object.keys(a).find((k) => k.includes(":") && local(k) === "id");
        firstSheetRel = idKey ? a[idKey] : undefined;
      }
    });
  });
  const dir = workbookPath.includes("/") ? workbookPath.slice(0, workbookPath.lastIndexOf("/") + 1) : "";
  const relsPath = `${dir}_rels/${workbookPath.slice(dir.length)}.rels`;
  const rels = await readRels(zip, entries, relsPath, limits);
  const sheetRel = rels.find((r) => r.id === firstSheetRel) ?? rels.find((r) => r.type === "worksheet");
  const sheetPath = sheetRel ? resolvePath(dir, sheetRel.target) : `${dir}worksheets/sheet1.xml`;
  if (!entries.has(sheetPath)) throw new XlsxError("not-xlsx", "no worksheet part");
  const find = (type: string, fallback: string) => {
    const rel = rels.find((r) => r.type === type);
    const path = rel ? resolvePath(dir, rel.target) : `${dir}${fallback}`;
    return entries.has(path) ? path : undefined;
  };
  return { sheetPath, sharedStringsPath: find("sharedStrings", "sharedStrings.xml"), stylesPath: find("styles", "styles.xml"), date1904 };
}

/** Which cell styles (by index) show a date. */
async function readDateStyles(zip: ZipFile, entries: Map<string, Entry>, path: string | undefined, limits: XlsxLimits) {
  const dates = new Set<number>();
  if (!path) return dates;
  const custom = new Map<number, string>();
  const xfs: number[] = [];
  let inCellXfs = false;
  await parsePart(zip, entries.get(path)!, limits.partBytes, (p) => {
    p.on("opentag", (tag: SaxesTagPlain) => {
      const name = local(tag.name);
      const a = tag.attributes as Record<string, string>;
      if (name === "numFmt") custom.set(Number(a.numFmtId), a.formatCode ?? "");
      else if (name === "cellXfs") inCellXfs = true;
      else if (name === "xf" && inCellXfs) xfs.push(Number(a.numFmtId ?? 0));
    });
    p.on("closetag", (tag: SaxesTagPlain) => {
      if (local(tag.name) === "cellXfs") inCellXfs = false;
    });
  });
  xfs.forEach((id, i) => {
    if (isDateFormat(id, custom)) dates.add(i);
  });
  return dates;
}

async function readSharedStrings(zip: ZipFile, entries: Map<string, Entry>, path: string | undefined, limits: XlsxLimits) {
  const strings: string[] = [];
  if (!path) return strings;
  let current = "";
  let inT = false;
  let phonetic = 0;
  await parsePart(zip, entries.get(path)!, limits.sharedStringsBytes, (p) => {
    p.on("opentag", (tag: SaxesTagPlain) => {
      const name = local(tag.name);
      if (name === "si") current = "";
      else if (name === "rPh") phonetic++;
      else if (name === "t" && phonetic === 0) inT = !tag.isSelfClosing;
    });
    p.on("text", (text: string) => {
      if (inT && current.length < MAX_CELL_CHARS) current += text;
    });
    p.on("cdata", (text: string) => {
      if (inT && current.length < MAX_CELL_CHARS) current += text;
    });
    p.on("closetag", (tag: SaxesTagPlain) => {
      const name = local(tag.name);
      if (name === "t") inT = false;
      else if (name === "rPh") phonetic--;
      else if (name === "si") {
        if (strings.length >= limits.sharedStrings) throw new XlsxError("too-large", "too many shared strings");
        strings.push(current.slice(0, MAX_CELL_CHARS));
      }
    });
  });
  return strings;
}

/**
 * Streams the first sheet's rows to `handlers`. Throws XlsxError ('not-xlsx' for a zip that is
 * no workbook, 'unreadable', 'too-large'); whatever a handler throws is passed on as it is.
 */
export async function readXlsxRows(bytes: Buffer, handlers: XlsxHandlers, limits: XlsxLimits = DEFAULT_XLSX_LIMITS): Promise<void> {
  const entries = await openZip(bytes);
  const zip = entries.zip!;
  try {
    const book = await readWorkbook(zip, entries, limits);
    const dateStyles = await readDateStyles(zip, entries, book.stylesPath, limits);
    const shared = await readSharedStrings(zip, entries, book.sharedStringsPath, limits);
    let rowNumber = 0;
    let cells: string[] = [];
    let inRow = false;
    let col = 0;
    let type = "";
    let style = -1;
    let value = "";
    let inline = "";
    let inV = false;
    let inIs = false;
    let inT = false;
    let phonetic = 0;
    const flushRow = () => {
      if (inRow) handlers.onRow(rowNumber, cells);
      inRow = false;
    };
    await parsePart(
      zip,
      entries.get(book.sheetPath)!,
      limits.sheetBytes,
      (p) => {
        p.on("opentag", (tag: SaxesTagPlain) => {
          const a = tag.attributes as Record<string, string>;
          switch (local(tag.name)) {
            case "dimension": {
              const d = a.ref ? parseDimension(a.ref) : null;
              if (d) handlers.onDimension?.(d);
              break;
            }
            case "row":
              flushRow();
              rowNumber = a.r ? Number(a.r) || rowNumber + 1 : rowNumber + 1;
              cells = [];
              col = 0;
              inRow = true;
              break;
            case "c":
              // A reference past XFD is no column: the cell is ignored.
              col = a.r ? columnOf(a.r) || Number.MAX_SAFE_INTEGER : col + 1;
              type = a.t ?? "n";
              style = a.s ? Number(a.s) : -1;
              value = "";
              inline = "";
              break;
            case "v":
              inV = !tag.isSelfClosing;
              break;
            case "is":
              inIs = true;
              break;
            case "rPh":
              phonetic++;
              break;
            case "t":
              inT = inIs && phonetic === 0 && !tag.isSelfClosing;
              break;
          }
        });
        const onText = (text: string) => {
          if (inV && value.length < MAX_CELL_CHARS) value += text;
          else if (inT && inline.length < MAX_CELL_CHARS) inline += text;
        };
        p.on("text", onText);
        p.on("cdata", onText);
        p.on("closetag", (tag: SaxesTagPlain) => {
          switch (local(tag.name)) {
            case "v":
              inV = false;
              break;
            case "t":
              inT = false;
              break;
            case "rPh":
              phonetic--;
              break;
            case "is":
              inIs = false;
              break;
            case "c": {
              if (!inRow || col < 1 || col > limits.maxColumns) break;
              let text: string;
              if (type === "s") text = shared[Number(value)] ?? "";
              else if (type === "inlineStr") text = inline;
              else if (type === "str") text = value;
              else if (type === "b") text = value.trim() === "1" ? "true" : value.trim() === "0" ? "false" : value;
              else if (type === "e") text = "";
              else if (type === "d") text = /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : value;
              else if (value === "") text = "";
              else if (style >= 0 && dateStyles.has(style)) text = serialToIso(Number(value), book.date1904) ?? numberText(value);
              else text = numberText(value);
              if (text !== "") cells[col - 1] = text.slice(0, MAX_CELL_CHARS);
              break;
            }
            case "row":
              flushRow();
              break;
            case "sheetData":
              flushRow();
              throw STOP;
          }
        });
      },
      handlers.afterChunk,
    );
  } finally {
    zip.close();
  }
}

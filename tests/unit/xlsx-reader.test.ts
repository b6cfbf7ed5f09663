import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readXlsxRows, XlsxError } from "~/domain/imports/xlsx-reader.server";
import { writeXlsx } from "~/domain/imports/spreadsheet.server";
import { readXlsxSheet, zip } from "../support/xlsx-files";

/** The streaming .xlsx reader and the writer (ADR 173). */

describe("what the writer writes, the reader reads back as text", () => {
  it("strings with accents and markup characters, numbers (a CPF stored as a number too), bold headers", async () => {
    const bytes = await writeXlsx("filiados", [
      [
        { value: "matricula", bold: true },
        { value: "nome_associado", bold: true },
        { value: "cpf", bold: true },
      ],
      [1234, "Conceição & Araújo <Filha>", "529.982.247-25"],
      [null, "Sem Matrícula", 52998224725],
      [7, "", 0.5],
    ]);
    expect(await readXlsxSheet(bytes)).toEqual([
      ["matricula", "nome_associado", "cpf"],
      ["1234", "Conceição & Araújo <Filha>", "529.982.247-25"],
      ["", "Sem Matrícula", "52998224725"],
      ["7", "", "0.5"],
    ]);
  });
});

const CT = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>`;
const NS = `xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"`;
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

/** A workbook in another layout than the usual: its own folder, absolute and relative targets, 1904 dates. */
async function unusualWorkbook() {
  return zip([
    { name: "[Content_Types].xml", data: CT },
    {
      name: "_rels/.rels",
      data: `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="a" Type="${REL}/officeDocument" Target="/book/main.xml"/></Relationships>`,
    },
    {
      name: "book/main.xml",
      data: `<x:workbook ${NS.replace('xmlns="', 'xmlns:x="')}><x:workbookPr date1904="1"/><x:sheets><x:sheet name="Oculta" sheetId="2" r:id="s2"/><x:sheet name="B" sheetId="1" r:id="s1"/></x:sheets></x:workbook>`,
    },
    {
      name: "book/_rels/main.xml.rels",
      data: `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="s1" Type="${REL}/worksheet" Target="sheets/other.xml"/><Relationship Id="s2" Type="${REL}/worksheet" Target="sheets/../sheets/first.xml"/><Relationship Id="t" Type="${REL}/sharedStrings" Target="/book/strings.xml"/><Relationship Id="st" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    },
    {
      name: "book/strings.xml",
      data: `<sst ${NS}><si><r><t>Con</t></r><r><rPr><b/></rPr><t xml:space="preserve">ceição </t></r><rPh><t>ふりがな</t></rPh></si><si><t>nome_associado</t></si></sst>`,
    },
    {
      name: "book/styles.xml",
      data: `<styleSheet ${NS}><numFmts count="1"><numFmt numFmtId="164" formatCode="dd/mm/yyyy;@"/></numFmts><cellStyleXfs count="1"><xf numFmtId="14"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="14"/></cellXfs></styleSheet>`,
    },
    // The first sheet of the workbook (not the first relationship): cells without references, a
    // shared rich string, a custom date format, a built-in one, a boolean, an error, a formula's
    // cached text, and a cell past the column limit.
    {
      name: "book/sheets/first.xml",
      data: `<worksheet ${NS}><sheetData><row><c t="s"><v>1</v></c><c><v>5</v></c></row><row r="3"><c t="s"><v>0</v></c><c s="1"><v>0</v></c><c s="2"><v>10000.75</v></c><c t="b"><v>1</v></c><c t="e"><v>#N/A</v></c><c t="str"><f>A1</f><v>texto</v></c><c r="AMK3"><v>9</v></c></row></sheetData></worksheet>`,
    },
    {
      name: "book/sheets/other.xml",
      data: `<worksheet ${NS}><sheetData><row r="1"><c t="inlineStr"><is><t>errada</t></is></c></row></sheetData></worksheet>`,
    },
  ]);
}

describe("the streaming reader", () => {
  it("follows the workbook's relationships, shared rich strings (without phonetic text), dates of both systems, booleans and formulas", async () => {
    const rows: [number, string[]][] = [];
    await readXlsxRows(await unusualWorkbook(), { onRow: (r, cells) => rows.push([r, Array.from(cells, (c) => c ?? "")]) });
    expect(rows).toEqual([
      [1, ["nome_associado", "5"]],
      // 1904 system: serial 0 is 1904-01-01 and 10000.75 is 1931-05-19 (the time dropped).
      [3, ["Conceição ", "1904-01-01", "1931-05-19", "true", "", "texto"]],
    ]);
  });

  it("a zip that is not a workbook, and bytes that are not a zip, are told apart", async () => {
    const docx = await zip([{ name: "word/document.xml", data: "<document/>" }]);
    await expect(readXlsxRows(docx, { onRow: () => {} })).rejects.toMatchObject({ reason: "not-xlsx" });
    await expect(readXlsxRows(Buffer.from("PK\u0003\u0004 quebrado"), { onRow: () => {} })).rejects.toBeInstanceOf(XlsxError);
  });

  it("an entity the XML does not define (an XXE attempt) is unreadable, never resolved", async () => {
    const xxe = await zip([
      {
        name: "_rels/.rels",
        data: `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="a" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      },
      { name: "xl/workbook.xml", data: `<workbook ${NS}><sheets><sheet name="A" sheetId="1" r:id="s"/></sheets></workbook>` },
      {
        name: "xl/_rels/workbook.xml.rels",
        data: `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="s" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      },
      {
        name: "xl/worksheets/sheet1.xml",
        data: `<?xml version="1.0"?><!DOCTYPE w [<!ENTITY x SYSTEM "file:///etc/passwd">]><worksheet ${NS}><sheetData><row r="1"><c t="inlineStr"><is><t>&x;</t></is></c></row></sheetData></worksheet>`,
      },
    ]);
    const rows: string[][] = [];
    await expect(readXlsxRows(xxe, { onRow: (_r, cells) => rows.push([...cells]) })).rejects.toMatchObject({ reason: "unreadable" });
    expect(JSON.stringify(rows)).not.toContain("root:");
  });
});

describe("loaded on first use (ADR 104)", () => {
  const APP = path.resolve("app");
  const files = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []));

  it("no module imports the spreadsheet libraries or the reader statically (types aside); exceljs nowhere", () => {
    const staticImports: string[] = [];
    for (const file of files(APP)) {
      const src = fs.readFileSync(file, "utf8");
      const rel = path.relative(APP, file);
      for (const m of src.matchAll(/^\s*import\s(?!type\s)[^;]*?from\s*["']([^"']+)["']/gm)) {
        const spec = m[1];
        if (/^(yauzl|saxes|write-excel-file)(\/|$)/.test(spec) || /xlsx-reader\.server$/.test(spec) || spec === "exceljs")
          staticImports.push(`${rel} → ${spec}`);
      }
      expect(src, rel).not.toMatch(/["']exceljs["']/);
    }
    expect(staticImports).toEqual([]);
    // The reader itself is loaded with import() and takes its CommonJS libraries with require.
    expect(fs.readFileSync(path.join(APP, "domain/imports/spreadsheet.server.ts"), "utf8")).toContain('import("./xlsx-reader.server")');
    expect(fs.readFileSync(path.join(APP, "domain/imports/xlsx-reader.server.ts"), "utf8")).toMatch(
      /requireCjs\("yauzl"\)[\s\S]*requireCjs\("saxes"\)/,
    );
  });
});

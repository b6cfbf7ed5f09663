import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { readEveryWay as readAll, runsFormula as runs } from "../../tests/support/csv";
import { csvMoney, csvStream, csvText, toCsv } from "./csv.server";

/** The attacks tried on the exports (issue 18 §3), and their neighbours. */
const PAYLOADS = [
  "=1+1",
  "+1",
  "-1+1",
  "@SUM(1)",
  "\t=1",
  "\r=1",
  '=HYPERLINK("http://evil.example")',
  '=1+1,=HYPERLINK("http://evil.example")',
  "Posto;=1+1;X",
  "x ;=3+3;",
  "a,=1+1",
  "a, =1+1",
  'a,"=1+1',
  'a;""@x',
  '"=1+1"',
  'a";=1+1',
  'a","=1+1',
  "a\n=1+1",
  "a\r\n+1",
  "a\t-1+1",
  "\uFF1D1+1",
  "x,\uFF20SUM(1)",
  "-",
  "@",
  "=",
];

describe("the one CSV writer (ADR 176)", () => {
  it("writes BOM, ';', CRLF, every field quoted (empty ones too)", () => {
    const csv = toCsv([
      ["a", "", null, 12, "x;y"],
      ["b", undefined, true, false, 'c"d'],
    ]);
    expect(csv).toBe('\uFEFF"a";"";"";"12";"x;y"\r\n"b";"";"Sim";"Não";"c""d"\r\n');
  });

  it("every payload, alone and after each delimiter, stays one cell and starts no formula in any reading", () => {
    const cells: string[] = [];
    for (const p of PAYLOADS) cells.push(p, `x,${p}`, `x;${p}`, `${p},x`, `${p};x`, `x ,${p}`, `x\n${p}`);
    // One cell per row between two neighbours, and all of them in one row, so every neighbour pair is tried.
    const rows = [...cells.map((c) => ["antes", c, "depois"]), cells];
    const csv = toCsv(rows);

    const strict = parse(csv, { bom: true, delimiter: ";", relax_column_count: true }) as string[][];
    expect(strict).toHaveLength(rows.length);
    strict.forEach((r, i) => expect(r, JSON.stringify(rows[i])).toEqual(rows[i].map(csvText)));

    for (const { name, rows: read } of readAll(csv)) {
      if (name === "; strict") expect(read.length).toBe(rows.length);
      for (const r of read) for (const c of r) expect(runs(c), `${name}: ${JSON.stringify(c)}`).toBe(false);
    }
  });

  it("each payload as the only cell of a file, in each reading", () => {
    for (const p of PAYLOADS) {
      for (const { name, rows } of readAll(toCsv([[p]]))) {
        for (const c of rows.flat()) expect(runs(c), `${name}: ${JSON.stringify(p)} → ${JSON.stringify(c)}`).toBe(false);
      }
    }
  });

  it("neutralises with a leading apostrophe and keeps the rest of the text", () => {
    expect(csvText("=1+1")).toBe("'=1+1");
    expect(csvText("\t=1")).toBe("'\t'=1");
    expect(csvText("Posto;=1+1;X")).toBe("Posto;'=1+1;X");
    expect(csvText("x ;=3+3;")).toBe("x ;'=3+3;");
    expect(csvText('a,"=1+1')).toBe("a,'\"=1+1");
    expect(csvText("a, =1+1")).toBe("a,' =1+1");
    expect(csvText("Rua A, 10 - Centro")).toBe("Rua A, 10 - Centro");
    expect(csvText("+55 61 99999-0000")).toBe("'+55 61 99999-0000");
  });

  it("money: decimal comma, no symbol; a plain negative number stays a number", () => {
    expect(csvMoney(123456)).toBe("1234,56");
    expect(csvMoney(5)).toBe("0,05");
    expect(csvMoney(-1250)).toBe("-12,50");
    expect(csvMoney(9_999_999_999n)).toBe("99999999,99");
    expect(csvText(csvMoney(-1250))).toBe("-12,50");
    expect(csvText(-3)).toBe("-3");
    expect(csvText(1.5)).toBe("1,5");
    // Anything more than a plain number is neutralised.
    expect(csvText("-12,50+1")).toBe("'-12,50+1");
    expect(csvText("-1,-1")).toBe("'-1,'-1");
  });
});

describe("csvStream", () => {
  async function* batches(...list: (string | number)[][][]) {
    for (const b of list) yield b;
  }

  it("writes the same bytes as toCsv, the header first and each batch as it comes", async () => {
    const header = ["Nome", "Valor"];
    const rows = [
      ["=1+1", 3],
      ["Ação", -12],
      ["x;=2", 0],
    ];
    const stream = csvStream(header, batches(rows.slice(0, 2), [], rows.slice(2)));
    const reader = stream.getReader();
    const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
    const chunks: string[] = [];
    for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(decoder.decode(r.value));
    // The BOM and the header first, on their own (sent before the source is read at all).
    expect(chunks[0]).toBe(toCsv([header]));
    expect(chunks.join("")).toBe(toCsv([header, ...rows]));
  });

  it("a source that fails midway errors the stream (a cut download, never a file that looks whole)", async () => {
    const seen: unknown[] = [];
    async function* failing() {
      yield [["a"]];
      throw new Error("banco fora do ar");
    }
    const stream = csvStream(["Nome"], failing(), (e) => seen.push(e));
    await expect(new Response(stream).text()).rejects.toThrow("banco fora do ar");
    expect(seen).toHaveLength(1);
  });

  it("a client that goes away while a batch is read is no failure: nothing is logged, the source is closed", async () => {
    const seen: unknown[] = [];
    let closed = false;
    let release: () => void = () => {};
    async function* slow() {
      try {
        yield [["a"]];
        await new Promise<void>((resolve) => (release = resolve));
        yield [["b"]];
      } finally {
        closed = true;
      }
    }
    const reader = csvStream(["Nome"], slow(), (e) => seen.push(e)).getReader();
    await reader.read(); // the header
    await reader.read(); // the first batch
    await new Promise((resolve) => setTimeout(resolve, 10)); // the stream now waits on the second
    const cancelling = reader.cancel();
    release();
    await cancelling;
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(seen).toEqual([]);
    expect(closed).toBe(true);
  });
});

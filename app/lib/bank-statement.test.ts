import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { STATEMENT_MESSAGES, StatementError, decodeStatement, parseBankStatement } from "./bank-statement";
import { txidForCharge } from "./pix";

const fixture = (name: string) => fs.readFileSync(path.resolve("tests/fixtures", name));

/** What the Banco Inter sample (tests/fixtures/extrato-inter.csv) holds: four credits, two debits. */
const INTER_CREDITS = [
  {
    line: 7,
    date: "2026-03-02",
    amountCentavos: 5000,
    name: "JOSÉ DA CONCEIÇÃO",
    ispb: "00360305",
    payerDocument: null,
    description: "Pix recebido · Cp :00360305-JOSÉ DA CONCEIÇÃO",
    identifier: null,
    txid: null,
  },
  {
    line: 8,
    date: "2026-03-03",
    amountCentavos: 125000,
    name: "MARIA APARECIDA DE SOUZA",
    ispb: null,
    payerDocument: null,
    description: "Pix recebido · MARIA APARECIDA DE SOUZA",
    identifier: null,
    txid: null,
  },
  {
    line: 11,
    date: "2026-03-06",
    amountCentavos: 5000,
    name: "ANTÔNIO CARLOS; FILHO",
    ispb: null,
    payerDocument: null,
    description: "Pix recebido · ANTÔNIO CARLOS; FILHO",
    identifier: null,
    txid: null,
  },
  {
    line: 12,
    date: "2026-03-10",
    amountCentavos: 3590,
    name: "Boleto recebido",
    ispb: null,
    payerDocument: null,
    description: "Depósito boleto · Boleto recebido",
    identifier: null,
    txid: null,
  },
];

describe("the Banco Inter statement CSV", () => {
  it("reads the sample (UTF-8 with BOM, CRLF, preamble, ';', pt-BR amounts, a quoted ';')", () => {
    const s = parseBankStatement(fixture("extrato-inter.csv"));
    expect(s).toEqual({ format: "inter", encoding: "utf-8", credits: INTER_CREDITS, debits: 2, problems: [] });
  });

  it("reads the same statement re-saved as Windows-1252/Latin-1, without BOM, or already decoded", () => {
    const text = decodeStatement(fixture("extrato-inter.csv")).text.replace(/^\uFEFF/, "");
    expect(text.startsWith("Extrato")).toBe(true);
    const latin1 = parseBankStatement(Buffer.from(text, "latin1"));
    expect(latin1.encoding).toBe("windows-1252");
    expect(latin1.credits).toEqual(INTER_CREDITS);
    expect(parseBankStatement(Buffer.from(text, "utf8"))).toMatchObject({ encoding: "utf-8", credits: INTER_CREDITS });
    expect(parseBankStatement(text.replace(/\r\n/g, "\n")).credits).toEqual(INTER_CREDITS);
  });
});

describe("other exports found by their header", () => {
  it("reads the Nubank CSV (',' separators, dot decimals, its own identifier)", () => {
    const s = parseBankStatement(fixture("extrato-nubank.csv"));
    expect(s.format).toBe("nubank");
    expect(s.debits).toBe(1);
    expect(s.credits.map((c) => [c.line, c.date, c.amountCentavos, c.name, c.payerDocument, c.identifier, c.txid])).toEqual([
      [2, "2026-03-02", 5000, "JOSÉ DA CONCEIÇÃO", "***123456**", "6a1b2c3d-5e6f-4a1b-8c2d-000000000001", null],
      [3, "2026-03-03", 125000, "MARIA APARECIDA DE SOUZA", "***987654**", "6a1b2c3d-5e6f-4a1b-8c2d-000000000002", null],
    ]);
  });

  it("finds our txid in a txid column or in the description, whatever its case", () => {
    const a = txidForCharge("7d9f0335-8dcc-4054-9bf9-0dbd61d36906");
    const b = txidForCharge("0b6f6a3e-2f0e-4c1b-9a57-5d2b8f1e9c44");
    const csv = [
      "Data;Pagador;Valor;TXID",
      `01/04/2026;Fulano;50,00;${a}`,
      `02/04/2026;Beltrano ${b.toLowerCase()} ok;50,00;`,
      "03/04/2026;Sicrano;50,00;***",
    ].join("\n");
    const s = parseBankStatement(csv);
    expect(s.format).toBe("other");
    expect(s.credits.map((c) => [c.name, c.txid])).toEqual([
      ["Fulano", a],
      ["Beltrano ok", b],
      ["Sicrano", null],
    ]);
  });
});

describe("the payer's identity, whatever the wording (ADR 180)", () => {
  it("reads the name, the bank (ISPB) and the CPF out of the description; the txid is not part of the name", () => {
    const a = txidForCharge("7d9f0335-8dcc-4054-9bf9-0dbd61d36906");
    const csv = [
      "Data Lançamento;Histórico;Descrição;Valor;Saldo",
      "02/03/2026;Pix recebido;Cp :00360305-NOME DO PAGADOR;61,23;0,00",
      "02/03/2026;Pix recebido;CP: 360305 - Nome do Pagador;61,23;0,00",
      "02/03/2026;;NOME DO PAGADOR;61,23;0,00",
      `02/03/2026;Pix recebido;Cp :00000000-NOME DO PAGADOR ${a};61,23;0,00`,
      "02/03/2026;Pix recebido;NOME DO PAGADOR 123.456.789-09;61,23;0,00",
      "02/03/2026;Pix recebido;Cp :-NOME DO PAGADOR;61,23;0,00",
    ].join("\n");
    expect(parseBankStatement(csv).credits.map((c) => [c.name, c.ispb, c.payerDocument, c.txid])).toEqual([
      ["NOME DO PAGADOR", "00360305", null, null],
      ["Nome do Pagador", "00360305", null, null],
      ["NOME DO PAGADOR", null, null, null],
      ["NOME DO PAGADOR", "00000000", null, a],
      ["NOME DO PAGADOR", null, "12345678909", null],
      ["NOME DO PAGADOR", null, null, null],
    ]);
  });
});

describe("what cannot be read", () => {
  it("an amount above R$ 99.999.999,99 is a problem of its line, with the limit; up to it, a credit", () => {
    const csv = [
      "Data Lançamento;Histórico;Descrição;Valor;Saldo",
      "02/03/2026;Pix recebido;A;100.000.000,00;0,00",
      "02/03/2026;Pix recebido;B;99.999.999,99;0,00",
      "02/03/2026;Pix recebido;C;21.474.836,48;0,00",
    ].join("\n");
    const s = parseBankStatement(csv);
    expect(s.problems).toEqual([{ line: 2, message: STATEMENT_MESSAGES.tooLarge("100.000.000,00") }]);
    expect(STATEMENT_MESSAGES.tooLarge("1")).toBe('Valor acima do limite de R$\u00a099.999.999,99: "1".');
    expect(s.credits.map((c) => [c.line, c.amountCentavos])).toEqual([
      [3, 9_999_999_999],
      [4, 2_147_483_648],
    ]);
  });

  it("lists bad lines as problems and keeps reading the rest", () => {
    const csv = [
      "Data Lançamento;Histórico;Descrição;Valor;Saldo",
      "31/02/2026;Pix recebido;A;10,00;10,00",
      "2026-03-01;Pix recebido;B;10,00;20,00",
      "01/03/2026;Pix recebido;C;dez reais;20,00",
      "01/03/2026;Pix recebido;D;0,00;20,00",
      "01/03/2026;Pix recebido;E;10,001;20,00",
      ";;;;",
      "02/03/2026;Pix recebido;F;10,00;30,00",
    ].join("\n");
    const s = parseBankStatement(csv);
    expect(s.problems).toEqual([
      { line: 2, message: STATEMENT_MESSAGES.badDate("31/02/2026") },
      { line: 3, message: STATEMENT_MESSAGES.badDate("2026-03-01") },
      { line: 4, message: STATEMENT_MESSAGES.badAmount("dez reais") },
      { line: 5, message: STATEMENT_MESSAGES.badAmount("0,00") },
      { line: 6, message: STATEMENT_MESSAGES.badAmount("10,001") },
    ]);
    expect(s.credits.map((c) => [c.line, c.name])).toEqual([[8, "F"]]);
  });

  it("refuses a file with no statement in it, with pt-BR messages", () => {
    const refusal = (input: string | Uint8Array) => {
      try {
        parseBankStatement(input);
        return "read";
      } catch (e) {
        expect(e).toBeInstanceOf(StatementError);
        return (e as Error).message;
      }
    };
    expect(refusal("")).toBe(STATEMENT_MESSAGES.empty);
    expect(refusal(new Uint8Array([0xef, 0xbb, 0xbf, 0x0d, 0x0a]))).toBe(STATEMENT_MESSAGES.empty);
    expect(refusal("nome;idade\nFulano;40\n")).toBe(STATEMENT_MESSAGES.noHeader);
    expect(refusal(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]))).toBe(STATEMENT_MESSAGES.noHeader);
    expect(refusal('Data;Descrição;Valor\n01/03/2026;"sem fim;10,00\n')).toBe(STATEMENT_MESSAGES.malformed(2));
  });
});

import { getPixPayloadInfo } from "@brazilian-utils/brazilian-utils/get-pix-payload-info";
import fc from "fast-check";
import { hasError, parsePix, PixElementType } from "pix-utils";
import { describe, expect, it } from "vitest";
import { MAX_CENTAVOS } from "./money";
import {
  NO_TXID,
  PIX_MESSAGES,
  PixError,
  buildBrCode,
  chargeIdFromTxid,
  crc16,
  parsePixKey,
  pixKeyProblem,
  pixText,
  txidForCharge,
} from "./pix";

/**
 * The static BR Code example of the Banco Central's "Manual de Padrões para Iniciação do Pix"
 * (Regulamento Pix, anexo II; bcb.gov.br/content/estabilidadefinanceira/pix/Regulamento_Pix/
 * II_ManualdePadroesparaIniciacaodoPix.pdf): random key 123e4567-e12b-12d1-a456-426655440000,
 * "Fulano de Tal", BRASILIA, no amount, txid "***", CRC 1D3D. The same string is the reference
 * vector of ACBr's TACBrPIXQRCodeEstatico tests and of @brazilian-utils' isValidPixPayload docs.
 */
const MANUAL_EXAMPLE =
  "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D";

describe("the Banco Central manual's example", () => {
  it("is reproduced byte for byte", () => {
    expect(buildBrCode({ key: "123e4567-e12b-12d1-a456-426655440000", receiverName: "Fulano de Tal", city: "BRASILIA" })).toBe(
      MANUAL_EXAMPLE,
    );
  });

  it("has the CRC the manual prints, and CRC-16/CCITT-FALSE gives the catalogue's check value", () => {
    expect(crc16(MANUAL_EXAMPLE.slice(0, -4))).toBe("1D3D");
    expect(crc16("123456789")).toBe("29B1"); // the check value of CRC-16/CCITT-FALSE
    expect(crc16("")).toBe("FFFF");
  });
});

describe("buildBrCode", () => {
  const base = { key: "123e4567-e12b-12d1-a456-426655440000", receiverName: "Sindicato", city: "Brasilia" };

  it("writes the amount with two decimals from centavos, and the txid in field 62", () => {
    const code = buildBrCode({ ...base, amountCentavos: 123456, txid: "ABC123" });
    expect(code).toContain("54071234.56");
    expect(code).toContain("62100506ABC123");
    expect(buildBrCode({ ...base, amountCentavos: 1 })).toContain("54040.01");
    expect(buildBrCode({ ...base, amountCentavos: MAX_CENTAVOS })).toContain("541199999999.99");
    expect(code.slice(-8, -4)).toBe("6304");
    expect(code.slice(-4)).toBe(crc16(code.slice(0, -4)));
  });

  it("writes the key in its DICT form whatever mask it was typed with", () => {
    const keyOf = (key: string) => parsePix(buildBrCode({ ...base, key }));
    expect(keyOf("529.982.247-25")).toMatchObject({ pixKey: "52998224725" });
    expect(keyOf("11.222.333/0001-81")).toMatchObject({ pixKey: "11222333000181" });
    expect(keyOf(" Tesouraria@Sindicato.ORG.br ")).toMatchObject({ pixKey: "tesouraria@sindicato.org.br" });
    expect(keyOf("+55 (61) 98765-4321")).toMatchObject({ pixKey: "+5561987654321" });
    expect(keyOf("(61) 98765-4321")).toMatchObject({ pixKey: "+5561987654321" });
    expect(keyOf("7D9F0335-8DCC-4054-9BF9-0DBD61D36906")).toMatchObject({ pixKey: "7d9f0335-8dcc-4054-9bf9-0dbd61d36906" });
  });

  it("normalises names and cities as banks expect: no accents, allowed characters, cut at 25 and 15", () => {
    const code = buildBrCode({
      ...base,
      receiverName: "Sindicato dos Bombeiros Civis do Distrito Federal",
      city: "São Sebastião do Paraíso",
    });
    expect(code).toContain("5925Sindicato dos Bombeiros C");
    expect(code).toContain("6015Sao Sebastiao d");
    expect(pixText("Conceição – Associação «Brasília» 🚒", 99)).toBe("Conceicao Associacao Brasilia");
    expect(pixText("SÃO JOÃO D’ALIANÇA", 15)).toBe("SAO JOAO D ALIA");
    expect(pixText("Águas Claras   ", 15)).toBe("Aguas Claras");
    expect(pixText("Núcleo Bandeirante", 15)).toBe("Nucleo Bandeira");
    expect(pixText("Sobradinho II ", 15)).toBe("Sobradinho II");
    expect(pixText("Ação ﬁscal & Cia. 1/2", 25)).toBe("Acao fiscal & Cia. 1/2");
    // A cut that lands on a space does not leave it trailing; decomposed input (NFD) is the same text.
    expect(pixText("Maria da Conceição Silva Santos", 15)).toBe("Maria da Concei");
    expect(pixText("Jose Maria Abc", 11)).toBe("Jose Maria");
    expect(pixText("Sa\u0303o Paulo", 15)).toBe("Sao Paulo");
  });

  it("refuses what cannot make a valid code, with pt-BR messages", () => {
    const refusal = (over: Partial<Parameters<typeof buildBrCode>[0]>) => {
      try {
        buildBrCode({ ...base, ...over });
        return "built";
      } catch (e) {
        expect(e).toBeInstanceOf(PixError);
        return (e as Error).message;
      }
    };
    expect(refusal({ key: "" })).toBe(PIX_MESSAGES.keyRequired);
    expect(refusal({ key: "123.456.789-00" })).toBe(PIX_MESSAGES.keyInvalid);
    expect(refusal({ key: "+55 61 3344-5566" })).toBe(PIX_MESSAGES.keyInvalid); // a landline is no PIX key
    expect(refusal({ receiverName: "🚒 ★" })).toBe(PIX_MESSAGES.receiverNameRequired);
    expect(refusal({ city: "   " })).toBe(PIX_MESSAGES.cityRequired);
    for (const amountCentavos of [0, -1, 1.5, MAX_CENTAVOS + 1, Number.NaN]) {
      expect(refusal({ amountCentavos }), String(amountCentavos)).toBe(PIX_MESSAGES.amountInvalid);
    }
    for (const txid of ["", "com-hifen", "çedilha", "A".repeat(26), "**"]) {
      expect(refusal({ txid }), txid).toBe(PIX_MESSAGES.txidInvalid);
    }
  });
});

describe("PIX keys", () => {
  it("tells the five kinds apart and refuses the rest", () => {
    expect(parsePixKey("529.982.247-25")).toEqual({ type: "cpf", value: "52998224725" });
    expect(parsePixKey("12ABC34501DE35")).toEqual({ type: "cnpj", value: "12ABC34501DE35" });
    expect(parsePixKey("a@b.com.br")).toEqual({ type: "email", value: "a@b.com.br" });
    expect(parsePixKey("+5561987654321")).toEqual({ type: "phone", value: "+5561987654321" });
    expect(parsePixKey("123e4567-e12b-12d1-a456-426655440000")).toEqual({ type: "evp", value: "123e4567-e12b-12d1-a456-426655440000" });
    for (const bad of ["", "abc", "111.111.111-11", "11.222.333/0001-82", "fulano@", `${"a".repeat(70)}@exemplo.com`, "+1 202 555 0100"]) {
      expect(parsePixKey(bad), bad).toBeNull();
    }
    expect(pixKeyProblem(" ")).toBe(PIX_MESSAGES.keyRequired);
    expect(pixKeyProblem("abc")).toBe(PIX_MESSAGES.keyInvalid);
    expect(pixKeyProblem("a@b.com.br")).toBeNull();
  });
});

describe("txidForCharge", () => {
  it("is 25 base-36 characters, deterministic, and leads back to the charge", () => {
    const id = "7d9f0335-8dcc-4054-9bf9-0dbd61d36906";
    const txid = txidForCharge(id);
    expect(txid).toMatch(/^[0-9A-Z]{25}$/);
    expect(txidForCharge(id.toUpperCase())).toBe(txid);
    expect(chargeIdFromTxid(txid)).toBe(id);
    expect(chargeIdFromTxid(txid.toLowerCase())).toBe(id);
    expect(txidForCharge("00000000-0000-0000-0000-000000000000")).toBe("0".repeat(25));
    expect(txidForCharge("ffffffff-ffff-ffff-ffff-ffffffffffff")).toBe("F5LXX1ZZ5PNORYNQGLHZMSP33");
  });

  it("refuses ids that are not UUIDs, and reads back only its own txids", () => {
    expect(() => txidForCharge("42")).toThrow(PixError);
    expect(() => txidForCharge("not-a-uuid")).toThrow(PIX_MESSAGES.chargeIdInvalid);
    expect(chargeIdFromTxid(NO_TXID)).toBeNull();
    expect(chargeIdFromTxid("ABC")).toBeNull();
    expect(chargeIdFromTxid("ZZZZZZZZZZZZZZZZZZZZZZZZZ")).toBeNull(); // beyond 128 bits
  });

  it("gives distinct charges distinct txids (property)", () => {
    fc.assert(
      fc.property(fc.uuid(), fc.uuid(), (a, b) => {
        expect(chargeIdFromTxid(txidForCharge(a))).toBe(a.toLowerCase());
        if (a.toLowerCase() !== b.toLowerCase()) expect(txidForCharge(a)).not.toBe(txidForCharge(b));
      }),
      { numRuns: 500, seed: 151 },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Every generated code read back by independent parsers (issue 11: ≥ 1,000 cases).

/** CPF and CNPJ check digits (mod 11) written here from the Receita Federal's rule, independent of the library. */
function mod11(ds: number[], weights: number[]) {
  const r = ds.reduce((s, d, i) => s + d * weights[i], 0) % 11;
  return r < 2 ? 0 : 11 - r;
}

/** Base digits and their two check digits: the second digit's weights are the first's with one more in front. */
function withCheckDigits(base: number[], weights: number[]) {
  const d1 = mod11(base, weights);
  return [...base, d1, mod11([...base, d1], [weights[0] + 1, ...weights])].join("");
}

const cpfFrom = (base: number[]) => withCheckDigits(base, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
const cnpjFrom = (base: number[]) => withCheckDigits(base, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);

const digits = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n });
const notAllEqual = (ds: number[]) => new Set(ds).size > 1;

/** [as typed, as the DICT writes it] */
type KeyCase = [string, string];

const cpfKey: fc.Arbitrary<KeyCase> = fc.tuple(digits(9).filter(notAllEqual), fc.boolean()).map(([base, masked]) => {
  const cpf = cpfFrom(base);
  return [masked ? `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}` : cpf, cpf];
});

const cnpjKey: fc.Arbitrary<KeyCase> = fc.tuple(digits(12).filter(notAllEqual), fc.boolean()).map(([base, masked]) => {
  const c = cnpjFrom(base);
  return [masked ? `${c.slice(0, 2)}.${c.slice(2, 5)}.${c.slice(5, 8)}/${c.slice(8, 12)}-${c.slice(12)}` : c, c];
});

const emailKey: fc.Arbitrary<KeyCase> = fc
  .tuple(
    fc.stringMatching(/^[a-z][a-z0-9]{0,14}$/),
    fc.constantFrom("", ".", "_", "-", "+"),
    fc.stringMatching(/^[a-z0-9]{1,10}$/),
    fc.stringMatching(/^[a-z][a-z0-9-]{0,12}[a-z0-9]$/),
    fc.constantFrom(".com", ".org", ".com.br", ".org.br", ".gov.br", ".net"),
    fc.boolean(),
  )
  .map(([a, sep, b, domain, tld, shout]) => {
    const email = `${a}${sep}${b}@${domain}${tld}`;
    return [shout ? email.toUpperCase() : email, email];
  });

// Area codes in use in Brazil (Anatel).
const DDD = [
  11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 28, 31, 32, 33, 34, 35, 37, 38, 41, 42, 43, 44, 45, 46, 47, 48, 49, 51, 53, 54, 55,
  61, 62, 63, 64, 65, 66, 67, 68, 69, 71, 73, 74, 75, 77, 79, 81, 82, 83, 84, 85, 86, 87, 88, 89, 91, 92, 93, 94, 95, 96, 97, 98, 99,
];

const phoneKey: fc.Arbitrary<KeyCase> = fc
  .tuple(fc.constantFrom(...DDD), digits(8), fc.constantFrom("e164", "spaced", "national"))
  .map(([ddd, rest, style]) => {
    const n = `9${rest.join("")}`;
    const typed =
      style === "e164"
        ? `+55${ddd}${n}`
        : style === "spaced"
          ? `+55 (${ddd}) ${n.slice(0, 5)}-${n.slice(5)}`
          : `(${ddd}) ${n.slice(0, 5)}-${n.slice(5)}`;
    return [typed, `+55${ddd}${n}`];
  });

const evpKey: fc.Arbitrary<KeyCase> = fc.tuple(fc.uuid(), fc.boolean()).map(([u, upper]) => [upper ? u.toUpperCase() : u, u.toLowerCase()]);

const WORDS = [
  "Sindicato",
  "dos",
  "Bombeiros",
  "Civis",
  "do",
  "DF",
  "João",
  "Conceição",
  "Brasília",
  "Ceilândia",
  "Águas",
  "Lindas",
  "de",
  "Goiás",
  "Taguatinga",
  "Gama",
  "Núcleo",
  "Bandeirante",
  "São",
  "Sebastião",
  "Paranoá",
  "Itapoã",
  "ÉVORA",
  "Ação",
  "Coração",
  "Sra.",
  "Cia",
  "&",
  "Ltda",
  "1º",
  "2ª",
  "D’Ávila",
  "Müller",
  "Øresund",
  "naïve",
  "🚒",
  "–",
  "«x»",
];

const text = fc
  .tuple(
    fc.constantFrom(...WORDS.filter((w) => /[A-Za-z]/.test(w))),
    fc.array(fc.oneof(fc.constantFrom(...WORDS), fc.string({ maxLength: 8, unit: "grapheme" })), { maxLength: 8 }),
  )
  .map(([first, rest]) => [first, ...rest].join(" "));

const txid = fc.oneof(
  fc.uuid().map((u) => ({ given: txidForCharge(u), expected: txidForCharge(u) })),
  fc.stringMatching(/^[A-Za-z0-9]{1,25}$/).map((t) => ({ given: t, expected: t })),
  fc.constant({ given: undefined, expected: NO_TXID }),
);

const amount = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: MAX_CENTAVOS }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 100_00 }) },
  { weight: 1, arbitrary: fc.constantFrom(1, 10, 99, 100, 101, 999_999, MAX_CENTAVOS) },
);

describe("every generated code, read back by independent parsers", () => {
  it("parses with pix-utils and @brazilian-utils to the same key, amount, txid, name and city, with a valid CRC", () => {
    let cases = 0;
    fc.assert(
      fc.property(
        fc.oneof(cpfKey, cnpjKey, emailKey, phoneKey, evpKey),
        amount,
        text,
        text,
        txid,
        ([typed, dict], cents, name, city, t) => {
          const code = buildBrCode({ key: typed, receiverName: name, city, amountCentavos: cents, txid: t.given });
          cases++;
          expect(code).toMatch(/^[\x20-\x7E]+$/);

          const parsed = parsePix(code);
          if (hasError(parsed)) throw new Error(`pix-utils refused ${code}: ${JSON.stringify(parsed)}`);
          expect(parsed.type).toBe(PixElementType.STATIC);
          if (parsed.type !== PixElementType.STATIC) return;
          expect(parsed.pixKey).toBe(dict);
          expect(Math.round(parsed.transactionAmount! * 100)).toBe(cents);
          expect(parsed.txid).toBe(t.expected);
          expect(parsed.merchantName).toBe(pixText(name, 25));
          expect(parsed.merchantCity).toBe(pixText(city, 15));
          expect(parsed.merchantName.length).toBeLessThanOrEqual(25);
          expect(parsed.merchantCity.length).toBeLessThanOrEqual(15);
          expect(parsed.countryCode).toBe("BR");
          expect(parsed.transactionCurrency).toBe("986");

          const info = getPixPayloadInfo(code);
          expect(info).not.toBeNull();
          expect(info).toMatchObject({ key: dict, merchantName: pixText(name, 25), merchantCity: pixText(city, 15) });
          expect(Math.round(info!.amount! * 100)).toBe(cents);
          expect(info!.txid).toBe(t.expected === NO_TXID ? undefined : t.expected);

          // A code with one amount digit changed is refused by the CRC: the parsers really check it.
          const field54 = 10 + Number(code.slice(8, 10)) + "52040000".length + "5303986".length;
          expect(code.slice(field54, field54 + 2)).toBe("54");
          const at = field54 + 4;
          const tampered = code.slice(0, at) + (code[at] === "1" ? "2" : "1") + code.slice(at + 1);
          expect(hasError(parsePix(tampered))).toBe(true);
        },
      ),
      { numRuns: 1500, seed: 20261 },
    );
    expect(cases).toBeGreaterThanOrEqual(1000);
  });
});

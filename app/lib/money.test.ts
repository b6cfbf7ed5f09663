import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { MAX_CENTAVOS, MONEY_MESSAGES, centavosToDecimal, formatMoney, parseMoney, tooLargeMessage } from "./money";
import { MONEY_STEP, moneyField, optionalMoneyField } from "./money-field";

const NBSP = "\u00A0";

function centavos(input: string) {
  const r = parseMoney(input);
  if (!r.ok) throw new Error(`${JSON.stringify(input)} refused: ${r.message}`);
  return r.centavos;
}

function refusal(input: string) {
  const r = parseMoney(input);
  return r.ok ? `accepted as ${r.centavos}` : r.message;
}

describe("parseMoney", () => {
  it("reads pt-BR amounts", () => {
    expect(centavos("1.234,56")).toBe(123456);
    expect(centavos("1234,56")).toBe(123456);
    expect(centavos("0,29")).toBe(29);
    expect(centavos("0,5")).toBe(50);
    expect(centavos(",5")).toBe(50);
    expect(centavos("12.345.678,90")).toBe(1234567890);
    expect(centavos("99.999.999,99")).toBe(MAX_CENTAVOS);
  });

  it("reads dot-decimal amounts (what <input type=number> sends)", () => {
    expect(centavos("1234.56")).toBe(123456);
    expect(centavos("0.01")).toBe(1);
    expect(centavos("50.5")).toBe(5050);
    expect(centavos("1,234.56")).toBe(123456);
    expect(centavos("1234.50")).toBe(123450);
  });

  it("reads whole reais, with or without thousands dots", () => {
    expect(centavos("50")).toBe(5000);
    expect(centavos("0")).toBe(0);
    expect(centavos("007")).toBe(700);
    expect(centavos("1.234")).toBe(123400); // a pt-BR reader's one thousand two hundred and thirty-four
    expect(centavos("1.234.567")).toBe(123456700);
  });

  it("reads the symbol and every kind of space, Intl's no-break space included", () => {
    expect(centavos("R$ 50,00")).toBe(5000);
    expect(centavos("R$50")).toBe(5000);
    expect(centavos("r$ 1.234,56")).toBe(123456);
    expect(centavos(`R$${NBSP}1.234,56`)).toBe(123456);
    expect(centavos("  1 234,56 ")).toBe(123456);
    expect(centavos(formatMoney(987654321))).toBe(987654321);
  });

  it("is exact where floats are not", () => {
    // 0.29 * 100 = 28.999999999999996 and 1.005 * 100 = 100.49999999999999 in floating point.
    expect(0.29 * 100).not.toBe(29);
    expect(centavos("0,29")).toBe(29);
    expect(centavos("1.15")).toBe(115);
    expect(centavos("4,35")).toBe(435);
    expect(centavos("99999999.99")).toBe(9_999_999_999);
  });

  it("refuses blanks with the 'required' message", () => {
    expect(refusal("")).toBe(MONEY_MESSAGES.required);
    expect(refusal("   ")).toBe(MONEY_MESSAGES.required);
  });

  it("refuses negative amounts in every written form", () => {
    for (const input of ["-50", "-R$ 50,00", "R$ -50,00", "(50,00)", "50-", "\u221250,00", "-0,01"]) {
      expect(refusal(input), input).toBe(MONEY_MESSAGES.negative);
    }
    expect(centavos("-0,00")).toBe(0); // minus zero is zero
  });

  it("refuses more than two decimals", () => {
    for (const input of ["1,001", "0,005", "1234.567", "0.123", "1.234,567", "10,000"]) {
      expect(refusal(input), input).toBe(MONEY_MESSAGES.tooPrecise);
    }
  });

  it("refuses garbage", () => {
    for (const input of [
      "abc",
      "R$",
      "1e3",
      "12a",
      "1,2,3",
      "1.23.4",
      "50,",
      "50.",
      ".",
      ",",
      "1..2",
      "1,23,456.00",
      "12.34,56",
      "1.2345,00",
      "NaN",
      "Infinity",
      "0x10",
      "5\u00000",
    ]) {
      expect(refusal(input), input).toBe(MONEY_MESSAGES.invalid);
    }
  });

  it("refuses amounts over the ceiling, even absurdly long ones, without float trouble", () => {
    expect(refusal("100.000.000,00")).toBe(tooLargeMessage(MAX_CENTAVOS));
    expect(refusal("9".repeat(40))).toBe(tooLargeMessage(MAX_CENTAVOS));
    expect(parseMoney("1.000,01", { max: 100000 })).toEqual({ ok: false, message: `O valor máximo é R$${NBSP}1.000,00.` });
    expect(parseMoney("1.000,00", { max: 100000 })).toEqual({ ok: true, centavos: 100000 });
  });

  it("round-trips every amount through both written forms (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_CENTAVOS }), (c) => {
        expect(centavos(formatMoney(c))).toBe(c);
        expect(centavos(centavosToDecimal(c))).toBe(c);
      }),
      { numRuns: 2000, seed: 150 },
    );
  });
});

describe("formatting", () => {
  it("writes R$ with the no-break space Intl gives, pt-BR grouping and two decimals", () => {
    expect(formatMoney(123456)).toBe(`R$${NBSP}1.234,56`);
    expect(formatMoney(0)).toBe(`R$${NBSP}0,00`);
    expect(formatMoney(1)).toBe(`R$${NBSP}0,01`);
    expect(formatMoney(5000)).toBe(`R$${NBSP}50,00`);
    expect(formatMoney(MAX_CENTAVOS)).toBe(`R$${NBSP}99.999.999,99`);
    expect(formatMoney(-100)).toBe(`-R$${NBSP}1,00`);
    // Beyond what a float holds to the centavo: still exact, because Intl gets a decimal string.
    expect(formatMoney(Number.MAX_SAFE_INTEGER)).toBe(`R$${NBSP}90.071.992.547.409,91`);
  });

  it("writes the plain decimal with integer arithmetic", () => {
    expect(centavosToDecimal(123456)).toBe("1234.56");
    expect(centavosToDecimal(5)).toBe("0.05");
    expect(centavosToDecimal(100)).toBe("1.00");
    expect(centavosToDecimal(-1)).toBe("-0.01");
  });

  it("refuses anything that is not a whole number of centavos", () => {
    expect(() => formatMoney(12.5)).toThrow(TypeError);
    expect(() => centavosToDecimal(Number.NaN)).toThrow(TypeError);
  });
});

describe("moneyField", () => {
  const schema = z.object({ amount: moneyField(), tip: optionalMoneyField() });
  const parse = (data: Record<string, unknown>) => schema.safeParse(data);
  const messages = (data: Record<string, unknown>) => {
    const r = parse(data);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  };

  it("yields integer centavos from either written form", () => {
    expect(parse({ amount: "1.234,56" }).data).toEqual({ amount: 123456, tip: null });
    expect(parse({ amount: "1234.56", tip: "" }).data).toEqual({ amount: 123456, tip: null });
    expect(parse({ amount: " 50 ", tip: "2,5" }).data).toEqual({ amount: 5000, tip: 250 });
  });

  it("refuses blank, zero, negative, over-precise and garbage with one clear message each", () => {
    expect(messages({})).toEqual([`amount: ${MONEY_MESSAGES.required}`]);
    expect(messages({ amount: " " })).toEqual([`amount: ${MONEY_MESSAGES.required}`]);
    expect(messages({ amount: "0,00" })).toEqual([`amount: ${MONEY_MESSAGES.notPositive}`]);
    expect(messages({ amount: "-5" })).toEqual([`amount: ${MONEY_MESSAGES.negative}`]);
    expect(messages({ amount: "5,001" })).toEqual([`amount: ${MONEY_MESSAGES.tooPrecise}`]);
    expect(messages({ amount: "cinco" })).toEqual([`amount: ${MONEY_MESSAGES.invalid}`]);
    expect(messages({ amount: "1", tip: "-1" })).toEqual([`tip: ${MONEY_MESSAGES.negative}`]);
  });

  it("takes the form's own messages and bounds", () => {
    const s = moneyField({ required: "Valor é obrigatório.", min: 1000, max: 100000 });
    expect(s.safeParse("").error?.issues[0].message).toBe("Valor é obrigatório.");
    expect(s.safeParse("9,99").error?.issues[0].message).toBe(`O valor mínimo é R$${NBSP}10,00.`);
    expect(s.safeParse("1.000,01").error?.issues[0].message).toBe(`O valor máximo é R$${NBSP}1.000,00.`);
    expect(s.parse("10")).toBe(1000);
  });

  it("steps by one centavo", () => {
    expect(MONEY_STEP).toBe("0.01");
  });
});

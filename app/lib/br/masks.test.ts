import { describe, expect, it } from "vitest";
import { applyMask, moneyKey } from "./masks";

describe("input masks", () => {
  it("CPF: digits only, at most 11", () => {
    expect(applyMask("cpf", "52998224725")).toBe("529.982.247-25");
    expect(applyMask("cpf", "5299")).toBe("529.9");
    expect(applyMask("cpf", "529a982b247c25999")).toBe("529.982.247-25");
  });

  it("CNPJ: the first 12 characters may be letters (shown in upper case), the last 2 are digits", () => {
    expect(applyMask("cnpj", "12abc34501de35")).toBe("12.ABC.345/01DE-35");
    expect(applyMask("cnpj", "33000167000101")).toBe("33.000.167/0001-01");
    // A letter where a check digit goes is not accepted.
    expect(applyMask("cnpj", "12ABC34501DEX5")).toBe("12.ABC.345/01DE-5");
  });

  it("CEP: 00000-000", () => {
    expect(applyMask("cep", "70040010")).toBe("70040-010");
    expect(applyMask("cep", "700")).toBe("700");
  });
});

describe("a money field's typed '.' (ADR 233)", () => {
  /** Types `keys` one by one as the field does: moneyKey first, then the mask. */
  function type(keys: string) {
    let value = "";
    let dotComma = false;
    for (const k of keys) {
      const next = moneyKey(value, k, dotComma && value.includes(","));
      if (k === ",") dotComma = false;
      if (next) {
        dotComma = next.dotComma;
        value = next.value;
      } else value += k;
      value = applyMask("money", value);
    }
    return value;
  }

  it("is the decimal separator where there is no comma yet", () => {
    expect(type("50.00")).toBe("50,00");
    expect(type("62.5")).toBe("62,5");
    expect(type("1234.56")).toBe("1.234,56");
    expect(type(".5")).toBe("0,5");
  });

  it("becomes a thousands dot again when a third digit follows it", () => {
    expect(type("1.234,56")).toBe("1.234,56");
    expect(type("1.234.567,89")).toBe("1.234.567,89");
    expect(type("2.850")).toBe("2.850");
  });

  it("leaves the pt-BR typing as it was", () => {
    expect(type("50,00")).toBe("50,00");
    expect(type("285050")).toBe("285.050");
    expect(type("50,0.0")).toBe("50,00");
  });
});

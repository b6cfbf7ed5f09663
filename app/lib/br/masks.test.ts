import { describe, expect, it } from "vitest";
import { applyMask } from "./masks";

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

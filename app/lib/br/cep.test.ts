import { describe, expect, it } from "vitest";
import { cepDigits, cepProblem, formatCep, isValidCep } from "./cep";

describe("CEP", () => {
  it("is exactly 8 digits after removing everything else", () => {
    for (const ok of ["70040-010", "70040010", " 70.040-010 ", "01001-000"]) expect(isValidCep(ok), ok).toBe(true);
    for (const bad of ["", "7004001", "700400100", "7004O-010", "CEP"]) expect(isValidCep(bad), bad).toBe(false);
    expect(cepDigits("70.040-010")).toBe("70040010");
  });

  it("shows the original's hint when the format is wrong", () => {
    expect(cepProblem("7004")).toBe("Digite um CEP de 8 dígitos.");
    expect(cepProblem("70040-010")).toBeNull();
  });

  it("formats as 00000-000", () => {
    expect(formatCep("70040010")).toBe("70040-010");
    expect(formatCep("70.040.010")).toBe("70040-010");
    expect(formatCep("700")).toBe("700");
  });
});

import { describe, expect, it } from "vitest";
import { cnpjProblem, formatCnpj, isValidCnpj, normalizeCnpj } from "./cnpj";
import { BR_MESSAGES } from "./messages";

/**
 * The Receita Federal's rule (Nota Técnica COCAD/SUARA/RFB 49/2024), written independently as
 * an oracle: each of the first 12 characters is valued by its ASCII code minus 48, weights
 * 5,4,3,2,9,8,7,6,5,4,3,2 (then 6,5,4,… for the second digit), modulo 11.
 */
function cnpjCheckDigits(base12: string): string {
  const dv = (chars: string) => {
    const weights = chars.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = [...chars].reduce((acc, c, i) => acc + (c.charCodeAt(0) - 48) * weights[i], 0);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const first = dv(base12);
  return `${first}${dv(base12 + first)}`;
}

describe("CNPJ", () => {
  it("accepts the Receita Federal's alphanumeric example 12.ABC.345/01DE-35", () => {
    expect(cnpjCheckDigits("12ABC34501DE")).toBe("35");
    expect(isValidCnpj("12.ABC.345/01DE-35")).toBe(true);
    expect(isValidCnpj("12ABC34501DE35")).toBe(true);
    expect(isValidCnpj("12.abc.345/01de-35")).toBe(true); // typed in lower case
    expect(isValidCnpj("12.ABC.345/01DE-36")).toBe(false);
    expect(isValidCnpj("12.ABC.345/01DE-53")).toBe(false);
  });

  it("accepts real published numeric CNPJs (public companies and bodies)", () => {
    for (const ok of [
      "00.000.000/0001-91", // Banco do Brasil
      "00.360.305/0001-04", // Caixa Econômica Federal
      "33.000.167/0001-01", // Petrobras
      "60.701.190/0001-04", // Itaú Unibanco
      "60.746.948/0001-12", // Bradesco
      "00394460005887",
    ]) {
      expect(isValidCnpj(ok), ok).toBe(true);
    }
  });

  it("agrees with the rule on many numeric and alphanumeric bases", () => {
    const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let seed = 11;
    const next = () => (seed = (seed * 48271) % 2147483647);
    for (let n = 0; n < 500; n++) {
      const numeric = n % 2 === 0;
      const base = Array.from({ length: 12 }, () => (numeric ? String(next() % 10) : alphabet[next() % 36])).join("");
      if (/^(.)\1{11}$/.test(base)) continue;
      const right = base + cnpjCheckDigits(base);
      expect(isValidCnpj(right), right).toBe(true);
      const [d1, d2] = right.slice(12).split("").map(Number);
      for (const wrong of [`${(d1 + 1) % 10}${d2}`, `${d1}${(d2 + 1) % 10}`]) {
        expect(isValidCnpj(base + wrong), base + wrong).toBe(false);
      }
    }
  });

  it("refuses letters in the check digits, other symbols, wrong lengths and all-zero", () => {
    expect(cnpjProblem("12.ABC.345/01DE-3A")).toBe(BR_MESSAGES.cnpjInvalid);
    expect(cnpjProblem("12.ABC.345/01DE-3#")).toBe(BR_MESSAGES.cnpjInvalid);
    expect(cnpjProblem("12.ÁBC.345/01DE-35")).toBe(BR_MESSAGES.cnpjInvalid);
    expect(cnpjProblem("12.ABC.345/01DE-3")).toBe(BR_MESSAGES.cnpjLength);
    expect(cnpjProblem("")).toBe(BR_MESSAGES.cnpjLength);
    expect(cnpjProblem("00.000.000/0000-00")).toBe(BR_MESSAGES.cnpjInvalid);
    expect(cnpjProblem("11.111.111/1111-11")).toBe(BR_MESSAGES.cnpjInvalid);
    expect(cnpjProblem("33.000.167/0001-01")).toBeNull();
  });

  it("normalizes and formats both forms", () => {
    expect(normalizeCnpj(" 12.abc.345/01de-35 ")).toBe("12ABC34501DE35");
    expect(formatCnpj("12abc34501de35")).toBe("12.ABC.345/01DE-35");
    expect(formatCnpj("33000167000101")).toBe("33.000.167/0001-01");
    expect(formatCnpj("123")).toBe("123");
  });
});

import { describe, expect, it } from "vitest";
import { cpfDigits, cpfProblem, formatCpf, isValidCpf, maskCpfForList } from "./cpf";
import { BR_MESSAGES } from "./messages";

/** The modulo-11 rule as the Receita Federal states it, written independently as an oracle. */
function cpfCheckDigits(base9: string): string {
  const dv = (digits: string) => {
    const sum = [...digits].reduce((acc, d, i) => acc + Number(d) * (digits.length + 1 - i), 0);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const first = dv(base9);
  return `${first}${dv(base9 + first)}`;
}

describe("CPF", () => {
  it("accepts published examples, with or without punctuation", () => {
    // Worked examples of the check-digit rule used in public tutorials and library docs.
    for (const ok of ["529.982.247-25", "52998224725", "111.444.777-35", "123.456.789-09", " 935.411.347-80 ", "000.000.001-91"]) {
      expect(isValidCpf(ok), ok).toBe(true);
    }
  });

  it("agrees with the modulo-11 rule on many numbers (both check digits)", () => {
    let seed = 7;
    for (let n = 0; n < 500; n++) {
      seed = (seed * 48271) % 2147483647;
      const base = String(seed % 1_000_000_000).padStart(9, "0");
      if (/^(\d)\1{8}$/.test(base)) continue;
      const right = base + cpfCheckDigits(base);
      expect(isValidCpf(right), right).toBe(true);
      // Any other pair of check digits is refused: first wrong, second wrong, both wrong.
      const [d1, d2] = right.slice(9).split("").map(Number);
      for (const wrong of [`${(d1 + 1) % 10}${d2}`, `${d1}${(d2 + 1) % 10}`, `${(d1 + 5) % 10}${(d2 + 3) % 10}`]) {
        expect(isValidCpf(base + wrong), base + wrong).toBe(false);
      }
    }
  });

  it("refuses all-equal sequences even though their check digits add up", () => {
    for (let d = 0; d <= 9; d++) {
      const cpf = String(d).repeat(11);
      expect(cpfCheckDigits(cpf.slice(0, 9))).toBe(cpf.slice(9)); // the arithmetic alone would pass them
      expect(cpfProblem(cpf), cpf).toBe(BR_MESSAGES.cpfInvalid);
    }
  });

  it("says 'CPF deve ter 11 dígitos' for a wrong length and 'CPF inválido' for the rest", () => {
    expect(cpfProblem("529.982.247-2")).toBe("CPF deve ter 11 dígitos");
    expect(cpfProblem("529.982.247-255")).toBe("CPF deve ter 11 dígitos");
    expect(cpfProblem("")).toBe("CPF deve ter 11 dígitos");
    expect(cpfProblem("529.982.247-26")).toBe(BR_MESSAGES.cpfInvalid);
    expect(cpfProblem("529A98224725")).toBe(BR_MESSAGES.cpfInvalid);
    expect(cpfProblem("529.982.247-25")).toBeNull();
  });

  it("formats for display and masks for lists", () => {
    expect(formatCpf("52998224725")).toBe("529.982.247-25");
    expect(formatCpf("529 982 247 25")).toBe("529.982.247-25");
    expect(formatCpf("123")).toBe("123");
    expect(cpfDigits("529.982.247-25")).toBe("52998224725");
    expect(maskCpfForList("123.456.789-09")).toBe("***.456.789-**");
    expect(maskCpfForList("12345678909")).toBe("***.456.789-**");
    expect(maskCpfForList("12")).toBe("***.***.***-**");
  });
});

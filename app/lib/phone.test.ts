import { describe, expect, it } from "vitest";
import { formatBrazilianPhone, isValidBrazilianPhone, maskBrazilianPhone, phoneDigits } from "./phone";

describe("Brazilian phone numbers", () => {
  it("accepts mobiles (9 + 8 digits) and landlines (2-5 + 7 digits) with a valid area code", () => {
    for (const ok of ["(61) 91234-5678", "61912345678", "+55 61 91234-5678", "5561912345678", "(61) 3344-5566", "1133445566", "061 3344-5566"]) {
      expect(isValidBrazilianPhone(ok), ok).toBe(true);
    }
  });

  it("refuses numbers without area code, with a bad area code or a bad first digit", () => {
    for (const bad of ["", "1234", "91234-5678", "(01) 91234-5678", "(10) 91234-5678", "(61) 81234-5678", "(61) 1344-5566", "(61) 6344-5566", "619123456789"]) {
      expect(isValidBrazilianPhone(bad), bad).toBe(false);
    }
  });

  it("formats to one shape and strips the country code", () => {
    expect(formatBrazilianPhone("+55 (61) 98765 4321")).toBe("(61) 98765-4321");
    expect(formatBrazilianPhone("6133445566")).toBe("(61) 3344-5566");
    expect(phoneDigits("+55 61 3344-5566")).toBe("6133445566");
  });

  it("masks while typing, one digit at a time", () => {
    const typed = "61987654321".split("").map((_, i, all) => maskBrazilianPhone(all.slice(0, i + 1).join("")));
    expect(typed).toEqual([
      "(6",
      "(61",
      "(61) 9",
      "(61) 98",
      "(61) 987",
      "(61) 9876",
      "(61) 9876-5",
      "(61) 9876-54",
      "(61) 9876-543",
      "(61) 9876-5432",
      "(61) 98765-4321",
    ]);
    expect(maskBrazilianPhone("+55 61 98765-4321")).toBe("(61) 98765-4321");
    expect(maskBrazilianPhone("")).toBe("");
  });
});

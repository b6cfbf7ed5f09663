import { describe, expect, it } from "vitest";
import { formatPhone, isValidPhone, phoneDigits, phoneKind } from "./phone";
import { applyMask } from "./masks";

describe("Brazilian phone numbers", () => {
  it("accepts mobiles (9 + 8 digits) and landlines (2-5 + 7 digits) with a valid area code", () => {
    for (const ok of [
      "(61) 91234-5678",
      "61912345678",
      "+55 61 91234-5678",
      "5561912345678",
      "(61) 3344-5566",
      "1133445566",
      "061 3344-5566",
      "(92) 3232-1010",
      "(11) 2345-6789",
    ]) {
      expect(isValidPhone(ok), ok).toBe(true);
    }
    expect(phoneKind("(61) 91234-5678")).toBe("mobile");
    expect(phoneKind("(61) 3344-5566")).toBe("landline");
  });

  it("refuses numbers without area code, with an area code not in use, or a bad first digit", () => {
    for (const bad of [
      "",
      "1234",
      "91234-5678",
      "(01) 91234-5678",
      "(10) 91234-5678",
      "(20) 91234-5678",
      "(23) 3344-5566",
      "(52) 91234-5678",
      "(61) 81234-5678",
      "(61) 1344-5566",
      "(61) 6344-5566",
      "619123456789",
    ]) {
      expect(isValidPhone(bad), bad).toBe(false);
    }
  });

  it("formats to one shape and strips the country code", () => {
    expect(formatPhone("+55 (61) 98765 4321")).toBe("(61) 98765-4321");
    expect(formatPhone("6133445566")).toBe("(61) 3344-5566");
    expect(formatPhone("abc")).toBe("abc");
    expect(phoneDigits("+55 61 3344-5566")).toBe("6133445566");
  });

  it("masks while typing, one digit at a time (landline shape until the 11th digit)", () => {
    const typed = "61987654321".split("").map((_, i, all) => applyMask("phone", all.slice(0, i + 1).join("")));
    expect(typed.at(-1)).toBe("(61) 98765-4321");
    expect(typed[9]).toBe("(61) 9876-5432");
    expect(typed[1]).toMatch(/^\(61\)?$/);
    expect(applyMask("phone", "+55 61 98765-4321")).toBe("(61) 98765-4321");
    expect(applyMask("phone", "")).toBe("");
  });
});

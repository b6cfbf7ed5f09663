import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/utils/env.server";
import { resetSecretCache } from "~/utils/secrets.server";
import { generateReceiptCode, hashReceiptCode } from "./receipt.server";
import { formatReceiptCode, receiptCodeField } from "./complaint.schema";

// The unit files share a worker process (isolate: false): the secret is put back afterwards.
const saved = process.env.SESSION_SECRET;
beforeAll(() => {
  process.env.SESSION_SECRET = "teste-".padEnd(48, "x");
  resetEnvCache();
  resetSecretCache();
});
afterAll(() => {
  if (saved === undefined) delete process.env.SESSION_SECRET;
  else process.env.SESSION_SECRET = saved;
  resetEnvCache();
  resetSecretCache();
});

describe("receipt codes", () => {
  it("are 16 random digits, leading zeros allowed, every digit used", () => {
    const codes = Array.from({ length: 400 }, generateReceiptCode);
    for (const c of codes) expect(c).toMatch(/^\d{16}$/);
    expect(new Set(codes).size).toBe(codes.length);
    const digits = new Set(codes.join(""));
    expect(digits.size).toBe(10);
    // Roughly uniform first digit (0 included): each digit appears in 400 codes' first place.
    const firsts = new Set(codes.map((c) => c[0]));
    expect(firsts.size).toBe(10);
  });

  it("hash the same code to the same value (looked up by equality) and different codes apart", async () => {
    const a = await hashReceiptCode("0123456789012345");
    expect(a).toMatch(/^a2id1\$[0-9a-f]{64}$/);
    expect(await hashReceiptCode("0123456789012345")).toBe(a);
    expect(await hashReceiptCode("0123456789012346")).not.toBe(a);
    expect(a).not.toContain("0123456789012345");
  });

  it("depend on the app secret (the pepper)", async () => {
    const before = await hashReceiptCode("9999888877776666");
    process.env.SESSION_SECRET = "outro-segredo-".padEnd(48, "y");
    resetEnvCache();
    resetSecretCache();
    expect(await hashReceiptCode("9999888877776666")).not.toBe(before);
  });

  it("refuse anything but 16 digits", async () => {
    await expect(hashReceiptCode("123")).rejects.toThrow();
  });

  it("are read with spaces, dots or hyphens and shown in groups of four", () => {
    expect(receiptCodeField.parse(" 1234 5678-9012.3456 ")).toBe("1234567890123456");
    expect(receiptCodeField.safeParse("1234 5678 9012 345").success).toBe(false);
    expect(formatReceiptCode("1234567890123456")).toBe("1234 5678 9012 3456");
  });
});

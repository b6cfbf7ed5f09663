import { describe, expect, it } from "vitest";
import { isStrongEnough, passwordScore, passwordStrengthLabel } from "./password-strength";

describe("password strength (the original's five criteria)", () => {
  it("scores one point per criterion", () => {
    expect(passwordScore("")).toBe(0);
    expect(passwordScore("abcdefgh")).toBe(2); // length + lowercase
    expect(passwordScore("Abcdefgh")).toBe(3);
    expect(passwordScore("Abcdefg1")).toBe(4);
    expect(passwordScore("Demo@2026")).toBe(5);
  });

  it("labels Forte at 4+, Média at 3, Fraca below", () => {
    expect(passwordStrengthLabel(5)).toBe("Forte");
    expect(passwordStrengthLabel(4)).toBe("Forte");
    expect(passwordStrengthLabel(3)).toBe("Média");
    expect(passwordStrengthLabel(2)).toBe("Fraca");
  });

  it("requires score 3 and at least 8 characters", () => {
    expect(isStrongEnough("Ab1!")).toBe(false); // score 4 but short
    expect(isStrongEnough("abcdefgh")).toBe(false);
    expect(isStrongEnough("Abcdefgh")).toBe(true);
  });
});

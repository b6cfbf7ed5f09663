import { afterEach, describe, expect, it } from "vitest";
import { PIX_MESSAGES } from "~/lib/pix";
import { env, pixSettingsFromEnv, resetEnvCache } from "~/utils/env.server";

const NAMES = ["PIX_KEY", "PIX_RECEIVER_NAME", "PIX_CITY"] as const;
const saved = Object.fromEntries(NAMES.map((n) => [n, process.env[n]]));

function setPix(values: Partial<Record<(typeof NAMES)[number], string>>) {
  for (const n of NAMES) {
    if (values[n] === undefined) delete process.env[n];
    else process.env[n] = values[n];
  }
  resetEnvCache();
}

afterEach(() => {
  for (const n of NAMES) {
    if (saved[n] === undefined) delete process.env[n];
    else process.env[n] = saved[n];
  }
  resetEnvCache();
});

describe("PIX settings from the environment", () => {
  it("are optional: none set → no PIX", () => {
    setPix({});
    expect(pixSettingsFromEnv()).toBeNull();
    setPix({ PIX_KEY: "", PIX_RECEIVER_NAME: "", PIX_CITY: "" }); // empty means not set
    expect(pixSettingsFromEnv()).toBeNull();
  });

  it("give the receiver when all three are set and valid", () => {
    setPix({ PIX_KEY: "+55 61 98765-4321", PIX_RECEIVER_NAME: "Sindicato dos Bombeiros Civis do DF", PIX_CITY: "Brasília" });
    expect(pixSettingsFromEnv()).toEqual({
      key: "+55 61 98765-4321",
      receiverName: "Sindicato dos Bombeiros Civis do DF",
      city: "Brasília",
    });
  });

  it("refuse to start with a partial set, a bad key, or a name with nothing usable", () => {
    setPix({ PIX_KEY: "a@b.com.br" });
    expect(() => env()).toThrow(/PIX_KEY: defina PIX_KEY, PIX_RECEIVER_NAME e PIX_CITY juntas/);
    setPix({ PIX_KEY: "123.456.789-00", PIX_RECEIVER_NAME: "Sindicato", PIX_CITY: "Brasília" });
    expect(() => env()).toThrow(`PIX_KEY: ${PIX_MESSAGES.keyInvalid}`);
    setPix({ PIX_KEY: "a@b.com.br", PIX_RECEIVER_NAME: "★★★", PIX_CITY: "—" });
    expect(() => env()).toThrow(/PIX_RECEIVER_NAME: precisa ter letras ou números\.\n {2}PIX_CITY: precisa ter letras ou números\./);
  });
});

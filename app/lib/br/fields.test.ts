import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  cepField,
  cnpjField,
  cpfField,
  optionalCepField,
  optionalCnpjField,
  optionalCpfField,
  optionalPhoneField,
  phoneField,
} from "./fields";
import { BR_MESSAGES } from "./messages";

function messages(schema: z.ZodType, value: unknown) {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
}

describe("Zod field helpers", () => {
  it("yield the stored form of each value", () => {
    expect(cpfField().parse(" 529.982.247-25 ")).toBe("52998224725");
    expect(cnpjField().parse("12.abc.345/01de-35")).toBe("12ABC34501DE35");
    expect(cepField().parse("70040-010")).toBe("70040010");
    expect(phoneField().parse("61 98765 4321")).toBe("(61) 98765-4321");
  });

  it("use the original's messages, and the form's own message for a missing value", () => {
    const requester = cpfField({ required: BR_MESSAGES.requesterCpfRequired });
    expect(messages(requester, "")).toEqual(["CPF do solicitante é obrigatório"]);
    expect(messages(requester, undefined)).toEqual(["CPF do solicitante é obrigatório"]);
    expect(messages(requester, "   ")).toEqual(["CPF do solicitante é obrigatório"]);
    expect(messages(requester, "529.982.247")).toEqual(["CPF deve ter 11 dígitos"]);
    expect(messages(requester, "529.982.247-26")).toEqual([BR_MESSAGES.cpfInvalid]);
    expect(messages(cnpjField({ required: BR_MESSAGES.homologationCnpjRequired }), "")).toEqual(["CNPJ é obrigatório para homologação"]);
    expect(messages(cnpjField(), "12.ABC.345/01DE-34")).toEqual([BR_MESSAGES.cnpjInvalid]);
    expect(messages(cepField(), "7004")).toEqual(["Digite um CEP de 8 dígitos."]);
    expect(messages(phoneField(), "(61) 81234-5678")).toEqual([BR_MESSAGES.phoneInvalid]);
    expect(messages(phoneField(), "")).toEqual([BR_MESSAGES.phoneRequired]);
  });

  it("optional variants yield null for absent or blank values and still validate given ones", () => {
    for (const field of [optionalCpfField(), optionalCnpjField(), optionalCepField(), optionalPhoneField()]) {
      expect(field.parse(undefined)).toBeNull();
      expect(field.parse(null)).toBeNull();
      expect(field.parse("  ")).toBeNull();
      expect(field.safeParse("1").success).toBe(false);
    }
    expect(optionalCpfField().parse("111.444.777-35")).toBe("11144477735");
    expect(optionalCnpjField().parse("33.000.167/0001-01")).toBe("33000167000101");
    expect(optionalCepField().parse("01001-000")).toBe("01001000");
    expect(optionalPhoneField().parse("6133445566")).toBe("(61) 3344-5566");
  });

  it("work inside an object schema with the form's field names", () => {
    const schema = z.object({ cpf: cpfField(), cep: optionalCepField() });
    const r = schema.safeParse({ cpf: "111.111.111-11", cep: "123" });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["cpf", BR_MESSAGES.cpfInvalid],
      ["cep", BR_MESSAGES.cepHint],
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { z } from "zod";
import { mergeErrors, nextOverrides, validateFields } from "./live-validation";

const schema = z.object({ name: z.string().trim().min(1, "Nome é obrigatório."), cpf: z.string().regex(/^\d{11}$/, "CPF inválido.") });
const present = () => true;

describe("live field checks (ADR 190)", () => {
  it("shows the blurred field's error and clears a shown error once the field is valid", () => {
    const found = validateFields(schema, { name: "", cpf: "123" });
    expect(found).toEqual({ name: "Nome é obrigatório.", cpf: "CPF inválido." });
    const afterBlur = nextOverrides({
      shown: {},
      server: {},
      overrides: {},
      found,
      fields: { name: "", cpf: "123" },
      judged: undefined,
      present,
      blurred: "cpf",
    });
    expect(afterBlur).toEqual({ cpf: "CPF inválido." });
    // The name, never left, is not judged.
    const shown = mergeErrors({}, afterBlur!);
    const fixed = nextOverrides({
      shown,
      server: {},
      overrides: afterBlur!,
      found: validateFields(schema, { name: "", cpf: "52998224725" }),
      fields: { name: "", cpf: "52998224725" },
      judged: undefined,
      present,
    });
    expect(mergeErrors({}, fixed!)).toEqual({});
  });

  it("keeps a server error while its field is unchanged (a CPF already registered), also when the field is left", () => {
    const server = { cpf: "CPF já cadastrado." };
    const fields = { name: "Ana", cpf: "52998224725" };
    const found = validateFields(schema, fields);
    expect(nextOverrides({ shown: server, server, overrides: {}, found, fields, judged: fields, present, blurred: "cpf" })).toBeNull();
    const changed = { ...fields, cpf: "11144477735" };
    expect(
      nextOverrides({
        shown: server,
        server,
        overrides: {},
        found: validateFields(schema, changed),
        fields: changed,
        judged: fields,
        present,
      }),
    ).toEqual({ cpf: null });
  });
});

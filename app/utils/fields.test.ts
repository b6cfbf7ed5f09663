import { describe, expect, it } from "vitest";
import {
  checkboxField,
  consentField,
  dateField,
  emailField,
  FORM_MESSAGES,
  hasControlCharacters,
  intField,
  labelledText,
  nullableText,
  optionalText,
  requiredText,
  secretText,
} from "./fields";

const messages = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) => r.error?.issues.map((i) => i.message) ?? [];

describe("field helpers", () => {
  it("refuse U+0000 and the other C0 controls and DEL in every text helper", () => {
    const helpers = [
      requiredText("Obrigatório.", { max: 50, tooLong: "Longo." }),
      requiredText("Obrigatório.", { max: 50, tooLong: "Longo.", multiline: true }),
      labelledText("Nome", 2, 50),
      optionalText({ max: 50, tooLong: "Longo." }),
      nullableText({ max: 50, tooLong: "Longo.", multiline: true }),
      secretText("Senha é obrigatória.", { max: 50, tooLong: "Longa." }),
      emailField({ invalid: "E-mail inválido." }),
    ];
    for (const schema of helpers) {
      for (const bad of ["a\u0000b", "a\u0001b", "a\u0008b", "a\u000bb", "a\u001bb", "a\u007fb"]) {
        const r = schema.safeParse(bad);
        expect(r.success, JSON.stringify(bad)).toBe(false);
        if (!schema.safeParse("x@exemplo.com").success || schema === helpers[6]) continue;
        expect(messages(r)[0]).toBe(FORM_MESSAGES.controlCharacters);
      }
    }
  });

  it("keep newlines and tabs in multi-line text, and refuse line breaks in single-line text", () => {
    const multi = requiredText("Obrigatório.", { max: 50, tooLong: "Longo.", multiline: true });
    expect(multi.parse("linha 1\r\nlinha 2\tfim")).toBe("linha 1\r\nlinha 2\tfim");
    const single = requiredText("Obrigatório.", { max: 50, tooLong: "Longo." });
    expect(single.parse("com\ttab")).toBe("com\ttab");
    expect(messages(single.safeParse("duas\nlinhas"))).toEqual([FORM_MESSAGES.controlCharacters]);
    expect(hasControlCharacters("ação — ünicode 🚒")).toBe(false);
  });

  it("give the original's messages for missing, blank, short and long values", () => {
    const name = labelledText("Nome", 2, 5);
    expect(messages(name.safeParse(undefined))).toEqual(["Nome é obrigatório."]);
    expect(messages(name.safeParse("   "))).toEqual(["Nome é obrigatório."]);
    expect(messages(name.safeParse("a"))).toEqual(["Nome deve ter ao menos 2 caracteres."]);
    expect(messages(name.safeParse("abcdef"))).toEqual(["Nome deve ter no máximo 5 caracteres."]);
    expect(name.parse("  Ana  ")).toBe("Ana");
    expect(optionalText({ max: 5, tooLong: "x" }).parse(undefined)).toBe("");
    expect(nullableText({ max: 5, tooLong: "x" }).parse("  ")).toBeNull();
  });

  it("read checkboxes, consent, e-mails, whole numbers and dates as the forms send them", () => {
    expect(checkboxField.parse("on")).toBe(true);
    expect(checkboxField.parse(undefined)).toBe(false);
    expect(checkboxField.parse("off")).toBe(false);
    expect(consentField("Aceite.").parse("yes")).toBe(true);
    expect(messages(consentField("Aceite.").safeParse(undefined))).toEqual(["Aceite."]);
    expect(emailField({ invalid: "E-mail inválido." }).parse("  Ana@Exemplo.COM ")).toBe("ana@exemplo.com");
    expect(messages(emailField({ invalid: "E-mail inválido.", required: "E-mail é obrigatório." }).safeParse(""))).toEqual(["E-mail é obrigatório."]);
    const order = intField({ min: 0, max: 9999, message: "Ordem inválida.", fallback: 0 });
    expect(order.parse("")).toBe(0);
    expect(order.parse(undefined)).toBe(0);
    expect(order.parse(" 42 ")).toBe(42);
    for (const bad of ["-1", "1.5", "10000", "abc", "4\u00002"]) expect(order.safeParse(bad).success, bad).toBe(false);
    const date = dateField("Data é obrigatória.", "Data inválida.");
    expect(date.parse("2026-02-28")).toBe("2026-02-28");
    expect(messages(date.safeParse("2026-02-30"))).toEqual(["Data inválida."]);
    expect(messages(date.safeParse(""))).toEqual(["Data é obrigatória."]);
  });
});

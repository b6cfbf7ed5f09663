import { describe, expect, it } from "vitest";
import {
  checkboxField,
  consentField,
  dateField,
  optionalDateField,
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
    // A feminine label agrees (issue 19 §4): "Cidade é obrigatória.", never "obrigatório".
    expect(messages(labelledText("Cidade", 2, 80, { gender: "f" }).safeParse(""))).toEqual(["Cidade é obrigatória."]);
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
    expect(messages(emailField({ invalid: "E-mail inválido.", required: "E-mail é obrigatório." }).safeParse(""))).toEqual([
      "E-mail é obrigatório.",
    ]);
    const order = intField({ min: 0, max: 9999, message: "Ordem inválida.", fallback: 0 });
    expect(order.parse("")).toBe(0);
    expect(order.parse(undefined)).toBe(0);
    expect(order.parse(" 42 ")).toBe(42);
    for (const bad of ["-1", "1.5", "10000", "abc", "4\u00002"]) expect(order.safeParse(bad).success, bad).toBe(false);
    const date = dateField("Data é obrigatória.", "Data inválida.");
    expect(date.parse("2026-02-28")).toBe("2026-02-28");
    expect(messages(date.safeParse("2026-02-30"))).toEqual(["30/02/2026 não existe: fevereiro de 2026 tem 28 dias."]);
    expect(messages(date.safeParse(""))).toEqual(["Data é obrigatória."]);
    // The masked field's dd/mm/aaaa (ADR 193), whatever the browser's language.
    expect(date.parse("25/03/2026")).toBe("2026-03-25");
    expect(date.parse(" 5/3/2026 ")).toBe("2026-03-05");
    expect(date.parse("29/02/2028")).toBe("2028-02-29");
    expect(messages(date.safeParse("31/02/2026"))).toEqual(["31/02/2026 não existe: fevereiro de 2026 tem 28 dias."]);
    expect(messages(date.safeParse("31/04/2026"))).toEqual(["31/04/2026 não existe: abril de 2026 tem 30 dias."]);
    // An en-US reading (mm/dd/yyyy) of the 25th of March is refused, never taken for another day.
    expect(messages(date.safeParse("03/25/2026"))).toEqual(["Mês inválido em 03/25/2026: o mês vai de 01 a 12 (a data é dia/mês/ano)."]);
    expect(messages(date.safeParse("25/03/26"))).toEqual(["Data inválida: use o formato dd/mm/aaaa, como 25/03/2026."]);
    expect(messages(date.safeParse("amanhã"))).toEqual(["Data inválida: use o formato dd/mm/aaaa, como 25/03/2026."]);
    expect(messages(date.safeParse("01/01/1899"))).toEqual(["Ano fora do intervalo aceito (1900 a 2200)."]);
    expect(optionalDateField("Data inválida.").parse("")).toBeNull();
    expect(optionalDateField("Data inválida.").parse("01/12/2026")).toBe("2026-12-01");
  });
});

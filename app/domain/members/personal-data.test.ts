import { describe, expect, it } from "vitest";
import { foldText, redactor, REMOVED } from "./personal-data";

const person = {
  names: ["José da Conceição Falcão", "Jose C. Falcao"],
  cpfs: ["52998224725"],
  emails: ["Jose.Falcao@Exemplo.com.br"],
  phones: ["(61) 99812-3457", "(61) 3345-6781"],
};
const r = redactor(person);

describe("redactor: one person's identifiers in free text", () => {
  it.each([
    ["JOSÉ DA CONCEIÇÃO FALCÃO pagou", `${REMOVED} pagou`],
    ["Falei com josé  da\nconceição-falcão hoje.", `Falei com ${REMOVED} hoje.`],
    ["Cp :00360305-JOSE DA CONCEICAO FALCAO", `Cp :00360305-${REMOVED}`],
    ["Nome no registro: Jose C. Falcao.", `Nome no registro: ${REMOVED}.`],
    ["CPF 529.982.247-25 conferido", `CPF ${REMOVED} conferido`],
    ["cpf 52998224725.", `cpf ${REMOVED}.`],
    ["CPF 529 982 247 25", `CPF ${REMOVED}`],
    ["e-mail JOSE.FALCAO@EXEMPLO.COM.BR.", `e-mail ${REMOVED}.`],
    ["ligar (61) 99812-3457 ou 61998123457", `ligar ${REMOVED} ou ${REMOVED}`],
    ["+55 61 99812-3457", REMOVED],
    ["5561998123457", REMOVED],
    ["fixo 3345-6781, celular 99812 3457", `fixo ${REMOVED}, celular ${REMOVED}`],
  ])("%s", (input, expected) => {
    expect(r.text(input)).toBe(expected);
  });

  it("leaves other people, longer numbers, other e-mails and single words alone", () => {
    const untouched = [
      "José da Silva Falcão",
      "Conceição Falcão",
      "José",
      "CPF 152998224725",
      "protocolo SIND20260529982247255",
      "maria.jose.falcao@exemplo.com.br",
      "telefone 61998123450",
      "Valor R$ 61,23",
    ];
    for (const text of untouched) expect(r.text(text), text).toBe(text);
  });

  it("keeps the rest of the text as written, accents included", () => {
    expect(r.text("Atenção: José da Conceição Falcão pediu revisão.")).toBe(`Atenção: ${REMOVED} pediu revisão.`);
  });

  it("a name of one word is not searched (every homonym's first name would go)", () => {
    expect(redactor({ names: ["Íris"], cpfs: [], emails: [], phones: [] }).empty).toBe(true);
    expect(redactor({ names: ["Íris"], cpfs: [], emails: [], phones: [] }).text("Íris ligou")).toBe("Íris ligou");
  });

  it("walks JSON: every string redacted, keys and numbers kept, and says whether anything changed", () => {
    const data = {
      username: "jose.falcao@exemplo.com.br",
      rows: 52998224725,
      filters: { person: "José da Conceição Falcão", list: ["x", "CPF 529.982.247-25"] },
    };
    expect(r.json(data)).toEqual({
      changed: true,
      value: { username: REMOVED, rows: 52998224725, filters: { person: REMOVED, list: ["x", `CPF ${REMOVED}`] } },
    });
    const clean = { registrationNumber: 12, changed: ["name"] };
    const out = r.json(clean);
    expect(out.changed).toBe(false);
    expect(out.value).toBe(clean);
  });

  it("the SQL pattern finds (as a superset) every stored JSON text the redactor would change", () => {
    const stored = (v: unknown) => foldText(JSON.stringify(v));
    const pattern = new RegExp(r.sqlPattern);
    for (const v of [
      { a: "José da Conceição Falcão" },
      { a: "josé da\nconceição falcão" },
      { a: "JOSE.FALCAO@EXEMPLO.COM.BR" },
      { a: "529.982.247-25" },
      { a: "(61) 99812-3457" },
      { a: "3345-6781" },
    ]) {
      expect(r.json(v).changed, JSON.stringify(v)).toBe(true);
      expect(pattern.test(stored(v)), JSON.stringify(v)).toBe(true);
    }
    expect(pattern.test(stored({ a: "Maria Souza", b: 12 }))).toBe(false);
  });
});

import { expect, it } from "vitest";
import { firstName } from "./first-name";

it("is the first word of the name, whatever the spaces around and between; empty for a blank name", () => {
  const cases: Array<[string, string]> = [
    ["Maria da Conceição", "Maria"],
    ["  João   Silva ", "João"],
    ["Ana", "Ana"],
    ["", ""],
    ["   ", ""],
  ];
  for (const [name, first] of cases) expect(firstName(name), JSON.stringify(name)).toBe(first);
});

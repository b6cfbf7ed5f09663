import { describe, expect, it } from "vitest";
import { listHref } from "./pagination";

describe("listHref", () => {
  it.each([
    ["an unfiltered first page is the bare path", "/x", { q: "", mes: null, aba: undefined, pagina: 1 }, "/x"],
    [
      "the values in the order given",
      "/x",
      { q: "a b", mes: "2026-01", aba: "ativos", pagina: 2 },
      "/x?q=a+b&mes=2026-01&aba=ativos&pagina=2",
    ],
    ["page 1 left out, other values kept", "/x", { filtro: null, q: "z", pagina: 1 }, "/x?q=z"],
    ["a relative address", "", { setor: "rh", pagina: 3 }, "?setor=rh&pagina=3"],
  ] as const)("%s", (_, pathname, params, expected) => {
    expect(listHref(pathname, params)).toBe(expected);
  });
});

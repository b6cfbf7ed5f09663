import { describe, expect, it } from "vitest";
import { finishRouteSchema } from "./visit-route.schema";

const base = { intent: "finish", id: "0b6f0c1e-5d2a-4c1b-9f3e-2a7d8c9e1f00", token: "3f1c2a9e-0b7d-4e55-9a1e" };

describe("the visit's observações (issue 19 §12)", () => {
  it("keeps a posted line break (\\r\\n) as \\n", () => {
    const r = finishRouteSchema.parse({ ...base, notes: "Brigada pediu retorno.\r\nExtintor vencido.\r\n" });
    expect(r.notes).toBe("Brigada pediu retorno.\nExtintor vencido.");
  });

  it("counts 2000 characters as the textarea's maxlength does: line breaks count one", () => {
    const full = `${"a".repeat(999)}\r\n${"b".repeat(1000)}`;
    expect(finishRouteSchema.parse({ ...base, notes: full }).notes).toHaveLength(2000);
    const over = finishRouteSchema.safeParse({ ...base, notes: `${full}c` });
    expect(over.success ? null : over.error.issues[0].message).toBe("Observações: máximo de 2000 caracteres.");
  });

  it("is optional", () => {
    expect(finishRouteSchema.parse(base).notes).toBe("");
  });
});

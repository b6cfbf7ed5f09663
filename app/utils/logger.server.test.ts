import { describe, expect, it } from "vitest";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { errorFields } from "./logger.server";

describe("errorFields", () => {
  it("keeps a failed query's database reason but never its SQL parameters", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "x"\nDETAIL: Key (cpf)=(123.456.789-09)'), {
      code: "23505",
    });
    const err = new DrizzleQueryError("insert into members (cpf) values ($1)", ["123.456.789-09"], cause);
    const fields = errorFields(err);
    expect(fields).toEqual({ error: 'duplicate key value violates unique constraint "x"', code: "23505" });
    expect(JSON.stringify(fields)).not.toContain("123.456.789-09");
  });

  it("keeps message and stack of other errors", () => {
    const fields = errorFields(new Error("falhou"));
    expect(fields.error).toBe("falhou");
    expect(String(fields.stack)).toContain("falhou");
  });
});

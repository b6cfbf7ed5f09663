import fs from "node:fs";
import { describe, expect, it } from "vitest";
// @ts-expect-error plain JS script without types
import { readDecisions, renderIndex } from "../../scripts/adr-index.js";

describe("docs/decisions/README.md", () => {
  it("is the index the script writes: every decision, its status and what changed it later", () => {
    expect(fs.readFileSync("docs/decisions/README.md", "utf8")).toBe(renderIndex());
  });

  it("links every later change forward: a decision amended or superseded says so in its own status line", () => {
    const decisions = readDecisions() as Array<{ number: number; file: string; changes: Array<{ target: number }> }>;
    const missing = decisions.flatMap((d) =>
      d.changes
        .map((c) => decisions.find((x) => x.number === c.target))
        .filter((t): t is (typeof decisions)[number] => !!t)
        .filter(
          (t) =>
            !(
              fs
                .readFileSync(`docs/decisions/${t.file}`, "utf8")
                .split("\n")
                .find((l) => /^status\s*:/i.test(l)) ?? ""
            ).includes(String(d.number).padStart(3, "0")),
        )
        .map((t) => `${t.file} ← ${d.file}`),
    );
    expect(missing).toEqual([]);
  });
});

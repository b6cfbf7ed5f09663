import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
// @ts-expect-error: a plain script without types
import { generate, importedIconNames } from "../../scripts/icon-sprite.js";

// ADR 303: pages draw icons from one sprite, generated from the app's imports.
describe("icon sprite", () => {
  test("sprite.svg and sprite.tsx are what npm run icons writes for today's imports", async () => {
    const { svg, tsx } = await generate();
    expect(readFileSync("app/components/icons/sprite.tsx", "utf8"), "rode npm run icons").toBe(tsx);
    expect(readFileSync("app/components/icons/sprite.svg", "utf8"), "rode npm run icons").toBe(svg);
    const names: string[] = importedIconNames();
    expect(names).toContain("Trash2");
    expect(svg).toContain('<symbol id="trash-2" viewBox="0 0 24 24"><path d="M10 11v6"></path>');
    expect(svg.match(/<symbol /g)).toHaveLength(names.length);
  });

  test("no module of the app draws lucide-react's icons directly", () => {
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
    const direct = walk("app").filter((file) => /\.tsx?$/.test(file) && /from "lucide-react"/.test(readFileSync(file, "utf8")));
    expect(direct).toEqual([]);
  });
});

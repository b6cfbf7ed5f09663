import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GEOCODABLE_SOURCES } from "~/integrations/geocoder.server";

/** Every .ts/.tsx file under a folder. */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe("the geocoder never receives a member's home address (ADR 079)", () => {
  it("accepts only workplace and field-route addresses", () => {
    expect([...GEOCODABLE_SOURCES]).toEqual(["workplace", "field-route"]);
  });

  it("is imported by no member code, no route and no component", () => {
    const importers = sources("app").filter((f) => /integrations\/geocoder\.server/.test(fs.readFileSync(f, "utf8")));
    const forbidden = importers.filter((f) => /member|associad|filiad|[\\/]routes[\\/]|[\\/]components[\\/]/i.test(f));
    expect(forbidden, `importam o geocodificador: ${forbidden.join(", ")}`).toEqual([]);
  });
});

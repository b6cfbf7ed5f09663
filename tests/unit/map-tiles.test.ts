import { describe, expect, it } from "vitest";
import { mapTileCspSource } from "~/integrations/map-tiles.server";

describe("the tile host's CSP source", () => {
  it("turns a subdomain placeholder into a wildcard", () => {
    expect(mapTileCspSource("https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png")).toBe("https://*.tile.openstreetmap.org");
  });
  it("keeps a fixed host and its port", () => {
    expect(mapTileCspSource("http://127.0.0.1:4321/{z}/{x}/{y}.png")).toBe("http://127.0.0.1:4321");
    expect(mapTileCspSource("https://tiles.exemplo.org/osm/{z}/{x}/{y}.png?key=1")).toBe("https://tiles.exemplo.org");
  });
  it("gives nothing for a same-origin (relative) template", () => {
    expect(mapTileCspSource("/tiles/{z}/{x}/{y}.png")).toBeNull();
  });
});

import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { haproxyConfig } from "../../scripts/lib/cluster.js";

/**
 * The operator's guide (docs/operations.md, split from the README) shows the HAProxy configuration
 * the two-instance test runs (tests/integration/two-instances.test.ts): the one in the guide must be
 * that one, verbatim.
 */
describe("docs/operations.md: HAProxy configuration", () => {
  const guide = fs.readFileSync("docs/operations.md", "utf8");
  const block = /```haproxy\n([\s\S]*?)```/.exec(guide)?.[1];

  it("is the configuration the two-instance test uses", () => {
    expect(block, "bloco ```haproxy em docs/operations.md").toBeDefined();
    expect(block).toBe(haproxyConfig({ port: 8080, backends: [{ port: 3001 }, { port: 3002 }] }));
  });

  it("drops the client's forwarded headers before appending its own, and checks /readyz", () => {
    const cfg = haproxyConfig({ port: 1, backends: [{ port: 2 }] });
    expect(cfg.indexOf("del-header X-Forwarded-For")).toBeGreaterThan(-1);
    expect(cfg).toMatch(/option forwardfor/);
    expect(cfg).toMatch(/http-check send meth GET uri \/readyz/);
    expect(cfg).toMatch(/timeout http-request \d+s/);
  });
});

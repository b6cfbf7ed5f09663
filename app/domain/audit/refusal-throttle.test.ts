import { describe, expect, it } from "vitest";
import { RefusalThrottle } from "./record-refusal.server";

/** The per-user cap on refused-action entries (ADR 182): pure, driven by the clock it is given. */
describe("RefusalThrottle", () => {
  const pending = {
    actor: { id: "u1", username: "ana" },
    info: { method: "POST", path: "/x", screen: null, intent: null },
    entityId: null,
  };

  it("writes the first `max` refusals of a user's minute and counts the rest for one flush at the minute's end", () => {
    const t = new RefusalThrottle(3, 60_000);
    const at = 1_000_000;
    const verdicts = Array.from({ length: 7 }, (_, i) => t.admit("u1", at + i * 1000, pending));
    expect(verdicts.map((v) => v.write)).toEqual([true, true, true, false, false, false, false]);
    // One flush is scheduled, at the end of the minute, by the first refusal left out.
    expect(verdicts.map((v) => v.flushAt)).toEqual([undefined, undefined, undefined, at + 60_000, undefined, undefined, undefined]);
    // Another user has a minute of their own.
    expect(t.admit("u2", at + 5000).write).toBe(true);
    // Before the minute ends there is nothing to flush; after, the four left out, once.
    expect(t.take("u1", at + 59_999).suppressed).toBe(0);
    expect(t.take("u1", at + 60_000)).toMatchObject({ suppressed: 4, last: pending });
    expect(t.take("u1", at + 60_001).suppressed).toBe(0);
    // A new minute starts fresh.
    expect(t.admit("u1", at + 61_000)).toEqual({ write: true, carried: 0 });
  });

  it("carries the refusals left out to the next written entry when no flush ran first", () => {
    const t = new RefusalThrottle(1, 60_000);
    expect(t.admit("u1", 0).write).toBe(true);
    expect(t.admit("u1", 10).write).toBe(false);
    expect(t.admit("u1", 20).write).toBe(false);
    expect(t.admit("u1", 60_000)).toEqual({ write: true, carried: 2 });
    // The late timer finds the new minute, not over: nothing is counted twice.
    expect(t.take("u1", 60_010).suppressed).toBe(0);
  });

  it("forgets users whose minute is over, so a long-running instance does not grow the map", () => {
    const t = new RefusalThrottle(5, 60_000);
    for (let i = 0; i < 100; i++) t.admit(`u${i}`, 0);
    expect(t.size).toBe(100);
    t.admit("other", 60_000);
    expect(t.size).toBe(1);
  });
});

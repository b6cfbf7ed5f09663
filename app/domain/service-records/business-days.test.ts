import { describe, expect, it } from "vitest";
import { addBusinessDays, dueAtFor, isBusinessDay } from "./business-days";

describe("due dates in business days", () => {
  it("skips weekends and national holidays", () => {
    // Thu 19 Nov 2026 + 1 business day: Fri 20 Nov is Consciência Negra, then the weekend.
    expect(addBusinessDays("2026-11-19", 1)).toBe("2026-11-23");
    expect(isBusinessDay("2026-11-20")).toBe(false);
    expect(isBusinessDay("2026-04-03")).toBe(false); // Good Friday 2026
    expect(isBusinessDay("2026-12-25")).toBe(false);
    expect(addBusinessDays("2026-12-23", 3)).toBe("2026-12-29");
    // Priority media (7) from Wed 30 Dec 2026: 31, 04, 05, 06, 07, 08, 11 Jan.
    expect(addBusinessDays("2026-12-30", 7)).toBe("2027-01-11");
    // The due moment is the end of that day in Brasília.
    const due = dueAtFor(new Date("2026-11-19T15:00:00Z"), 1);
    expect(due.toISOString()).toBe("2026-11-24T02:59:59.999Z");
  });
});

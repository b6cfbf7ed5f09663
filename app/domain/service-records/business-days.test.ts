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

  it("skips the Distrito Federal's holidays, not its pontos facultativos (ADR 249)", () => {
    // Dia do Evangélico, Mon 30 Nov: Fri 27 Nov 2026 + 1 business day is Tue 1 Dec.
    expect(isBusinessDay("2026-11-30")).toBe(false);
    expect(addBusinessDays("2026-11-27", 1)).toBe("2026-12-01");
    expect(addBusinessDays("2026-11-27", 3)).toBe("2026-12-03");
    // Corpus Christi, a DF holiday (Lei distrital 72/1989): Thu 4 Jun 2026 and Thu 27 May 2027.
    expect(isBusinessDay("2026-06-04")).toBe(false);
    expect(addBusinessDays("2026-06-03", 1)).toBe("2026-06-05");
    expect(isBusinessDay("2027-05-27")).toBe(false);
    // Carnaval stays a business day (ponto facultativo); so does Ash Wednesday.
    expect(isBusinessDay("2026-02-16")).toBe(true);
    expect(isBusinessDay("2026-02-17")).toBe(true);
    expect(isBusinessDay("2026-02-18")).toBe(true);
    // Fundação de Brasília falls with Tiradentes (21 Apr).
    expect(isBusinessDay("2027-04-21")).toBe(false);
    // Whatever the process's time zone, the holidays are read as calendar days.
    expect(isBusinessDay("2026-12-24")).toBe(true);
  });
});

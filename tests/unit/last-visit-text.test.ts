import { describe, expect, it } from "vitest";
import { lastVisitText, NEVER_VISITED } from "~/domain/fieldwork/visits";

describe("lastVisitText (the map popups' 'Última visita')", () => {
  it("shows the last visit's date and time in Brasília (pt-BR)", () => {
    expect(lastVisitText("2026-03-14T13:30:00.000Z")).toBe("14/03/2026 10:30");
  });
  it("says 'Nunca visitado' when there is none, never a route status", () => {
    expect(lastVisitText(null)).toBe(NEVER_VISITED);
    expect(NEVER_VISITED).toBe("Nunca visitado");
  });
});

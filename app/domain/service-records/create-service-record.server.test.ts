import { beforeAll, describe, expect, it } from "vitest";
import { createUser } from "~/db/factories/users";
import { todayInBrasilia } from "~/lib/dates";
import { useUseCaseDatabase } from "../../../tests/support/use-case-db";
import { createServiceRecord } from "./create-service-record.server";
import { serviceFormInput, serviceFormSchema } from "./service.schema";
import type { ServiceActor } from "./service-access.server";

/**
 * The due date a new record gets, as the use case computes it on a fresh database: business days
 * skip the Distrito Federal's holidays (ADR 249), here Dia do Evangélico (30 November), which the
 * old national-only table counted as a business day.
 */
const t = useUseCaseDatabase();

let actor: ServiceActor;
beforeAll(async () => {
  const u = await createUser(t.db, { role: "juridico" });
  actor = { id: u.id, username: u.username, role: "juridico" };
});

const input = (priority: string) =>
  serviceFormSchema.parse(
    serviceFormInput({
      intent: "create",
      recordType: "denuncia_anonima",
      sector: "juridico",
      serviceType: "Consulta trabalhista",
      priority,
      description: "Denúncia de escala irregular no posto, sem identificação de quem relata.",
      "sd.caseType": "trabalhista",
      "sd.legalBasis": "Escala acima do limite do regulamento.",
    }),
  );

describe("a new record's due date across Dia do Evangélico (30 November, DF)", () => {
  // Friday 27 November 2026, 15:00 in Brasília: the weekend and Monday 30 November are skipped.
  const friday = new Date("2026-11-27T18:00:00Z");

  it("urgente (1 business day) is due at the end of Tuesday 1 December", async () => {
    const record = await createServiceRecord(actor, input("urgente"), friday);
    expect(todayInBrasilia(record.dueAt)).toBe("2026-12-01");
    expect(record.dueAt.toISOString()).toBe("2026-12-02T02:59:59.999Z");
  });

  it("alta (3 business days) is due on Thursday 3 December", async () => {
    const record = await createServiceRecord(actor, input("alta"), friday);
    expect(todayInBrasilia(record.dueAt)).toBe("2026-12-03");
  });
});

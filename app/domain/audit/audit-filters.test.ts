import { describe, expect, it } from "vitest";
import { AUDIT_MESSAGES, brasiliaDayStart, filterParams, normaliseDay, parseAuditFilters } from "./audit-filters";
import { auditEntityHref, auditEntityLink, dataLinesText, describeAuditEntry } from "./describe-audit-entry";
import { FORM_MESSAGES } from "~/utils/fields";

describe("audit filters", () => {
  it("reads both date spellings and refuses impossible days", () => {
    expect(normaliseDay("2026-03-01")).toBe("2026-03-01");
    expect(normaliseDay("01/03/2026")).toBe("2026-03-01");
    expect(normaliseDay("31/02/2026")).toBeNull();
    expect(normaliseDay("2026-3-1")).toBeNull();
  });

  it("starts a day at Brasília midnight (03:00 UTC)", () => {
    expect(brasiliaDayStart("2026-03-01").toISOString()).toBe("2026-03-01T03:00:00.000Z");
    expect(brasiliaDayStart("2026-03-31", 1).toISOString()).toBe("2026-04-01T03:00:00.000Z");
  });

  it("parses good filters and round-trips them to the URL", () => {
    const p = parseAuditFilters(
      new URLSearchParams("pessoa=Ana.Lima&acao=login&tipo=user&registro=x1&de=01/03/2026&ate=2026-03-02&antes=1772323200000000.42"),
    );
    expect(p.ok).toBe(true);
    if (!p.ok) return;
    expect(p.filters).toEqual({
      person: "ana.lima",
      action: "login",
      entityType: "user",
      entityId: "x1",
      from: "2026-03-01",
      to: "2026-03-02",
    });
    expect(p.page).toEqual({ before: { micros: "1772323200000000", id: "42" }, after: undefined });
    expect(filterParams(p.filters).toString()).toBe("pessoa=ana.lima&acao=login&tipo=user&registro=x1&de=2026-03-01&ate=2026-03-02");
  });

  it("reports each bad value with its message", () => {
    const p = parseAuditFilters(new URLSearchParams("acao=x&tipo=y&de=2026-03-05&ate=2026-03-01&depois=z"));
    expect(p.ok).toBe(false);
    if (p.ok) return;
    expect(p.errors).toEqual({
      action: AUDIT_MESSAGES.action,
      entityType: AUDIT_MESSAGES.entityType,
      to: AUDIT_MESSAGES.range,
      cursor: AUDIT_MESSAGES.cursor,
    });
  });

  it("reads the member filter as a matrícula or a CPF (ADR 184), and refuses anything else", () => {
    const member = (v: string) => parseAuditFilters(new URLSearchParams({ filiado: v }));
    const reg = member(" 0042 ");
    expect(reg.ok && reg.filters.member).toBe("42");
    expect(reg.ok && reg.memberCpf).toBeUndefined();
    for (const cpf of ["529.982.247-25", "52998224725"]) {
      const p = member(cpf);
      expect(p.ok, cpf).toBe(true);
      if (!p.ok) return;
      // A CPF is never a filter by itself: the server turns it into the matrícula.
      expect(p.filters.member).toBeUndefined();
      expect(p.memberCpf).toBe("52998224725");
    }
    const errors = (v: string) => {
      const p = member(v);
      return p.ok ? null : p.errors.member;
    };
    expect(errors("111.111.111-11")).toBe(AUDIT_MESSAGES.memberCpf);
    expect(errors("abc")).toBe(AUDIT_MESSAGES.member);
    expect(errors("0")).toBe(AUDIT_MESSAGES.member);
    expect(errors("2147483648")).toBe(AUDIT_MESSAGES.member);
    expect(errors("9".repeat(19))).toBe(AUDIT_MESSAGES.member);
    expect(errors("4\u00002")).toBe(FORM_MESSAGES.controlCharacters);
  });
});

describe("describeAuditEntry", () => {
  it("labels the action, entity, actor and data through the registry", () => {
    const v = describeAuditEntry({
      id: 7,
      createdAt: "2026-03-10T15:00:00Z",
      actorId: null,
      actorUsername: null,
      action: "complaint.status_changed",
      entityType: "complaint",
      entityId: "c1",
      data: { from: "pending", to: "resolved", notesChanged: true },
    });
    expect(v.when).toBe("10/03/2026 12:00:00");
    expect(v.who).toBe("Sistema");
    expect(v.actionLabel).toBe("Status da denúncia alterado");
    expect(v.entityLabel).toBe("Denúncia");
    expect(dataLinesText(v.lines)).toMatch(/^De: \S.*; Para: \S.*; Notas alteradas: Sim$/);
  });

  it("still shows an unknown action or data that no longer parses", () => {
    const v = describeAuditEntry({
      id: 1,
      createdAt: new Date(0),
      actorId: null,
      actorUsername: "x",
      action: "antiga.acao",
      entityType: "coisa",
      entityId: null,
      data: { campo: 1 },
    });
    expect(v.actionLabel).toBe("antiga.acao");
    expect(v.who).toBe("x");
    expect(dataLinesText(v.lines)).toBe("campo: 1");
  });
});

describe("auditEntityHref", () => {
  it("links the kinds of record that have a page, by id; the others and bad ids not", () => {
    const id = "0a11ce00-0000-4000-8000-000000000001";
    expect(auditEntityHref("member", id)).toBe(`/dashboard/admin/members/${id}`);
    expect(auditEntityHref("charge", id)).toBe(`/dashboard/financeiro/cobrancas/${id}`);
    expect(auditEntityHref("service_record", id)).toBe(`/dashboard/atendimento/${id}`);
    expect(auditEntityHref("workplace", id)).toBeNull();
    expect(auditEntityHref("member", null)).toBeNull();
    expect(auditEntityHref("member", "../../login")).toBeNull();
  });
});

describe("auditEntityLink", () => {
  it("links a payment to its charge's page by the chargeId its entry keeps; no usable chargeId, no link", () => {
    const payment = "0a11ce00-0000-4000-8000-0000000000a1";
    const charge = "0a11ce00-0000-4000-8000-0000000000c1";
    expect(auditEntityLink("payment", "Pagamento", payment, { chargeId: charge, amountCentavos: 100 })).toEqual({
      href: `/dashboard/financeiro/cobrancas/${charge}`,
      label: `Abrir a cobrança do pagamento ${payment}`,
    });
    expect(auditEntityLink("payment", "Pagamento", payment, {})).toBeNull();
    expect(auditEntityLink("payment", "Pagamento", payment, { chargeId: "../../login" })).toBeNull();
    expect(auditEntityLink("charge", "Cobrança", charge, {})).toEqual({
      href: `/dashboard/financeiro/cobrancas/${charge}`,
      label: `Abrir cobrança ${charge}`,
    });
    expect(auditEntityLink("workplace", "Posto", charge, { chargeId: charge })).toBeNull();
  });
});

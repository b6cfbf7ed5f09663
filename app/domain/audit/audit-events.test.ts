import { describe, expect, it } from "vitest";
import { z } from "zod";
import { auditEvent, COMPLAINT_TEXT_KEYS, diffFields, SECRET_KEYS } from "./audit-event";
import { AUDIT_ACTIONS, AUDIT_ENTITY_LABELS, AUDIT_EVENTS, type AuditEvent } from "./audit-events";

/** Every key a JSON Schema allows, at any depth: properties, and the names of enum-keyed records. */
function schemaKeys(node: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => schemaKeys(n, out));
  else if (node && typeof node === "object") {
    const o = node as Record<string, unknown>;
    if (o.properties && typeof o.properties === "object") for (const k of Object.keys(o.properties)) out.add(k);
    const names = o.propertyNames as { enum?: string[] } | undefined;
    for (const k of names?.enum ?? []) out.add(k);
    for (const v of Object.values(o)) schemaKeys(v, out);
  }
  return out;
}

const SECRETISH = /pass|senha|token|secret|receipt|recibo|hash/i;

describe("the audit event registry", () => {
  it("gives every action a pt-BR label and an entity type with a label", () => {
    expect(AUDIT_ACTIONS.length).toBeGreaterThan(25);
    for (const action of AUDIT_ACTIONS) {
      const def = AUDIT_EVENTS[action];
      expect(def.label.trim(), action).not.toBe("");
      expect(AUDIT_ENTITY_LABELS, action).toHaveProperty(def.entityType);
    }
    const labels = AUDIT_ACTIONS.map((a) => AUDIT_EVENTS[a].label);
    expect(new Set(labels).size, "rótulos repetidos").toBe(labels.length);
  });

  it("holds every action the code wrote before the registry existed", () => {
    const legacy = [
      "login",
      "login.failed",
      "logout",
      "user.password_reset_requested",
      "user.password_reset",
      "user.password_changed",
      "user.created_by_cli",
      "user.created",
      "user.updated",
      "user.password_set",
      "user.deleted",
      "agreement.created",
      "agreement.updated",
      "agreement.deleted",
      "content.updated",
      "contact.replied",
      "contact.status_changed",
      "news.created",
      "news.updated",
      "news.deleted",
      "news.published",
      "news.unpublished",
      "partner.created",
      "partner.updated",
      "partner.deleted",
      "complaint.replied",
      "complaint.status_changed",
      "complaint.notes_saved",
    ];
    for (const a of legacy) expect(AUDIT_ACTIONS, a).toContain(a);
  });

  it("no event's data can hold a password, token, receipt code or secret — at any depth", () => {
    for (const action of AUDIT_ACTIONS) {
      const keys = [...schemaKeys(z.toJSONSchema(AUDIT_EVENTS[action].data))];
      const bad = keys.filter((k) => (SECRET_KEYS as readonly string[]).includes(k) || SECRETISH.test(k));
      expect(bad, action).toEqual([]);
    }
  });

  it("no complaint event's data can hold what the reporter or staff wrote", () => {
    const complaintActions = AUDIT_ACTIONS.filter((a) => AUDIT_EVENTS[a].entityType === "complaint");
    expect(complaintActions.length).toBeGreaterThanOrEqual(3);
    for (const action of complaintActions) {
      const keys = [...schemaKeys(z.toJSONSchema(AUDIT_EVENTS[action].data))];
      expect(
        keys.filter((k) => (COMPLAINT_TEXT_KEYS as readonly string[]).includes(k)),
        action,
      ).toEqual([]);
    }
  });

  it("every data schema is strict: a key slipped in through a spread is refused at run time", () => {
    for (const action of AUDIT_ACTIONS) {
      const result = AUDIT_EVENTS[action].data.safeParse({ password: "Segredo@123" });
      expect(result.success, action).toBe(false);
    }
    const sneaky = { sector: "rh", from: "pending", to: "resolved", screen: "contacts", ...{ message: "texto do remetente" } };
    expect(AUDIT_EVENTS["contact.status_changed"].data.safeParse(sneaky).success).toBe(false);
  });

  it("the types refuse forbidden keys, unknown actions, wrong entities and wrong data", () => {
    // Each @ts-expect-error below fails `npm run typecheck` the day the type stops refusing it.
    // @ts-expect-error a password in the data
    auditEvent({ label: "x", entityType: "user", data: z.strictObject({ password: z.string() }) });
    // @ts-expect-error a token nested in the data
    auditEvent({ label: "x", entityType: "user", data: z.strictObject({ link: z.strictObject({ token: z.string() }) }) });
    // @ts-expect-error a complaint's text
    auditEvent({ label: "x", entityType: "complaint", data: z.strictObject({ description: z.string() }) });
    // A description is fine elsewhere (an agreement's, for example).
    auditEvent({ label: "x", entityType: "agreement", data: z.strictObject({ description: z.string() }) });

    // @ts-expect-error an action that is not in the registry
    const unknown: AuditEvent = { action: "member.hacked", data: {} };
    // @ts-expect-error an entity type at all: it is the event's own (recordAudit writes the definition's)
    const wrongEntity: AuditEvent = { action: "user.created", entityType: "agreement", data: { username: "a", role: "admin" } };
    // @ts-expect-error an extra key in the data
    const extra: AuditEvent = { action: "user.password_set", data: { username: "a", password: "x" } };
    // @ts-expect-error missing data where the event has some
    const missing: AuditEvent = { action: "user.deleted" };
    const fine: AuditEvent = { action: "logout", entityId: "u1" };
    expect([unknown, wrongEntity, extra, missing, fine]).toHaveLength(5);
  });
});

describe("diffFields", () => {
  it("keeps only the fields that changed, as scalars", () => {
    const before = { title: "A", isPublic: true, validTo: "2026-01-01", at: new Date("2026-01-01T00:00:00Z") };
    const after = { title: "B", isPublic: true, validTo: null, at: new Date("2026-01-02T00:00:00Z") };
    expect(diffFields(before, after, ["title", "isPublic", "validTo", "at"])).toEqual({
      title: { from: "A", to: "B" },
      validTo: { from: "2026-01-01", to: null },
      at: { from: "2026-01-01T00:00:00.000Z", to: "2026-01-02T00:00:00.000Z" },
    });
  });
});

import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AUDIT_ACTIONS, AUDIT_EVENTS } from "./audit-events";
import { EDITABLE_MEMBER_FIELDS } from "~/domain/members/manage-members.server";
import { DEFAULT_CONTENT } from "~/domain/content/institutional";
import { describeAuditEntry, fieldLabel, valueLabel } from "./describe-audit-entry";

type JsonNode = Record<string, unknown>;

/** Every property of a JSON Schema at any depth, with the enum of its values when it has one. */
function properties(node: unknown, out = new Map<string, string[] | undefined>()) {
  if (Array.isArray(node)) node.forEach((n) => properties(n, out));
  else if (node && typeof node === "object") {
    const o = node as JsonNode;
    if (o.properties && typeof o.properties === "object") {
      for (const [k, v] of Object.entries(o.properties as Record<string, JsonNode>)) out.set(k, enumOf(v) ?? out.get(k));
    }
    const names = o.propertyNames as { enum?: string[] } | undefined;
    for (const k of names?.enum ?? []) if (!out.has(k)) out.set(k, undefined);
    for (const v of Object.values(o)) properties(v, out);
  }
  return out;
}
function enumOf(v: JsonNode): string[] | undefined {
  if (Array.isArray(v.enum)) return v.enum.filter((x): x is string => typeof x === "string");
  for (const k of ["anyOf", "oneOf"])
    if (Array.isArray(v[k])) for (const alt of v[k] as JsonNode[]) if (Array.isArray(alt.enum)) return alt.enum as string[];
  return undefined;
}

/**
 * The audit screen and its CSV read in pt-BR (issue 18 §6): no data key is shown as a code key
 * (registrationNumber, recordType, format…) and no coded value as its code (json, xlsx…).
 */
describe("audit entries in pt-BR", () => {
  it("labels every data key of every event", () => {
    const missing: string[] = [];
    for (const action of AUDIT_ACTIONS) {
      const def = AUDIT_EVENTS[action];
      for (const key of properties(z.toJSONSchema(def.data)).keys()) if (fieldLabel(key, def) === key) missing.push(`${action}: ${key}`);
    }
    expect(missing).toEqual([]);
  });

  it("labels every coded value (the data's enums)", () => {
    const missing: string[] = [];
    for (const action of AUDIT_ACTIONS) {
      const def = AUDIT_EVENTS[action];
      for (const [key, values] of properties(z.toJSONSchema(def.data))) {
        for (const v of values ?? []) if (!valueLabel(key, v, def)) missing.push(`${action}: ${key}=${v}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("labels the field names listed in 'Campos alterados'", () => {
    const lists: Array<[string, readonly string[]]> = [
      ["member.updated", [...EDITABLE_MEMBER_FIELDS, "status"]],
      ["service.edited", ["requesterName", "requesterPhone", "requesterEmail", "status", "priority", "description", "additionalInfo"]],
      ["news.updated", ["title", "slug", "summary", "body", "status", "publishedAt", "cover"]],
      ["content.updated", Object.keys(DEFAULT_CONTENT)],
      ["workplace.updated", ["name", "address", "neighbourhood", "city", "state", "cep", "phone", "email"]],
      ["partner.updated", ["name", "description", "category", "website", "sortOrder", "active"]],
      ["pix-settings.updated", ["key", "receiverName", "city"]],
    ];
    const missing = lists.flatMap(([action, names]) =>
      names.filter((n) => fieldLabel(n, AUDIT_EVENTS[action as keyof typeof AUDIT_EVENTS]) === n).map((n) => `${action}: ${n}`),
    );
    expect(missing).toEqual([]);
  });

  it("reads a member entry and a service entry as the brief's examples, without code keys", () => {
    const view = (action: string, data: unknown) =>
      describeAuditEntry({
        id: 1,
        createdAt: new Date("2026-03-02T12:00:00Z"),
        actorId: null,
        actorUsername: "ana",
        action,
        entityType: "x",
        entityId: null,
        data,
      });
    const text = (v: ReturnType<typeof view>) => v.lines.map((l) => `${l.label}: ${l.value}`).join("; ");
    expect(text(view("member.exported", { registrationNumber: 1234, format: "csv" }))).toBe("Matrícula: 1234; Formato: CSV");
    expect(
      text(
        view("service.created", {
          protocol: "SIND20260302090000",
          sector: "juridico",
          recordType: "denuncia_anonima",
          priority: "alta",
          memberLinked: false,
        }),
      ),
    ).toBe("Protocolo: SIND20260302090000; Setor: Jurídico; Tipo de registro: Denúncia Anônima; Prioridade: Alta; Filiado vinculado: Não");
    expect(text(view("member.updated", { registrationNumber: 7, changed: ["name", "mobilePhone", "status"] }))).toBe(
      "Matrícula: 7; Campos alterados: Nome, Celular, Status do cadastro",
    );
    expect(
      text(
        view("member.cpf_viewed", {
          registrationNumber: 7,
          serviceRecordId: "3f1c2a9e-0b7d-4e55-9a1e-5d2b7c8e9f01",
          protocol: "SIND20260302090000",
        }),
      ),
    ).toBe("Matrícula: 7; Atendimento: 3f1c2a9e-0b7d-4e55-9a1e-5d2b7c8e9f01; Protocolo do atendimento: SIND20260302090000");
    expect(
      text(
        view("payment.registered", { chargeId: "c1", amountCentavos: 6123, excessCentavos: 0, method: "pix", paidOn: "2026-03-02" }),
      ).replace(/\u00a0/g, " "),
    ).toBe("Cobrança: c1; Valor: R$ 61,23; Valor excedente: R$ 0,00; Forma de pagamento: PIX; Data do pagamento: 02/03/2026");
    expect(text(view("member.list_exported", { rows: 1200, tab: "ativos", searched: false, fullCpf: true, format: "xlsx" }))).toBe(
      "Linhas: 1.200; Aba da lista: Ativos; Com busca: Não; CPF completo: Sim; Formato: Planilha (XLSX)",
    );
    expect(
      text(view("access.refused", { method: "POST", path: "/dashboard/atendimento/x", screen: "service-detail", intent: "reveal-cpf" })),
    ).toBe("Método: POST; Endereço: /dashboard/atendimento/x; Tela: Detalhe do atendimento; Ação pedida: Ver CPF completo");
  });
});

import { formatDate } from "~/lib/dates";
import { formatCnpj } from "~/lib/br/cnpj";
import { formatMoney } from "~/lib/money";
import { PAYMENT_METHOD_LABELS } from "~/domain/finance/finance-options";
import type { ServiceSector } from "~/auth/scopes";
import {
  CASE_TYPES,
  FINANCE_REQUESTS,
  MEMBERSHIP_STATUS,
  PRESIDENCY_MEETINGS,
  PRESIDENCY_REQUESTS,
  RESCISSION_TYPES,
  SECRETARIA_MEETINGS,
  SECRETARIA_REQUESTS,
  SECRETARIA_URGENCY,
  URGENCY_LEVELS,
} from "~/domain/service-records/service.schema";

type Kind = "text" | "date" | "money" | "bool" | "cnpj" | Record<string, string>;
const FIELDS: Record<ServiceSector, Array<[string, string, Kind]>> = {
  homologacao: [
    ["rescissionType", "Tipo de rescisão", RESCISSION_TYPES],
    ["cnpj", "CNPJ", "cnpj"],
    ["companyName", "Empresa", "text"],
    ["workStartDate", "Admissão", "date"],
    ["workEndDate", "Desligamento", "date"],
    ["lastSalary", "Último salário", "money"],
    ["hasUnionMember", "Acompanhado por dirigente", "bool"],
  ],
  secretaria: [
    ["requestType", "Tipo de solicitação", SECRETARIA_REQUESTS],
    ["appointmentDate", "Data do agendamento", "date"],
    ["appointmentTime", "Horário", "text"],
    ["meetingType", "Modalidade", SECRETARIA_MEETINGS],
    ["documentType", "Tipo de documento", "text"],
    ["urgency", "Urgência", SECRETARIA_URGENCY],
  ],
  juridico: [
    ["caseType", "Tipo de caso", CASE_TYPES],
    ["company", "Empresa", "text"],
    ["processNumber", "Número do processo", "text"],
    ["deadlineDate", "Prazo do caso", "date"],
    ["cctReference", "Referência da CCT", "text"],
    ["legalBasis", "Fundamentação legal", "text"],
    ["hasLawyer", "Possui advogado", "bool"],
  ],
  financeiro: [
    ["requestType", "Tipo de solicitação", FINANCE_REQUESTS],
    ["membershipStatus", "Situação da filiação", MEMBERSHIP_STATUS],
    ["amount", "Valor", "money"],
    ["period", "Período", "text"],
    ["dueDate", "Vencimento", "date"],
    ["paymentMethod", "Forma de pagamento", PAYMENT_METHOD_LABELS],
    ["invoiceNumber", "Nota fiscal", "text"],
  ],
  presidencia: [
    ["requestType", "Tipo de solicitação", PRESIDENCY_REQUESTS],
    ["urgencyLevel", "Nível de urgência", URGENCY_LEVELS],
    ["meetingType", "Tipo de reunião", PRESIDENCY_MEETINGS],
    ["deadline", "Prazo da solicitação", "date"],
    ["stakeholders", "Partes interessadas", "text"],
    ["decisionRequired", "Decisão necessária", "text"],
    ["backgroundInfo", "Contexto", "text"],
  ],
};

/**
 * A choice field's options, from the table above: the sector block's select offers the values
 * that the record's page reads back with the same labels.
 */
export function sectorChoices(sector: ServiceSector, key: string): Record<string, string> {
  const kind = FIELDS[sector].find(([k]) => k === key)?.[2];
  if (typeof kind !== "object") throw new Error(`${sector}.${key} is not a choice field`);
  return kind;
}

/** The sector block's stored values as [label, shown value] rows (empty ones left out). */
export function sectorDataRows(sector: ServiceSector, data: Record<string, unknown>): Array<[string, string]> {
  const rows: Array<[string, string]> = [];
  for (const [key, label, kind] of FIELDS[sector] ?? []) {
    const v = data?.[key];
    if (v === null || v === undefined || v === "") continue;
    if (kind === "bool") rows.push([label, v ? "Sim" : "Não"]);
    else if (kind === "date") rows.push([label, formatDate(String(v))]);
    else if (kind === "money") rows.push([label, Number.isSafeInteger(Number(v)) ? formatMoney(Number(v)) : String(v)]);
    else if (kind === "cnpj") rows.push([label, formatCnpj(String(v))]);
    else if (typeof kind === "object") rows.push([label, kind[String(v)] ?? String(v)]);
    else rows.push([label, String(v)]);
  }
  return rows;
}

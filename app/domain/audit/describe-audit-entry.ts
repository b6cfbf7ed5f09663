/**
 * Reads a stored audit entry back through the typed registry (ADR 085) and turns it into what
 * the screen and the CSV show: the action's pt-BR label, the entity's label, who did it, and the
 * data as labelled lines ("Situação: de Pendente para Resolvida"), never raw JSON. Pure.
 */
import { format } from "date-fns";
import { ptBR } from "date-fns/locale/pt-BR";
import { TZDate } from "@date-fns/tz";
import { TIME_ZONE } from "~/lib/long-date";
import type { AuditEventDef } from "./audit-event";
import { AUDIT_ENTITY_LABELS, auditEventDef } from "./audit-events";
import { formatMoney } from "~/lib/money";
import { MEMBER_TABS, SITUATION_LABELS } from "~/domain/members/member-options";
import { PRIORITY_LABELS, RECORD_TYPE_LABELS } from "~/domain/service-records/service-options";
import { MONTH_NAMES, PAYMENT_METHOD_LABELS } from "~/domain/finance/finance-options";
import { isUuid } from "~/utils/uuid";

/** Labels of data keys shared by several events; an event's own `fields` win. */
export const SHARED_FIELD_LABELS: Record<string, string> = {
  title: "Título",
  name: "Nome",
  username: "Usuário",
  email: "E-mail",
  role: "Perfil",
  status: "Situação",
  company: "Empresa",
  category: "Categoria",
  active: "Ativo",
  slug: "Endereço (slug)",
  description: "Descrição",
  publishedAt: "Publicação",
  cover: "Capa",
  changed: "Campos alterados",
  changes: "Alterações",
  from: "De",
  to: "Para",
  sector: "Setor",
  screen: "Tela",
  replyLength: "Tamanho da resposta (caracteres)",
  notesChanged: "Notas alteradas",
  messageId: "Mensagem",
  visibility: "Visibilidade",
  logoFileId: "Logotipo (arquivo)",
  fileId: "Arquivo",
  file: "Arquivo",
  id: "Identificador",
  size: "Tamanho (bytes)",
  replaced: "Substituiu o arquivo",
  isPublic: "Pública",
  validFrom: "Início da vigência",
  validTo: "Fim da vigência",
  body: "Texto",
  summary: "Resumo",
  website: "Site",
  sortOrder: "Ordem",
  logo: "Logotipo",
  address: "Endereço",
  phones: "Telefones",
  hours: "Horário de atendimento",
  length: "Tamanho (caracteres)",
  // A change of a record's responsible (issue 22 §1): the users by id, and how it was made.
  fromUserId: "Responsável anterior (usuário)",
  toUserId: "Novo responsável (usuário)",
  intoId: "Unificado ao atendimento (identificador)",
  intoProtocol: "Unificado ao protocolo",
  copied: "Registros do histórico copiados",
  via: "Como",
  // A requester's reply by e-mail (issue 22 §5, ADR 264): counts only, never the text or file names.
  attachments: "Anexos recebidos",
  refusedAttachments: "Anexos recusados",
  // A record's attachment (issue 22 §3): the attachment and its file by id, never its name.
  attachmentId: "Anexo",
  contentType: "Tipo de arquivo",
  // Members, service records, finance and the field area (issue 18 §6: no code keys on screen).
  registrationNumber: "Matrícula",
  situation: "Situação",
  typedRegistration: "Matrícula digitada no cadastro",
  format: "Formato",
  rows: "Linhas",
  tab: "Aba da lista",
  searched: "Com busca",
  fullCpf: "CPF completo",
  removed: "Foto removida",
  photoDeleted: "Foto excluída",
  protocol: "Protocolo",
  recordType: "Tipo de registro",
  priority: "Prioridade",
  memberLinked: "Filiado vinculado",
  fields: "Campos alterados",
  code: "Código",
  city: "Cidade",
  state: "UF",
  cep: "CEP",
  neighbourhood: "Bairro",
  phone: "Telefone",
  lat: "Latitude",
  lon: "Longitude",
  memberId: "Filiado",
  chargeId: "Cobrança",
  amountCentavos: "Valor",
  excessCentavos: "Valor excedente",
  month: "Mês",
  year: "Ano",
  dueDate: "Vencimento",
  method: "Forma de pagamento",
  paidOn: "Data do pagamento",
  expected: "Cobranças previstas",
  created: "Criados",
  updated: "Atualizados",
  skipped: "Ignorados (já existiam)",
  report: "Relatório",
  // Field names inside "Campos alterados" (members, service records, news, content, PIX).
  mobilePhone: "Celular",
  region: "Região",
  workplaceName: "Local de trabalho",
  notes: "Observações",
  requesterName: "Nome do solicitante",
  requesterPhone: "Telefone do solicitante",
  requesterEmail: "E-mail do solicitante",
  additionalInfo: "Informações adicionais",
  shortName: "Nome curto",
  addressDetail: "Complemento do endereço",
  whatsapp: "WhatsApp",
  social: "Redes sociais",
  map: "Mapa",
  board: "Diretoria",
  history: "História",
  mission: "Missão",
  vision: "Visão",
  values: "Valores",
  key: "Chave PIX",
  receiverName: "Recebedor",
};

/** pt-BR labels of coded values shared by several events, per data key; an event's own `values` win. */
export const SHARED_VALUE_LABELS: Record<string, Record<string, string>> = {
  format: { json: "JSON", csv: "CSV", xlsx: "Planilha (XLSX)" },
  tab: Object.fromEntries(Object.entries(MEMBER_TABS).map(([k, v]) => [k, v.label])),
  situation: SITUATION_LABELS,
  recordType: RECORD_TYPE_LABELS,
  priority: PRIORITY_LABELS,
  method: PAYMENT_METHOD_LABELS,
  month: Object.fromEntries(MONTH_NAMES.map((name, i) => [String(i + 1), name])),
  report: { cobrancas: "Cobranças do período", pagamentos: "Pagamentos recebidos no período", inadimplentes: "Filiados inadimplentes" },
};

/** Identifiers shown as typed (no thousands separator): matrícula 12345, not 12.345. */
const PLAIN_NUMBERS = new Set(["registrationNumber", "code", "year"]);

/** Actions written with no signed-in user because nobody was (a failed sign-in, a reset link). */
const ANONYMOUS_ACTIONS = new Set(["login.failed", "user.password_reset_requested", "user.password_reset"]);

export type AuditRow = {
  id: number | string;
  createdAt: Date | string;
  actorId: string | null;
  actorUsername: string | null;
  /** The user's current name when the account still exists. */
  actorName?: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  data: unknown;
};

export type AuditDataLine = { label: string; value: string; children?: AuditDataLine[] };

export type AuditEntryView = {
  id: string;
  /** dd/mm/aaaa HH:mm:ss, Brasília. */
  when: string;
  /** ISO instant (for <time datetime>). */
  whenIso: string;
  who: string;
  /** The username under the name, when both are known. */
  whoDetail: string | null;
  action: string;
  actionLabel: string;
  entityType: string;
  entityLabel: string;
  entityId: string | null;
  /**
   * The record's own page, for the kinds that have one (the audit screen is admin's: admin opens
   * them all); for a payment, which is shown on its charge's page, that charge's page.
   */
  entityHref: string | null;
  /** The link's accessible name ("Abrir cobrança …", "Abrir a cobrança do pagamento …"). */
  entityLinkLabel: string | null;
  lines: AuditDataLine[];
};

/**
 * The pages of the kinds of record that have one. The entry keeps only the id (a name copied here
 * would be member data outside the member's row, out of anonymisation's reach): the link leads to
 * the name.
 */
const ENTITY_PAGES: Partial<Record<string, (id: string) => string>> = {
  member: (id) => `/dashboard/admin/members/${id}`,
  charge: (id) => `/dashboard/financeiro/cobrancas/${id}`,
  service_record: (id) => `/dashboard/atendimento/${id}`,
};

export function auditEntityHref(entityType: string, entityId: string | null): string | null {
  const page = ENTITY_PAGES[entityType];
  return page && entityId && isUuid(entityId) ? page(entityId) : null;
}

/**
 * Kinds of record with no page of their own, shown on another record's page whose id their
 * entries hold in `data`: a payment is on its charge's page ("payment.registered" and
 * "payment.undone" keep the `chargeId`). No lookup: the entry already says it.
 */
const SHOWN_ON: Partial<Record<string, { key: string; entityType: string; label: string }>> = {
  payment: { key: "chargeId", entityType: "charge", label: "Abrir a cobrança do pagamento" },
};

/** The link of an entry's record: its own page, or the page it is shown on; null when neither. */
export function auditEntityLink(
  entityType: string,
  entityLabel: string,
  entityId: string | null,
  data: Record<string, unknown>,
): { href: string; label: string } | null {
  if (!entityId) return null;
  const own = auditEntityHref(entityType, entityId);
  if (own) return { href: own, label: `Abrir ${entityLabel.toLowerCase()} ${entityId}` };
  const on = SHOWN_ON[entityType];
  if (!on) return null;
  const otherId = data[on.key];
  const href = typeof otherId === "string" ? auditEntityHref(on.entityType, otherId) : null;
  return href ? { href, label: `${on.label} ${entityId}` } : null;
}

/** dd/mm/aaaa HH:mm:ss in Brasília (date-fns with the time-zone date). */
export function formatAuditTime(value: Date | string) {
  return format(new TZDate(new Date(value).getTime(), TIME_ZONE), "dd/MM/yyyy HH:mm:ss", { locale: ptBR });
}

export function actorLabel(row: Pick<AuditRow, "actorUsername" | "actorName" | "action">) {
  if (row.actorName) return row.actorName;
  if (row.actorUsername) return row.actorUsername;
  return ANONYMOUS_ACTIONS.has(row.action) ? "Anônimo" : "Sistema";
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** The pt-BR label of a coded value (the event's own, else the shared one), if it has one. */
export function valueLabel(key: string, value: string | number, def: AuditEventDef | undefined): string | undefined {
  const v = String(value);
  const own = def?.values?.[key];
  if (own && Object.hasOwn(own, v)) return own[v];
  const shared = SHARED_VALUE_LABELS[key];
  return shared && Object.hasOwn(shared, v) ? shared[v] : undefined;
}

function scalar(key: string, value: unknown, def: AuditEventDef | undefined): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return valueLabel(key, String(value), def) ?? (value ? "Sim" : "Não");
  if (typeof value === "number") {
    if (key.endsWith("Centavos") && Number.isInteger(value)) return formatMoney(value);
    const coded = valueLabel(key, value, def);
    if (coded) return coded;
    return PLAIN_NUMBERS.has(key) ? String(value) : value.toLocaleString("pt-BR");
  }
  if (typeof value === "string") {
    const coded = valueLabel(key, value, def);
    if (coded) return coded;
    // The audit log's own export names filters by action and entity type: show their labels.
    if (key === "action" && auditEventDef(value)) return auditEventDef(value)!.label;
    if (key === "entityType" && Object.hasOwn(AUDIT_ENTITY_LABELS, value)) return (AUDIT_ENTITY_LABELS as Record<string, string>)[value];
    if (ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value))) return formatAuditTime(value);
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return `${value.slice(8, 10)}/${value.slice(5, 7)}/${value.slice(0, 4)}`;
    return value;
  }
  return JSON.stringify(value);
}

export function fieldLabel(key: string, def: AuditEventDef | undefined) {
  return def?.fields?.[key] ?? SHARED_FIELD_LABELS[key] ?? key;
}

function isChange(v: unknown): v is { from: unknown; to: unknown } {
  return !!v && typeof v === "object" && !Array.isArray(v) && Object.keys(v).length === 2 && "from" in v && "to" in v;
}

function lines(data: Record<string, unknown>, def: AuditEventDef | undefined): AuditDataLine[] {
  const out: AuditDataLine[] = [];
  for (const [key, value] of Object.entries(data)) {
    const label = fieldLabel(key, def);
    if (Array.isArray(value)) {
      out.push({
        label,
        value: value.length ? value.map((v) => (typeof v === "string" ? fieldLabel(v, def) : scalar(key, v, def))).join(", ") : "—",
      });
    } else if (key !== "filters" && isChange(value)) {
      // A whole-entry change ({ from, to } of a status) reads as one line.
      out.push({ label, value: `de ${scalar(key, value.from, def)} para ${scalar(key, value.to, def)}` });
    } else if (value && typeof value === "object") {
      const entries = Object.entries(value as Record<string, unknown>);
      if (entries.length && entries.every(([, v]) => isChange(v))) {
        // { field: { from, to } }: one line per field, labelled, coded values by the field's own labels.
        out.push({
          label,
          value: `${entries.length} ${entries.length === 1 ? "campo" : "campos"}`,
          children: entries.map(([k, v]) => {
            const c = v as { from: unknown; to: unknown };
            return { label: fieldLabel(k, def), value: `de ${scalar(k, c.from, def)} para ${scalar(k, c.to, def)}` };
          }),
        });
      } else {
        const children = lines(value as Record<string, unknown>, def);
        out.push({ label, value: children.length ? "" : "nenhum", children: children.length ? children : undefined });
      }
    } else {
      out.push({ label, value: scalar(key, value, def) });
    }
  }
  return out;
}

/** A row as the screen and the CSV show it. Unknown actions or data that no longer parse still show, labelled as best we can. */
export function describeAuditEntry(row: AuditRow): AuditEntryView {
  const def = auditEventDef(row.action);
  const raw = row.data && typeof row.data === "object" && !Array.isArray(row.data) ? (row.data as Record<string, unknown>) : {};
  const parsed = def?.data.safeParse(raw);
  const data = parsed?.success ? (parsed.data as Record<string, unknown>) : raw;
  const created = new Date(row.createdAt);
  const who = actorLabel(row);
  const entityLabel = (AUDIT_ENTITY_LABELS as Record<string, string>)[row.entityType] ?? row.entityType;
  const link = auditEntityLink(row.entityType, entityLabel, row.entityId, data);
  return {
    id: String(row.id),
    when: formatAuditTime(created),
    whenIso: created.toISOString(),
    who,
    whoDetail: row.actorName && row.actorUsername && row.actorUsername !== row.actorName ? row.actorUsername : null,
    action: row.action,
    actionLabel: def?.label ?? row.action,
    entityType: row.entityType,
    entityLabel,
    entityId: row.entityId,
    entityHref: link?.href ?? null,
    entityLinkLabel: link?.label ?? null,
    lines: lines(data, def),
  };
}

/** The data lines as one line of text (the CSV's "Dados" column): "Título: X; Alterações: Situação: de A para B". */
export function dataLinesText(items: AuditDataLine[]): string {
  return items
    .map((l) => {
      const kids = l.children?.length ? dataLinesText(l.children) : "";
      if (kids && l.value) return `${l.label}: ${l.value} (${kids})`;
      return `${l.label}: ${kids || l.value}`;
    })
    .join("; ");
}

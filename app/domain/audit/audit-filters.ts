/**
 * The audit screen's filters (ADR 086): read from the URL (a GET form, so they work without
 * JavaScript and a filtered view can be bookmarked or shared) and from the export form's body.
 * Pure and client-safe: the page and the server read the same schema and messages.
 */
import { z } from "zod";
import { TZDate } from "@date-fns/tz";
import { TIME_ZONE } from "~/lib/long-date";
import { FORM_MESSAGES, hasControlCharacters, isCalendarDate } from "~/utils/fields";
import { cpfProblem } from "~/lib/br/cpf";
import { MAX_REGISTRATION_NUMBER } from "~/domain/members/member-options";
import {
  AUDIT_ACTIONS,
  AUDIT_ENTITY_LABELS,
  isAuditAction,
  isAuditEntityType,
  type AuditAction,
  type AuditEntityType,
} from "./audit-events";

export const AUDIT_PAGE_SIZE = 50;

export const AUDIT_MESSAGES = {
  title: "Auditoria",
  loadError: "Não foi possível carregar o registro de auditoria. Tente novamente.",
  exportError: "Não foi possível exportar o registro de auditoria. Tente novamente.",
  invalidFilters: "Há filtros inválidos. Corrija-os para ver os registros.",
  person: "Pessoa: informe um nome de usuário de até 64 caracteres.",
  action: "Ação desconhecida. Escolha uma ação da lista.",
  entityType: "Tipo de registro desconhecido. Escolha um tipo da lista.",
  entityId: "Identificador do registro: até 100 caracteres.",
  member: "Filiado: informe a matrícula (somente números) ou o CPF com 11 dígitos.",
  memberCpf: "Filiado: o CPF informado não é válido.",
  memberNotFound: "Nenhum filiado com esta matrícula ou CPF.",
  from: "Data inicial inválida. Use o formato dd/mm/aaaa.",
  to: "Data final inválida. Use o formato dd/mm/aaaa.",
  range: "A data inicial deve ser anterior ou igual à data final.",
  cursor: "Página inválida. Volte à primeira página do registro.",
  empty: "Nenhum registro encontrado com estes filtros.",
} as const;

/** The filters as the screen names them (also the export's audited `filters`). */
export type AuditFilters = {
  person?: string;
  action?: AuditAction;
  entityType?: AuditEntityType;
  entityId?: string;
  /** A member's registration number (matrícula): the entries about that member (ADR 184). */
  member?: string;
  /** Calendar days, yyyy-mm-dd, inclusive, in Brasília. */
  from?: string;
  to?: string;
};

/** A position in the newest-first order: the (created_at, id) of an entry, created_at in µs since 1970. */
export type AuditCursor = { micros: string; id: string };
export type AuditPageRequest = { before?: AuditCursor; after?: AuditCursor };

export const FILTER_KEYS = ["person", "action", "entityType", "entityId", "member", "from", "to"] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/**
 * The export form's body, as a schema (the form registry's fuzz generates bodies from it); the
 * route reads it with parseAuditFilters like the screen's URL.
 */
export const auditExportFormSchema = z.object({
  pessoa: z.string().max(64).optional(),
  acao: z.enum(["", ...AUDIT_ACTIONS]).optional(),
  tipo: z.enum(["", ...(Object.keys(AUDIT_ENTITY_LABELS) as AuditEntityType[])]).optional(),
  registro: z.string().max(100).optional(),
  filiado: z.string().max(20).optional(),
  de: z.string().optional(),
  ate: z.string().optional(),
});

/** URL parameter names (pt-BR, as the page shows them in the address bar). */
export const FILTER_PARAMS: Record<FilterKey, string> = {
  person: "pessoa",
  action: "acao",
  entityType: "tipo",
  entityId: "registro",
  member: "filiado",
  from: "de",
  to: "ate",
};
export const CURSOR_PARAMS = { before: "antes", after: "depois" } as const;

/** "dd/mm/aaaa" (typed where the browser has no date picker) or "yyyy-mm-dd" (the date input) → yyyy-mm-dd. */
export function normaliseDay(value: string): string | null {
  const v = value.trim();
  const br = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(v);
  const iso = br ? `${br[3]}-${br[2]}-${br[1]}` : v;
  return isCalendarDate(iso) ? iso : null;
}

function text(max: number, message: string) {
  return z
    .string()
    .trim()
    .max(max, message)
    .refine((v) => !hasControlCharacters(v), FORM_MESSAGES.controlCharacters);
}

const day = (message: string) =>
  z
    .string()
    .trim()
    .transform((v, ctx) => {
      if (v === "") return "";
      const d = normaliseDay(v);
      if (!d) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return d;
    });

/**
 * The member filter (ADR 184): a matrícula (digits only, up to PostgreSQL's integer) or a CPF
 * (11 digits, with or without its punctuation, check digits verified).
 */
const memberField = z
  .string()
  .trim()
  .max(20, AUDIT_MESSAGES.member)
  .transform((v, ctx): { kind: "registration" | "cpf"; value: string } | null => {
    if (v === "") return null;
    if (hasControlCharacters(v)) {
      ctx.addIssue({ code: "custom", message: FORM_MESSAGES.controlCharacters });
      return z.NEVER;
    }
    const digits = v.replace(/[.\-\s]/g, "");
    if (!/^\d+$/.test(digits)) {
      ctx.addIssue({ code: "custom", message: AUDIT_MESSAGES.member });
      return z.NEVER;
    }
    if (digits.length === 11) {
      if (cpfProblem(digits)) {
        ctx.addIssue({ code: "custom", message: AUDIT_MESSAGES.memberCpf });
        return z.NEVER;
      }
      return { kind: "cpf", value: digits };
    }
    const n = Number(digits);
    if (!Number.isSafeInteger(n) || n < 1 || n > MAX_REGISTRATION_NUMBER) {
      ctx.addIssue({ code: "custom", message: AUDIT_MESSAGES.member });
      return z.NEVER;
    }
    return { kind: "registration", value: String(n) };
  });

const filterSchema = z
  .strictObject({
    person: text(64, AUDIT_MESSAGES.person).transform((v) => v.toLowerCase()),
    action: z
      .string()
      .trim()
      .refine((v) => v === "" || isAuditAction(v), AUDIT_MESSAGES.action),
    entityType: z
      .string()
      .trim()
      .refine((v) => v === "" || isAuditEntityType(v), AUDIT_MESSAGES.entityType),
    entityId: text(100, AUDIT_MESSAGES.entityId),
    member: memberField,
    from: day(AUDIT_MESSAGES.from),
    to: day(AUDIT_MESSAGES.to),
  })
  .superRefine((f, ctx) => {
    if (f.from && f.to && f.from > f.to) ctx.addIssue({ code: "custom", path: ["to"], message: AUDIT_MESSAGES.range });
  });

/**
 * A page cursor: the entry's instant in microseconds since 1970 and its id. Both go to the
 * database as bigint, so both are bounded here (issue 18 §5: `antes=9999999999999999999.1`
 * overflowed bigint and answered 500): the instant within years 1970–9999, the id within
 * bigint.
 */
const MAX_MICROS = 253_402_300_799_999_999n; // 9999-12-31T23:59:59.999999Z
const MAX_BIGINT = 9_223_372_036_854_775_807n;
const cursorSchema = z
  .string()
  .regex(/^(\d{1,18})\.(\d{1,19})$/)
  .transform((v) => {
    const [micros, id] = v.split(".");
    return { micros, id };
  })
  .refine((c) => BigInt(c.micros) <= MAX_MICROS && BigInt(c.id) <= MAX_BIGINT);
function parseCursor(value: string | null): AuditCursor | undefined | null {
  if (value == null || value === "") return undefined;
  const parsed = cursorSchema.safeParse(value);
  return parsed.success ? { micros: String(BigInt(parsed.data.micros)), id: String(BigInt(parsed.data.id)) } : null;
}
export function formatCursor(c: AuditCursor) {
  return `${c.micros}.${c.id}`;
}

export type FilterErrors = Partial<Record<FilterKey | "cursor", string>>;
export type ParsedFilters =
  | {
      ok: true;
      filters: AuditFilters;
      page: AuditPageRequest;
      values: Record<FilterKey, string>;
      /** A CPF typed in the member filter (11 digits): the server resolves it to the matrícula. */
      memberCpf?: string;
    }
  | { ok: false; errors: FilterErrors; values: Record<FilterKey, string> };

/** What the form shows back: the raw values (length-capped, control characters removed). */
function rawValues(get: (k: string) => string | null): Record<FilterKey, string> {
  const out = {} as Record<FilterKey, string>;
  for (const k of FILTER_KEYS) out[k] = (get(FILTER_PARAMS[k]) ?? "").replace(/[\u0000-\u001F\u007F]/g, "").slice(0, 120);
  return out;
}

/**
 * Reads the filters (and the page cursor) from URL parameters or a form body. A bad value is
 * reported per field with a pt-BR message; the caller answers 400 and shows them.
 */
export function parseAuditFilters(params: URLSearchParams | FormData): ParsedFilters {
  const get = (k: string) => {
    const v = params.get(k);
    return typeof v === "string" ? v : null;
  };
  const values = rawValues(get);
  const input: Record<string, string> = {};
  for (const k of FILTER_KEYS) input[k] = get(FILTER_PARAMS[k]) ?? "";
  const parsed = filterSchema.safeParse(input);
  const before = parseCursor(get(CURSOR_PARAMS.before));
  const after = parseCursor(get(CURSOR_PARAMS.after));
  const errors: FilterErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as FilterKey;
      errors[key] ??= issue.message;
    }
  }
  if (before === null || after === null || (before && after)) errors.cursor = AUDIT_MESSAGES.cursor;
  if (!parsed.success || errors.cursor) return { ok: false, errors, values };
  const f = parsed.data;
  const filters: AuditFilters = {};
  if (f.person) filters.person = f.person;
  if (f.action) filters.action = f.action as AuditAction;
  if (f.entityType) filters.entityType = f.entityType as AuditEntityType;
  if (f.entityId) filters.entityId = f.entityId;
  if (f.member?.kind === "registration") filters.member = f.member.value;
  if (f.from) filters.from = f.from;
  if (f.to) filters.to = f.to;
  const memberCpf = f.member?.kind === "cpf" ? f.member.value : undefined;
  return {
    ok: true,
    filters,
    page: { before: before ?? undefined, after: after ?? undefined },
    values,
    ...(memberCpf ? { memberCpf } : {}),
  };
}

/** The filters as URL parameters (for links: next page, export, clear). */
export function filterParams(filters: AuditFilters): URLSearchParams {
  const p = new URLSearchParams();
  for (const k of FILTER_KEYS) {
    const v = filters[k];
    if (v) p.set(FILTER_PARAMS[k], v);
  }
  return p;
}

/** The first instant of a Brasília calendar day (yyyy-mm-dd), plus `addDays`. */
export function brasiliaDayStart(day: string, addDays = 0): Date {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(new TZDate(y, m - 1, d + addDays, 0, 0, 0, 0, TIME_ZONE).getTime());
}

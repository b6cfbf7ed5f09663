/**
 * The building blocks of the typed audit events (ADR 085). Pure: no I/O, safe anywhere.
 *
 * An event is an action name ("agreement.updated") with its pt-BR label, the kind of entity it
 * is about, and a strict Zod schema of its `data`. `auditEvent()` refuses, at compile time,
 * a data shape holding a secret (passwords, tokens, receipt codes) at any depth, or — for a
 * complaint — any of the complaint's text. The schemas are strict, so a key smuggled in through
 * a spread is refused at run time too (recordAudit throws; the write rolls back).
 */
import { z } from "zod";

/** Keys no audit entry may hold, whatever the entity. */
export const SECRET_KEYS = [
  "password",
  "passwordHash",
  "newPassword",
  "currentPassword",
  "confirmPassword",
  "senha",
  "token",
  "tokenHash",
  "resetToken",
  "secret",
  "receipt",
  "receiptCode",
  "receiptHash",
] as const;

/** What a reporter wrote (or staff wrote about it) stays out of the log: only ids, statuses and sizes. */
export const COMPLAINT_TEXT_KEYS = [
  "title",
  "description",
  "body",
  "text",
  "message",
  "reply",
  "notes",
  "adminNotes",
  "companyName",
  "location",
] as const;

type SecretKey = (typeof SECRET_KEYS)[number];
type ComplaintTextKey = (typeof COMPLAINT_TEXT_KEYS)[number];
type ForbiddenFor<E extends string> = E extends "complaint" ? SecretKey | ComplaintTextKey : SecretKey;

/** Every key of T, at any depth (arrays and records included). */
type DeepKeys<T> = T extends readonly (infer U)[]
  ? DeepKeys<U>
  : T extends object
    ? { [K in keyof T & string]-?: K | DeepKeys<NonNullable<T[K]>> }[keyof T & string]
    : never;

type Offending<E extends string, T> = Extract<DeepKeys<T>, ForbiddenFor<E>>;
/** `unknown` (no constraint) when the shape is clean; otherwise a type naming the offending keys. */
type NoForbiddenKeys<E extends string, T> = [Offending<E, T>] extends [never]
  ? unknown
  : { "audit data must not hold these keys": Offending<E, T> };

/** A field value before and after a change. */
export const auditScalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type AuditScalar = z.infer<typeof auditScalar>;
export const auditChange = z.strictObject({ from: auditScalar, to: auditScalar });
/** `{ field: { from, to } }` for the named fields only (their names are checked like any key). */
export const auditChanges = <const K extends readonly [string, ...string[]]>(fields: K) => z.partialRecord(z.enum(fields), auditChange);

export type AuditEventDef<E extends string = string, S extends z.ZodObject = z.ZodObject> = {
  /** What the screen calls the action, pt-BR (e.g. "Convenção alterada"). */
  label: string;
  /** The kind of entity the entry is about; its label is in AUDIT_ENTITY_LABELS. */
  entityType: E;
  /** The strict shape of `data`. */
  data: S;
  /** pt-BR labels of this event's data keys, over the shared ones (describe-audit-entry.ts). */
  fields?: Record<string, string>;
  /** pt-BR labels of coded values, per key (statuses, roles…). */
  values?: Record<string, Record<string, string>>;
};

export function auditEvent<const E extends string, S extends z.ZodObject>(
  def: AuditEventDef<E, S> & { data: NoForbiddenKeys<E, z.input<S>> & NoForbiddenKeys<E, z.output<S>> },
): AuditEventDef<E, S> {
  return def;
}

/** Turns before/after rows into `{ field: { from, to } }` for the fields that differ. */
export function diffFields<K extends string>(
  before: Partial<Record<K, unknown>>,
  after: Partial<Record<K, unknown>>,
  fields: readonly K[],
): Partial<Record<K, { from: AuditScalar; to: AuditScalar }>> {
  const scalar = (v: unknown): AuditScalar =>
    v == null ? null : v instanceof Date ? v.toISOString() : typeof v === "object" ? JSON.stringify(v) : (v as AuditScalar);
  const out: Partial<Record<K, { from: AuditScalar; to: AuditScalar }>> = {};
  for (const k of fields) {
    const from = scalar(before[k]);
    const to = scalar(after[k]);
    if (from !== to) out[k] = { from, to };
  }
  return out;
}

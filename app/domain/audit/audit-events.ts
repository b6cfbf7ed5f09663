/**
 * Every audit action of the product, in one registry (ADR 085). `recordAudit` accepts only
 * these; the audit screen reads rows back through them.
 *
 * To add an area's events (members, service records, workplaces, finance…):
 *   1. write `events/<area>.ts` exporting `<AREA>_ENTITIES` (entity type → pt-BR label) and
 *      `<AREA>_EVENTS` (action → auditEvent({ label, entityType, data: z.strictObject(…) }));
 *   2. spread both below (one line each);
 *   3. call `recordAudit({ actor, action, entityType, entityId, data }, tx)` in the use case's
 *      transaction. The types check the action, its entity type and its data.
 * Never rename or remove an action that has been written: old rows are read by it.
 */
import type { z } from "zod";
import type { AuditEventDef } from "./audit-event";
import { AGREEMENT_ENTITIES, AGREEMENT_EVENTS } from "./events/agreements";
import { AUDIT_LOG_ENTITIES, AUDIT_LOG_EVENTS } from "./events/audit";
import { COMPLAINT_ENTITIES, COMPLAINT_EVENTS } from "./events/complaints";
import { CONTACT_ENTITIES, CONTACT_EVENTS } from "./events/contacts";
import { CONTENT_ENTITIES, CONTENT_EVENTS } from "./events/content";
import { MEMBER_ENTITIES, MEMBER_EVENTS } from "./events/members";
import { FIELD_ENTITIES, FIELD_EVENTS } from "./events/field";
import { NEWS_ENTITIES, NEWS_EVENTS } from "./events/news";
import { PARTNER_ENTITIES, PARTNER_EVENTS } from "./events/partners";
import { USER_ENTITIES, USER_EVENTS } from "./events/users";
import { SERVICE_ENTITIES, SERVICE_EVENTS } from "./events/services";
import { FINANCE_ENTITIES, FINANCE_EVENTS } from "./events/finance";
import { FINANCE_PIX_ENTITIES, FINANCE_PIX_EVENTS } from "./events/finance-pix";
import { ACCESS_ENTITIES, ACCESS_EVENTS } from "./events/access";
import { MEMBER_AREA_ENTITIES, MEMBER_AREA_EVENTS } from "./events/member-area";

/** Entity type (stored in audit_log.entity_type) → pt-BR label. */
export const AUDIT_ENTITY_LABELS = {
  ...USER_ENTITIES,
  ...AGREEMENT_ENTITIES,
  ...CONTENT_ENTITIES,
  ...CONTACT_ENTITIES,
  ...NEWS_ENTITIES,
  ...PARTNER_ENTITIES,
  ...COMPLAINT_ENTITIES,
  ...AUDIT_LOG_ENTITIES,
  ...MEMBER_ENTITIES,
  ...FIELD_ENTITIES,
  ...SERVICE_ENTITIES,
  ...FINANCE_ENTITIES,
  ...FINANCE_PIX_ENTITIES,
  ...ACCESS_ENTITIES,
  ...MEMBER_AREA_ENTITIES,
} as const;
export type AuditEntityType = keyof typeof AUDIT_ENTITY_LABELS;

export const AUDIT_EVENTS = {
  ...USER_EVENTS,
  ...AGREEMENT_EVENTS,
  ...CONTENT_EVENTS,
  ...CONTACT_EVENTS,
  ...NEWS_EVENTS,
  ...PARTNER_EVENTS,
  ...COMPLAINT_EVENTS,
  ...AUDIT_LOG_EVENTS,
  ...MEMBER_EVENTS,
  ...FIELD_EVENTS,
  ...SERVICE_EVENTS,
  ...FINANCE_EVENTS,
  ...FINANCE_PIX_EVENTS,
  ...ACCESS_EVENTS,
  ...MEMBER_AREA_EVENTS,
} satisfies Record<string, AuditEventDef<AuditEntityType>>;

type Events = typeof AUDIT_EVENTS;
export type AuditAction = keyof Events;

/** `data` may be left out when the event carries none. */
type DataOf<A extends AuditAction> = z.input<Events[A]["data"]>;
type DataField<A extends AuditAction> = Record<never, never> extends DataOf<A> ? { data?: DataOf<A> } : { data: DataOf<A> };
/** The same as recordAudit's last argument. */
export type AuditDataArg<A extends AuditAction> = Record<never, never> extends DataOf<A> ? [data?: DataOf<A>] : [data: DataOf<A>];

/** One audit event: the action, the entity it is about and its typed data. */
export type AuditEvent = {
  [A in AuditAction]: { action: A; entityId?: string | number | null } & DataField<A>;
}[AuditAction];

export const AUDIT_ACTIONS = Object.keys(AUDIT_EVENTS) as AuditAction[];

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === "string" && Object.hasOwn(AUDIT_EVENTS, value);
}

export function isAuditEntityType(value: unknown): value is AuditEntityType {
  return typeof value === "string" && Object.hasOwn(AUDIT_ENTITY_LABELS, value);
}

export function auditEventDef(action: string): AuditEventDef | undefined {
  return isAuditAction(action) ? (AUDIT_EVENTS[action] as AuditEventDef) : undefined;
}

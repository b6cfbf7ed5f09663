import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { instant, createdAt, updatedAt, ownerId } from "./columns";
import { sql } from "drizzle-orm";
import { users } from "./auth";
import { bytea } from "./types";

/**
 * The audit log (ADR 085-089): append-only (a trigger refuses UPDATE, DELETE and TRUNCATE; the
 * one exception is the LGPD anonymisation's rewrite of `data`, in its own transaction, ADR 171), so
 * `actor_id` has no foreign key — deleting a user must not rewrite the entries that name them.
 * The indexes serve the screen's newest-first pages, alone and under each filter.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
    actorId: uuid("actor_id"),
    actorUsername: text("actor_username"),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt, t.id),
    index("audit_log_actor_idx").on(t.actorUsername, t.createdAt, t.id),
    index("audit_log_action_idx").on(t.action, t.createdAt, t.id),
    index("audit_log_entity_type_idx").on(t.entityType, t.createdAt, t.id),
    index("audit_log_entity_idx").on(t.entityType, t.entityId, t.createdAt, t.id),
    // The screen's "Identificador do registro" filter without a type (ADR 088).
    index("audit_log_entity_id_idx").on(t.entityId, t.createdAt, t.id),
  ],
);

/** The one file store: every upload lives here so a database backup holds everything. */
export const files = pgTable("files", {
  id: uuid("id").primaryKey().defaultRandom(),
  purpose: text("purpose").notNull(),
  fileName: text("file_name").notNull(),
  contentType: text("content_type").notNull(),
  size: integer("size").notNull(),
  sha256: text("sha256").notNull(),
  data: bytea("data").notNull(),
  createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

/** Small key/value settings: generated secrets, institutional content, … */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: updatedAt(),
});

/**
 * One row: a counter the database bumps (by trigger, see the render-cache migration) on every
 * write that can change a public page, and announces with `pg_notify('content_version', …)`.
 * The render cache keys its entries by it, so no use case has to remember to invalidate.
 */
export const contentVersion = pgTable("content_version", {
  id: integer("id").primaryKey().default(1),
  version: bigint("version", { mode: "number" }).notNull().default(1),
  changedAt: instant("changed_at").notNull().defaultNow(),
});

/**
 * One row per create form sent with an idempotency key (migration 0027, ADR 196): claimed by the
 * first post (result null while it runs), then holding its answer, which a repeated post of
 * the same key gets back instead of creating again.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: ownerId("user_id", () => users.id),
    key: text("key").notNull(),
    /** The form it belongs to (e.g. "service-record"): a key sent to another form is refused. */
    scope: text("scope").notNull(),
    result: jsonb("result").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    completedAt: instant("completed_at"),
  },
  (t) => [
    primaryKey({ name: "idempotency_keys_pkey", columns: [t.userId, t.key] }),
    index("idempotency_keys_created_idx").on(t.createdAt),
    check("idempotency_keys_key_check", sql`${t.key} ~ '^[A-Za-z0-9-]{16,64}$'`),
  ],
);

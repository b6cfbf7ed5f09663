import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { members } from "./members";
import { users } from "./auth";

/**
 * The members' own area (issue 23, ADRs 270–272; migration 0036). No column copies the member's
 * name, CPF, e-mail or phone; anonymising the member deletes these rows.
 */

/** One row per member who used the area: the card's public code, the last sign-in, a block. */
export const memberAccess = pgTable(
  "member_access",
  {
    memberId: uuid("member_id")
      .primaryKey()
      .references(() => members.id, { onDelete: "cascade" }),
    /** The card's code for /verificar/{code}: random; the database replaces it on a status change (ADR 272). */
    verifyCode: text("verify_code")
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    verifyRotatedAt: timestamp("verify_rotated_at", { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    blockedAt: timestamp("blocked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("member_access_verify_code_key").on(t.verifyCode)],
);

/** One-time sign-in codes (ADR 270): an HMAC of the 6 digits, 10 minutes, single use. */
export const memberLoginCodes = pgTable(
  "member_login_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("member_login_codes_member_idx").on(t.memberId, t.createdAt)],
);

/** Member sessions, apart from the staff's (ADR 270). The id is the SHA-256 of the cookie's token. */
export const memberSessions = pgTable(
  "member_sessions",
  {
    id: text("id").primaryKey(),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("member_sessions_member_idx").on(t.memberId)],
);

/**
 * "Meus dados" (issue 23 §4, ADR 275; migration 0039): a new e-mail waiting for the code sent to
 * it (the sign-in's code rules). Copies the new address: anonymisation deletes the member's rows.
 */
export const memberEmailChanges = pgTable(
  "member_email_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    newEmail: text("new_email").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("member_email_changes_member_idx").on(t.memberId, t.createdAt)],
);

export const ADDRESS_REQUEST_STATUSES = ["pending", "approved", "rejected", "replaced"] as const;
export type AddressRequestStatus = (typeof ADDRESS_REQUEST_STATUSES)[number];

/**
 * An address the member asked for, queued for rh's approval (ADR 275). One pending per member.
 * Copies the address: anonymisation deletes the member's rows, whatever their status.
 */
export const memberAddressRequests = pgTable(
  "member_address_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    address: text("address").notNull(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    /** 8 digits. */
    cep: text("cep").notNull(),
    region: text("region"),
    status: text("status").$type<AddressRequestStatus>().notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("member_address_requests_pending_key")
      .on(t.memberId)
      .where(sql`${t.status} = 'pending'`),
    index("member_address_requests_status_idx").on(t.status, t.createdAt),
    check("member_address_requests_status_check", sql`${t.status} in ('pending', 'approved', 'rejected', 'replaced')`),
    check("member_address_requests_cep_check", sql`${t.cep} ~ '^[0-9]{8}$'`),
  ],
);

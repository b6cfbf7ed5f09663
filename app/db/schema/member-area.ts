import { check, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { instant, createdAt, emailedCode, ownerId, sessionTimes } from "./columns";
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
    verifyRotatedAt: instant("verify_rotated_at").notNull().defaultNow(),
    lastSignInAt: instant("last_sign_in_at"),
    blockedAt: instant("blocked_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("member_access_verify_code_key").on(t.verifyCode)],
);

/** One-time sign-in codes (ADR 270): an HMAC of the 6 digits, 10 minutes, single use. */
export const memberLoginCodes = pgTable(
  "member_login_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: ownerId("member_id", () => members.id),
    ...emailedCode(),
  },
  (t) => [index("member_login_codes_member_idx").on(t.memberId, t.createdAt)],
);

/** Member sessions, apart from the staff's (ADR 270). The id is the SHA-256 of the cookie's token. */
export const memberSessions = pgTable(
  "member_sessions",
  {
    id: text("id").primaryKey(),
    memberId: ownerId("member_id", () => members.id),
    ...sessionTimes(),
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
    memberId: ownerId("member_id", () => members.id),
    newEmail: text("new_email").notNull(),
    ...emailedCode(),
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
    memberId: ownerId("member_id", () => members.id),
    address: text("address").notNull(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    /** 8 digits. */
    cep: text("cep").notNull(),
    region: text("region"),
    status: text("status").$type<AddressRequestStatus>().notNull().default("pending"),
    createdAt: createdAt(),
    decidedAt: instant("decided_at"),
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

import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { instant, createdAt, ownerId, sessionTimes, timestamps } from "./columns";

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    username: text("username").notNull().unique(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    role: text("role").notNull(),
    passwordHash: text("password_hash").notNull(),
    active: boolean("active").notNull().default(true),
    isDemo: boolean("is_demo").notNull().default(false),
    ...timestamps(),
    lastLoginAt: instant("last_login_at"),
    /** The TOTP secret (ADR 185), AES-256-GCM encrypted; null until enrolment is confirmed. */
    totpSecret: text("totp_secret"),
    totpEnabledAt: instant("totp_enabled_at"),
    /** The last TOTP time step accepted: a code of this step or an earlier one is a replay. */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
  },
  (t) => [
    check("users_role_check", sql`${t.role} in ('admin','presidencia','juridico','financeiro','rh','secretaria','homologacao','campo')`),
    check("users_totp_check", sql`(${t.totpSecret} is null) = (${t.totpEnabledAt} is null)`),
  ],
);

/** Server-side sessions. The cookie carries a random token; only its SHA-256 is stored here. */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: ownerId("user_id", () => users.id),
    ...sessionTimes(),
    /** Password accepted, TOTP or recovery code still owed (ADR 185): reaches nothing but the code step. */
    secondFactorPending: boolean("second_factor_pending").notNull().default(false),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** Single-use recovery codes of the second factor (ADR 185): only a SHA-256 of each is kept. */
export const userRecoveryCodes = pgTable(
  "user_recovery_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: ownerId("user_id", () => users.id),
    codeHash: text("code_hash").notNull(),
    createdAt: createdAt(),
    usedAt: instant("used_at"),
  },
  (t) => [uniqueIndex("user_recovery_codes_user_hash_idx").on(t.userId, t.codeHash)],
);

export const passwordResetTokens = pgTable("password_reset_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  userId: ownerId("user_id", () => users.id),
  createdAt: createdAt(),
  expiresAt: instant("expires_at").notNull(),
  usedAt: instant("used_at"),
});

/** Fixed-window counters shared by every app instance. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStart: instant("window_start").notNull(),
});

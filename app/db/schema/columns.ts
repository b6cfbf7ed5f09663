import { integer, text, timestamp, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * Column builders the tables share, so each common column is written once. Not exported from
 * the schema's index: they are not tables. Each call returns a new builder (a builder belongs
 * to the one table it is used in).
 */

/** An instant: every time column of the schema is `timestamp with time zone`. */
export const instant = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was written: `created_at`, now() unless given. */
export const createdAt = () => instant("created_at").notNull().defaultNow();

/** When the row was last changed: `updated_at`, now() unless given (each update sets it). */
export const updatedAt = () => instant("updated_at").notNull().defaultNow();

/** When the row was written and last changed (createdAt(), updatedAt()): a row that is edited in place. */
export const timestamps = () => ({
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The id of the row this one belongs to: required, and deleted with it (ON DELETE CASCADE). */
export const ownerId = (name: string, owner: () => AnyPgColumn) => uuid(name).notNull().references(owner, { onDelete: "cascade" });

/**
 * The id of the row this one is history of: required, and the row it names cannot be deleted
 * while this one exists (ON DELETE RESTRICT), as for a member's charges and a charge's payments.
 */
export const historyOf = (name: string, of: () => AnyPgColumn) => uuid(name).notNull().references(of, { onDelete: "restrict" });

/** A session's times (the staff's and the members'): written, last seen (now() unless given), expiry. */
export const sessionTimes = () => ({
  createdAt: createdAt(),
  lastSeenAt: instant("last_seen_at").notNull().defaultNow(),
  expiresAt: instant("expires_at").notNull(),
});

/**
 * A code e-mailed to a member (sign-in, ADR 270; a new e-mail in "Meus dados", ADR 275): an HMAC
 * of the digits, the wrong tries so far, when it was sent, until when it holds, when it was used.
 */
export const emailedCode = () => ({
  codeHash: text("code_hash").notNull(),
  attempts: integer("attempts").notNull().default(0),
  createdAt: createdAt(),
  expiresAt: instant("expires_at").notNull(),
  usedAt: instant("used_at"),
});

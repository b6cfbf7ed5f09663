import { timestamp, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";

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

/** The id of the row this one belongs to: required, and deleted with it (ON DELETE CASCADE). */
export const ownerId = (name: string, owner: () => AnyPgColumn) => uuid(name).notNull().references(owner, { onDelete: "cascade" });

import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";

/**
 * Staff notifications (issue 22 §7, ADR 266): who is told, of what, and the page to open. The
 * title is built from the kind and a sector or protocol, never from a member's or complainant's
 * data, so the anonymisation has nothing to rewrite here. The bell counts the unread rows of one
 * user off the partial index.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** complaint_new | contact_new | service_assigned | service_requester (ADR 274) */
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    /** A path inside the panel (/dashboard/…). */
    link: text("link").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    index("notifications_user_idx").on(t.userId, t.id),
    index("notifications_unread_idx")
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    check("notifications_kind_check", sql`${t.kind} in ('complaint_new','contact_new','service_assigned','service_requester')`),
    check("notifications_link_check", sql`${t.link} ~ '^/dashboard(/|$)'`),
  ],
);

/** Each user's choice per kind (e-mail, in the panel); no row means both on. */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    email: boolean("email").notNull(),
    inApp: boolean("in_app").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check("notification_preferences_kind_check", sql`${t.kind} in ('complaint_new','contact_new','service_assigned','service_requester')`),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;

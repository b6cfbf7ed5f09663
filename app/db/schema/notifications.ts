import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { instant, createdAt, updatedAt, ownerId } from "./columns";
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
    userId: ownerId("user_id", () => users.id),
    /** complaint_new | contact_new | service_assigned */
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    /** A path inside the panel (/dashboard/…). */
    link: text("link").notNull(),
    createdAt: createdAt(),
    readAt: instant("read_at"),
  },
  (t) => [
    index("notifications_user_idx").on(t.userId, t.id),
    index("notifications_unread_idx")
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    check("notifications_kind_check", sql`${t.kind} in ('complaint_new','contact_new','service_assigned','service_reply')`),
    check("notifications_link_check", sql`${t.link} ~ '^/dashboard(/|$)'`),
  ],
);

/** Each user's choice per kind (e-mail, in the panel); no row means both on. */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: ownerId("user_id", () => users.id),
    kind: text("kind").notNull(),
    email: boolean("email").notNull(),
    inApp: boolean("in_app").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check("notification_preferences_kind_check", sql`${t.kind} in ('complaint_new','contact_new','service_assigned','service_reply')`),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;

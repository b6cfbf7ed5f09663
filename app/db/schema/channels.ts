import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { instant, createdAt, ownerId, timestamps } from "./columns";
import { users } from "./auth";
import { files } from "./system";

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    sector: text("sector").notNull(),
    status: text("status").notNull().default("pending"),
    replyMessage: text("reply_message"),
    repliedBy: uuid("replied_by").references(() => users.id, { onDelete: "set null" }),
    repliedByName: text("replied_by_name"),
    repliedAt: instant("replied_at"),
    consentAt: instant("consent_at"),
    ...timestamps(),
  },
  (t) => [
    check("contact_messages_status_check", sql`${t.status} in ('pending','replied','resolved')`),
    index("contact_messages_sector_idx").on(t.sector, t.createdAt),
  ],
);

/**
 * Every answer staff e-mailed to a contact message, oldest first (ADR 305): replying twice keeps
 * both. The message's own reply columns (reply_message, replied_by, replied_by_name, replied_at,
 * named by the original spec) keep the latest one.
 */
export const contactReplies = pgTable(
  "contact_replies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    contactMessageId: ownerId("contact_message_id", () => contactMessages.id),
    body: text("body").notNull(),
    staffUserId: uuid("staff_user_id").references(() => users.id, { onDelete: "set null" }),
    staffName: text("staff_name"),
    sentAt: instant("sent_at").notNull().defaultNow(),
  },
  (t) => [index("contact_replies_message_idx").on(t.contactMessageId, t.sentAt)],
);

/** Anonymous complaints (denúncias). No IP, user agent or cookie is ever stored. */
export const complaints = pgTable(
  "complaints",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    companyName: text("company_name"),
    location: text("location"),
    description: text("description").notNull(),
    status: text("status").notNull().default("pending"),
    adminNotes: text("admin_notes"),
    reviewedBy: uuid("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: instant("reviewed_at"),
    evidenceFileId: uuid("evidence_file_id").references(() => files.id, { onDelete: "set null" }),
    /** Slow (Argon2id, app-wide salt) hash of the 16-digit receipt code; the code itself is never stored. */
    receiptHash: text("receipt_hash").unique(),
    ...timestamps(),
  },
  (t) => [check("complaints_status_check", sql`${t.status} in ('pending','in_review','resolved','dismissed')`)],
);

/** The follow-up thread: the reporter's additions and staff replies (internal or public). */
export const complaintMessages = pgTable(
  "complaint_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    complaintId: ownerId("complaint_id", () => complaints.id),
    author: text("author").notNull(),
    staffUserId: uuid("staff_user_id").references(() => users.id, { onDelete: "set null" }),
    staffName: text("staff_name"),
    visibility: text("visibility").notNull().default("public"),
    body: text("body").notNull().default(""),
    fileId: uuid("file_id").references(() => files.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("complaint_messages_author_check", sql`${t.author} in ('reporter','staff')`),
    check("complaint_messages_visibility_check", sql`${t.visibility} in ('public','internal')`),
    index("complaint_messages_complaint_idx").on(t.complaintId, t.createdAt),
  ],
);

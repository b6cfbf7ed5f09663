import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { instant, timestamps } from "./columns";
import { users } from "./auth";
import { files } from "./system";

/** Collective agreements (convenções coletivas). */
export const agreements = pgTable(
  "agreements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    company: text("company").notNull(),
    validFrom: date("valid_from").notNull(),
    validTo: date("valid_to").notNull(),
    fileId: uuid("file_id").references(() => files.id, { onDelete: "set null" }),
    fileName: text("file_name"),
    fileSize: integer("file_size"),
    isPublic: boolean("is_public").notNull().default(true),
    status: text("status").notNull().default("active"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    check("agreements_status_check", sql`${t.status} in ('active','expired','draft')`),
    index("agreements_valid_from_idx").on(t.validFrom),
  ],
);

export const newsPosts = pgTable(
  "news_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique(),
    summary: text("summary").notNull(),
    body: text("body").notNull(),
    coverFileId: uuid("cover_file_id").references(() => files.id, { onDelete: "set null" }),
    status: text("status").notNull().default("draft"),
    publishedAt: instant("published_at"),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    check("news_posts_status_check", sql`${t.status} in ('draft','published')`),
    index("news_posts_published_idx").on(t.status, t.publishedAt),
  ],
);

export const partners = pgTable("partners", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  description: text("description").notNull(),
  logoFileId: uuid("logo_file_id").references(() => files.id, { onDelete: "set null" }),
  website: text("website"),
  category: text("category").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
  active: boolean("active").notNull().default(true),
  ...timestamps(),
});

/** Posts synced from the Instagram Graph API; images are copied into the file store. */
export const instagramPosts = pgTable("instagram_posts", {
  id: text("id").primaryKey(),
  caption: text("caption"),
  mediaType: text("media_type"),
  mediaUrl: text("media_url"),
  permalink: text("permalink").notNull(),
  timestamp: instant("timestamp").notNull(),
  imageFileId: uuid("image_file_id").references(() => files.id, { onDelete: "set null" }),
  syncedAt: instant("synced_at").notNull().defaultNow(),
});

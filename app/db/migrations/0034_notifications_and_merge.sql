-- custom SQL (keep on regeneration)
-- Issue 22 §7 (ADR 266): staff notifications. A row says who is told, of what kind, and where to
-- look; never a member's or a complainant's data (the title is built from the kind, a sector or
-- a protocol). The bell counts a user's unread rows off the partial index.
CREATE TABLE "notifications" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "title" text NOT NULL,
  "link" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "read_at" timestamp with time zone,
  CONSTRAINT "notifications_kind_check" CHECK ("kind" in ('complaint_new','contact_new','service_assigned')),
  CONSTRAINT "notifications_link_check" CHECK ("link" ~ '^/dashboard(/|$)')
);
--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id");
--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;
--> statement-breakpoint
-- Each user's choice per kind; no row: both on.
CREATE TABLE "notification_preferences" (
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "email" boolean NOT NULL,
  "in_app" boolean NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "notification_preferences_user_id_kind_pk" PRIMARY KEY ("user_id", "kind"),
  CONSTRAINT "notification_preferences_kind_check" CHECK ("kind" in ('complaint_new','contact_new','service_assigned'))
);
--> statement-breakpoint
-- Issue 22 §8 (ADR 267): a duplicate record merged into its survivor points to it and is closed.
ALTER TABLE "service_records" ADD COLUMN "merged_into" uuid REFERENCES "service_records"("id");
--> statement-breakpoint
ALTER TABLE "service_records" ADD CONSTRAINT "service_records_merged_check" CHECK ("merged_into" is null or ("merged_into" <> "id" and "status" = 'closed'));
--> statement-breakpoint
CREATE INDEX "service_records_merged_into_idx" ON "service_records" USING btree ("merged_into") WHERE "service_records"."merged_into" is not null;

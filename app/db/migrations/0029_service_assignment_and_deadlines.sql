-- custom SQL (keep on regeneration)
-- Issue 22 §1 (ADR 257): a change of a record's responsible is a history entry of its own kind.
ALTER TABLE "service_record_entries" DROP CONSTRAINT "service_record_entries_kind_check";
--> statement-breakpoint
ALTER TABLE "service_record_entries" ADD CONSTRAINT "service_record_entries_kind_check" CHECK ("service_record_entries"."kind" in ('created','status','comment','edit','assign'));
--> statement-breakpoint
-- "Meus atendimentos": a user's open records in deadline order, read straight off the index.
CREATE INDEX "service_records_responsible_due_idx" ON "service_records" USING btree ("responsible_id","due_at","id") WHERE "service_records"."status" in ('pending','in_progress');
--> statement-breakpoint
-- Issue 22 §2 (ADR 258): the daily deadline job reads the open records due up to the next business day.
CREATE INDEX "service_records_open_due_idx" ON "service_records" USING btree ("due_at") WHERE "service_records"."status" in ('pending','in_progress');
--> statement-breakpoint
-- One reminder per day, recipient and kind: claimed in the transaction that queues the e-mail.
CREATE TABLE "service_deadline_reminders" (
  "day" date NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "records" integer NOT NULL,
  "sent_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "service_deadline_reminders_day_user_id_kind_pk" PRIMARY KEY ("day", "user_id", "kind"),
  CONSTRAINT "service_deadline_reminders_kind_check" CHECK ("kind" in ('responsible','digest'))
);
--> statement-breakpoint
CREATE INDEX "service_deadline_reminders_user_idx" ON "service_deadline_reminders" ("user_id");

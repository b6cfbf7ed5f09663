-- custom SQL (keep on regeneration)
-- Issue 22 §3 (ADR 262): a service record's attachments (PDF, JPEG, PNG), stored in the file store.
-- Each upload writes a history entry of its own kind ("anexou rescisao.pdf"); a change of
-- visibility writes another. Only `is_public` ever changes on a row.
ALTER TABLE "service_record_entries" DROP CONSTRAINT "service_record_entries_kind_check";
--> statement-breakpoint
ALTER TABLE "service_record_entries" ADD CONSTRAINT "service_record_entries_kind_check" CHECK ("service_record_entries"."kind" in ('created','status','comment','edit','assign','attachment'));
--> statement-breakpoint
CREATE TABLE "service_record_attachments" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "record_id" uuid NOT NULL REFERENCES "service_records"("id"),
  -- The member's anonymisation deletes the file: the attachment goes with it.
  "file_id" uuid NOT NULL REFERENCES "files"("id") ON DELETE CASCADE,
  "entry_id" bigint REFERENCES "service_record_entries"("id"),
  "is_public" boolean DEFAULT false NOT NULL,
  "uploaded_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "uploaded_by_name" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "service_record_attachments_record_idx" ON "service_record_attachments" ("record_id", "created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "service_record_attachments_file_key" ON "service_record_attachments" ("file_id");

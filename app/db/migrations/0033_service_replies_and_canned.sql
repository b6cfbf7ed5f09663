-- custom SQL (keep on regeneration)
-- Issue 22 §5 (ADR 264): a requester's reply by e-mail is a history entry of its own kind.
ALTER TABLE "service_record_entries" DROP CONSTRAINT "service_record_entries_kind_check";
--> statement-breakpoint
ALTER TABLE "service_record_entries" ADD CONSTRAINT "service_record_entries_kind_check" CHECK ("service_record_entries"."kind" in ('created','status','comment','edit','assign','attachment','reply'));
--> statement-breakpoint
-- The files a reply brought (PDF, JPEG, PNG; checked like complaint evidence), in the file store.
CREATE TABLE "service_reply_files" (
  "entry_id" bigint NOT NULL REFERENCES "service_record_entries"("id"),
  "file_id" uuid NOT NULL REFERENCES "files"("id") ON DELETE CASCADE,
  "position" smallint NOT NULL,
  CONSTRAINT "service_reply_files_pk" PRIMARY KEY ("entry_id", "file_id")
);
--> statement-breakpoint
CREATE INDEX "service_reply_files_file_idx" ON "service_reply_files" ("file_id");
--> statement-breakpoint
-- The Message-ID of each reply taken, per record: a reply delivered twice (an MTA retrying after a
-- lost "250") is acknowledged again and stored once.
CREATE TABLE "service_reply_messages" (
  "record_id" uuid NOT NULL REFERENCES "service_records"("id"),
  "message_id" text NOT NULL,
  "entry_id" bigint NOT NULL REFERENCES "service_record_entries"("id"),
  "received_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "service_reply_messages_pk" PRIMARY KEY ("record_id", "message_id")
);
--> statement-breakpoint
-- Issue 22 §6 (ADR 265): canned replies (respostas prontas) per sector, with {nome} and {protocolo}.
CREATE TABLE "service_canned_replies" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "sector" text NOT NULL,
  "title" text NOT NULL,
  "body" text NOT NULL,
  "created_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "updated_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "service_canned_replies_sector_check" CHECK ("sector" in ('homologacao','secretaria','juridico','financeiro','presidencia'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "service_canned_replies_sector_title_key" ON "service_canned_replies" ("sector", lower("title"));

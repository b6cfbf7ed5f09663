-- custom SQL (keep on regeneration)
-- ADR 305: every reply staff e-mail to a contact message is kept. Before, a second reply
-- overwrote the first on the message's row (the sender had both e-mails, the inbox showed one).
-- The message's reply columns stay (the original spec names them) and hold the latest reply.
-- Deleting a message deletes its replies; a staff user's deletion keeps the reply and its name.
CREATE TABLE "contact_replies" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "contact_message_id" uuid NOT NULL REFERENCES "contact_messages"("id") ON DELETE CASCADE,
  "body" text NOT NULL,
  "staff_user_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "staff_name" text,
  "sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "contact_replies_message_idx" ON "contact_replies" ("contact_message_id", "sent_at");
--> statement-breakpoint
-- The one reply each message kept so far becomes its first (and only) stored reply.
INSERT INTO "contact_replies" ("contact_message_id", "body", "staff_user_id", "staff_name", "sent_at")
SELECT "id", "reply_message", "replied_by", "replied_by_name", coalesce("replied_at", "updated_at")
  FROM "contact_messages"
 WHERE "reply_message" IS NOT NULL;

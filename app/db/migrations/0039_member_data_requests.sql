-- custom SQL (keep on regeneration)
-- Issue 23 §4 (ADR 275): "Meus dados", the member's corrections of their own record.
--
-- member_email_changes: a new e-mail address waiting for its 6-digit code (the sign-in's code
-- rules, ADR 270: only an HMAC of the code, 10 minutes, single use, 5 tries). It copies the new
-- address: anonymising the member deletes the member's rows.
CREATE TABLE "member_email_changes" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "member_id" uuid NOT NULL REFERENCES "members"("id") ON DELETE CASCADE,
  "new_email" text NOT NULL,
  "code_hash" text NOT NULL,
  "attempts" integer DEFAULT 0 NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "member_email_changes_member_idx" ON "member_email_changes" ("member_id", "created_at");
--> statement-breakpoint
-- member_address_requests: an address the member asked for, queued for rh's approval (ADR 275).
-- One pending request per member (a new one replaces it). It copies the address: anonymising
-- the member deletes the member's rows, whatever their status.
CREATE TABLE "member_address_requests" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "member_id" uuid NOT NULL REFERENCES "members"("id") ON DELETE CASCADE,
  "address" text NOT NULL,
  "city" text NOT NULL,
  "state" text NOT NULL,
  "cep" text NOT NULL,
  "region" text,
  "status" text DEFAULT 'pending' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "decided_at" timestamp with time zone,
  "decided_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  CONSTRAINT "member_address_requests_status_check" CHECK ("status" in ('pending', 'approved', 'rejected', 'replaced')),
  CONSTRAINT "member_address_requests_cep_check" CHECK ("cep" ~ '^[0-9]{8}$')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "member_address_requests_pending_key" ON "member_address_requests" ("member_id") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE INDEX "member_address_requests_status_idx" ON "member_address_requests" ("status", "created_at");

-- custom SQL (keep on regeneration)
-- Issue 23 (ADRs 270, 271, 272): the members' own area. No table here copies a member's name,
-- CPF, e-mail or phone: each row points at the member by id, and anonymising the member deletes
-- them (anonymize-member.server.ts).
--
-- member_access: one row per member who ever asked for a code or opened the card. `verify_code`
-- is the card's public code (/verificar/{code}), random, replaced by the trigger below whenever
-- the member's status, situação or anonymisation changes, so a card printed before the change
-- stops verifying. `blocked_at`: staff turned the member's access off.
CREATE TABLE "member_access" (
  "member_id" uuid PRIMARY KEY NOT NULL REFERENCES "members"("id") ON DELETE CASCADE,
  "verify_code" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL,
  "verify_rotated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_sign_in_at" timestamp with time zone,
  "blocked_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "member_access_verify_code_key" ON "member_access" ("verify_code");
--> statement-breakpoint
-- One-time sign-in codes (ADR 270): only an HMAC of the 6 digits is kept; 10 minutes, single use,
-- burnt after 5 wrong tries. A new request replaces the member's earlier codes.
CREATE TABLE "member_login_codes" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "member_id" uuid NOT NULL REFERENCES "members"("id") ON DELETE CASCADE,
  "code_hash" text NOT NULL,
  "attempts" integer DEFAULT 0 NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "member_login_codes_member_idx" ON "member_login_codes" ("member_id", "created_at");
--> statement-breakpoint
-- Member sessions (ADR 270), apart from the staff's `sessions`: their own cookie, their own table,
-- a shorter absolute timeout. Only a SHA-256 of the cookie's token is stored.
CREATE TABLE "member_sessions" (
  "id" text PRIMARY KEY NOT NULL,
  "member_id" uuid NOT NULL REFERENCES "members"("id") ON DELETE CASCADE,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
  "expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "member_sessions_member_idx" ON "member_sessions" ("member_id");
--> statement-breakpoint
-- The card's code rotates when what it vouches for changes (ADR 272), whichever path wrote it.
CREATE FUNCTION member_access_rotate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE member_access
     SET verify_code = replace(gen_random_uuid()::text, '-', ''), verify_rotated_at = now()
   WHERE member_id = NEW.id;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "members_status_rotates_card" AFTER UPDATE OF "status", "situation", "anonymized_at" ON "members"
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.situation IS DISTINCT FROM NEW.situation OR OLD.anonymized_at IS DISTINCT FROM NEW.anonymized_at)
  EXECUTE FUNCTION member_access_rotate();

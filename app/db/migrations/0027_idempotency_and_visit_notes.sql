-- custom SQL (keep on regeneration)
-- Issue 19 §8 (ADR 196): one record per submitted form. A create form carries a key generated
-- when it is rendered; the first post of a key claims it here (user, key) and stores its answer
-- once done, and a repeated post of the key — a double click, a retry after a cut connection —
-- is answered with that first answer instead of creating again. A claim whose create failed is
-- removed, so the corrected form can be sent with the same key.
CREATE TABLE "idempotency_keys" (
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "key" text NOT NULL,
  "scope" text NOT NULL,
  "result" jsonb,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "completed_at" timestamp with time zone,
  CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("user_id", "key"),
  CONSTRAINT "idempotency_keys_key_check" CHECK ("key" ~ '^[A-Za-z0-9-]{16,64}$')
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" ("created_at");
--> statement-breakpoint
-- Issue 19 §12: the visit's observations, written by campo when finishing a route.
ALTER TABLE "field_routes" ADD COLUMN "notes" text;
--> statement-breakpoint
ALTER TABLE "field_routes" ADD CONSTRAINT "field_routes_notes_check" CHECK (char_length("notes") <= 2000);

CREATE TABLE "members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registration_number" integer NOT NULL,
	"name" text NOT NULL,
	"cpf" text,
	"email" text,
	"mobile_phone" text,
	"home_phone" text,
	"birth_date" date,
	"gender" text,
	"address" text,
	"city" text,
	"state" text,
	"cep" text,
	"region" text,
	"workplace_name" text,
	"workplace_id" uuid,
	"situation" integer,
	"status" text DEFAULT 'ativo' NOT NULL,
	"notes" text,
	"joined_on" date NOT NULL,
	"photo_file_id" uuid,
	"anonymized_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "members_registration_number_check" CHECK ("members"."registration_number" > 0),
	CONSTRAINT "members_cpf_check" CHECK ("members"."cpf" ~ '^[0-9]{11}$'),
	CONSTRAINT "members_cep_check" CHECK ("members"."cep" ~ '^[0-9]{8}$'),
	CONSTRAINT "members_situation_check" CHECK ("members"."situation" in (1, 2, 3, 4, 10))
);
--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_photo_file_id_files_id_fk" FOREIGN KEY ("photo_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "members_registration_number_key" ON "members" USING btree ("registration_number");--> statement-breakpoint
CREATE UNIQUE INDEX "members_cpf_key" ON "members" USING btree ("cpf");--> statement-breakpoint
CREATE INDEX "members_workplace_idx" ON "members" USING btree ("workplace_id");--> statement-breakpoint
-- custom SQL (keep on regeneration)
-- Members' name search and order (ADR 120). unaccent() is only STABLE (its dictionary could
-- change), so an index cannot use it directly: members_fold() pins the dictionary by name and is
-- declared IMMUTABLE. Lower case, no accents: 'João' and 'joao' fold to the same text.
CREATE OR REPLACE FUNCTION members_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;
--> statement-breakpoint
-- "name contains the term" (LIKE '%term%' on the folded name) without reading every row.
CREATE INDEX IF NOT EXISTS "members_name_trgm_idx" ON "members" USING gin (members_fold("name") gin_trgm_ops);
--> statement-breakpoint
-- The list's order (folded name, byte order so both drivers sort alike), read page by page.
CREATE INDEX IF NOT EXISTS "members_name_order_idx" ON "members" (members_fold("name") COLLATE "C", "registration_number");
--> statement-breakpoint
-- The same order within one situação (the active tab is situação 1) and its count.
CREATE INDEX IF NOT EXISTS "members_situation_name_idx" ON "members" ("situation", members_fold("name") COLLATE "C", "registration_number");

CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" integer GENERATED ALWAYS AS IDENTITY (sequence name "companies_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cnpj" text NOT NULL,
	"legal_name" text NOT NULL,
	"trade_name" text,
	"address" text,
	"phone" text,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_cnpj_check" CHECK ("companies"."cnpj" ~ '^[0-9A-Z]{12}[0-9]{2}$')
);
--> statement-breakpoint
CREATE TABLE "service_record_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_record_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"record_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"author_id" uuid,
	"author_name" text NOT NULL,
	"responsible_name" text NOT NULL,
	"old_status" text,
	"new_status" text NOT NULL,
	"text" text NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_record_entries_kind_check" CHECK ("service_record_entries"."kind" in ('created','status','comment','edit'))
);
--> statement-breakpoint
CREATE TABLE "service_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"protocol" text NOT NULL,
	"record_type" text NOT NULL,
	"sector" text NOT NULL,
	"responsible_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"priority" text DEFAULT 'media' NOT NULL,
	"requester_name" text NOT NULL,
	"requester_cpf" text,
	"requester_phone" text,
	"requester_email" text,
	"requester_registration" text,
	"member_id" uuid,
	"service_type" text NOT NULL,
	"other_type" text,
	"description" text NOT NULL,
	"additional_info" text,
	"sector_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"created_by_role" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_records_protocol_check" CHECK ("service_records"."protocol" ~ '^SIND[0-9]{14}$'),
	CONSTRAINT "service_records_status_check" CHECK ("service_records"."status" in ('pending','in_progress','resolved','closed','cancelled')),
	CONSTRAINT "service_records_priority_check" CHECK ("service_records"."priority" in ('baixa','media','alta','urgente')),
	CONSTRAINT "service_records_type_check" CHECK ("service_records"."record_type" in ('atendimento_geral','denuncia_identificada','denuncia_anonima')),
	CONSTRAINT "service_records_cpf_check" CHECK ("service_records"."requester_cpf" ~ '^[0-9]{11}$')
);
--> statement-breakpoint
ALTER TABLE "service_record_entries" ADD CONSTRAINT "service_record_entries_record_id_service_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."service_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_records" ADD CONSTRAINT "service_records_responsible_id_users_id_fk" FOREIGN KEY ("responsible_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_records" ADD CONSTRAINT "service_records_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_records" ADD CONSTRAINT "service_records_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_cnpj_key" ON "companies" USING btree ("cnpj");--> statement-breakpoint
CREATE INDEX "service_record_entries_record_idx" ON "service_record_entries" USING btree ("record_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_records_protocol_key" ON "service_records" USING btree ("protocol");--> statement-breakpoint
CREATE INDEX "service_records_sector_created_idx" ON "service_records" USING btree ("sector","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "service_records_status_created_idx" ON "service_records" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "service_records_created_idx" ON "service_records" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "service_records_cpf_idx" ON "service_records" USING btree ("requester_cpf");--> statement-breakpoint
CREATE INDEX "service_records_member_idx" ON "service_records" USING btree ("member_id");--> statement-breakpoint
-- custom SQL (keep on regeneration)
-- A record's history is append-only (brief item 8, ADR 133): no UPDATE or DELETE, whoever asks.
CREATE OR REPLACE FUNCTION service_record_entries_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'service_record_entries é somente de inclusão: % recusado', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER service_record_entries_append_only BEFORE UPDATE OR DELETE ON service_record_entries FOR EACH ROW EXECUTE FUNCTION service_record_entries_refuse_change();
--> statement-breakpoint
-- Name and description search, accent- and case-insensitive (members_fold from the members migration).
CREATE INDEX IF NOT EXISTS "service_records_name_trgm_idx" ON "service_records" USING gin (members_fold("requester_name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "service_records_description_trgm_idx" ON "service_records" USING gin (members_fold("description") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "service_records_protocol_pattern_idx" ON "service_records" ("protocol" text_pattern_ops);

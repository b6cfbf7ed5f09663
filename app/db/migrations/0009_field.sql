CREATE TABLE "field_routes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"cep" text NOT NULL,
	"address" text NOT NULL,
	"affiliates" integer DEFAULT 0 NOT NULL,
	"route_date" date NOT NULL,
	"workplace_id" uuid,
	"status" text DEFAULT 'pendente' NOT NULL,
	"lat" double precision,
	"lon" double precision,
	"in_progress_by" uuid,
	"started_by" uuid,
	"started_at" timestamp with time zone,
	"start_lat" double precision,
	"start_lon" double precision,
	"start_accuracy_m" double precision,
	"start_fix_at" timestamp with time zone,
	"start_cep" text,
	"finished_by" uuid,
	"finished_at" timestamp with time zone,
	"finish_lat" double precision,
	"finish_lon" double precision,
	"finish_accuracy_m" double precision,
	"finish_fix_at" timestamp with time zone,
	"finish_cep" text,
	"finish_token" text,
	"photo_file_id" uuid,
	"brigade_phone" text,
	"basic_firefighters" integer,
	"lifeguards" integer,
	"has_brigade_leader" boolean,
	"has_master_firefighter" boolean,
	"total_workers" integer,
	"day_workers" integer,
	"night_workers" integer,
	"outsourced" boolean,
	"direct_contract_type" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "field_routes_status_check" CHECK ("field_routes"."status" in ('pendente', 'em_andamento', 'concluida')),
	CONSTRAINT "field_routes_cep_check" CHECK ("field_routes"."cep" ~ '^[0-9]{8}$'),
	CONSTRAINT "field_routes_affiliates_check" CHECK ("field_routes"."affiliates" >= 0)
);
--> statement-breakpoint
CREATE TABLE "workplaces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"neighbourhood" text,
	"city" text DEFAULT 'Brasília' NOT NULL,
	"state" text DEFAULT 'DF' NOT NULL,
	"cep" text NOT NULL,
	"phone" text,
	"email" text,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"position_source" text DEFAULT 'approximate' NOT NULL,
	"geocode_not_found_at" timestamp with time zone,
	"members_count" integer DEFAULT 0 NOT NULL,
	"route_status" text DEFAULT 'pendente' NOT NULL,
	"last_visit_at" timestamp with time zone,
	"last_route_id" uuid,
	"in_progress_by" uuid,
	"brigade_phone" text,
	"basic_firefighters" integer,
	"lifeguards" integer,
	"has_brigade_leader" boolean,
	"has_master_firefighter" boolean,
	"total_workers" integer,
	"day_workers" integer,
	"night_workers" integer,
	"outsourced" boolean,
	"direct_contract_type" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workplaces_code_check" CHECK ("workplaces"."code" ~ '^P[0-9]{9}$'),
	CONSTRAINT "workplaces_cep_check" CHECK ("workplaces"."cep" ~ '^[0-9]{8}$'),
	CONSTRAINT "workplaces_position_source_check" CHECK ("workplaces"."position_source" in ('geocoder', 'manual', 'approximate')),
	CONSTRAINT "workplaces_route_status_check" CHECK ("workplaces"."route_status" in ('pendente', 'em_andamento', 'concluida')),
	CONSTRAINT "workplaces_lat_check" CHECK ("workplaces"."lat" between -90 and 90 and "workplaces"."lon" between -180 and 180),
	CONSTRAINT "workplaces_members_count_check" CHECK ("workplaces"."members_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "field_routes" ADD CONSTRAINT "field_routes_workplace_id_workplaces_id_fk" FOREIGN KEY ("workplace_id") REFERENCES "public"."workplaces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_routes" ADD CONSTRAINT "field_routes_in_progress_by_users_id_fk" FOREIGN KEY ("in_progress_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_routes" ADD CONSTRAINT "field_routes_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_routes" ADD CONSTRAINT "field_routes_finished_by_users_id_fk" FOREIGN KEY ("finished_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_routes" ADD CONSTRAINT "field_routes_photo_file_id_files_id_fk" FOREIGN KEY ("photo_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_routes" ADD CONSTRAINT "field_routes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workplaces" ADD CONSTRAINT "workplaces_in_progress_by_users_id_fk" FOREIGN KEY ("in_progress_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workplaces" ADD CONSTRAINT "workplaces_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "field_routes_date_status_idx" ON "field_routes" USING btree ("route_date","status");--> statement-breakpoint
CREATE INDEX "field_routes_finished_idx" ON "field_routes" USING btree ("status","finished_at");--> statement-breakpoint
CREATE INDEX "field_routes_workplace_idx" ON "field_routes" USING btree ("workplace_id");--> statement-breakpoint
CREATE UNIQUE INDEX "field_routes_finish_token_key" ON "field_routes" USING btree ("finish_token");--> statement-breakpoint
CREATE UNIQUE INDEX "workplaces_code_key" ON "workplaces" USING btree ("code");--> statement-breakpoint
CREATE INDEX "workplaces_cep_idx" ON "workplaces" USING btree ("cep");--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_workplace_id_workplaces_id_fk" FOREIGN KEY ("workplace_id") REFERENCES "public"."workplaces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- custom SQL (keep on regeneration)
-- Workplace search (ADR 140): name, code, address and city folded like the members' names
-- (members_fold: lower case, no accents), matched with a trigram index.
CREATE INDEX IF NOT EXISTS "workplaces_search_trgm_idx" ON "workplaces" USING gin (members_fold("name" || ' ' || "code" || ' ' || "address" || ' ' || "city") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "workplaces_name_order_idx" ON "workplaces" (members_fold("name") COLLATE "C", "code");

CREATE TABLE "job_schedules" (
	"name" text PRIMARY KEY NOT NULL,
	"every_seconds" integer NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_enqueued_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"backoff_seconds" integer DEFAULT 30 NOT NULL,
	"last_error" text,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"singleton_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_state_check" CHECK ("jobs"."state" in ('queued','running','done','failed')),
	CONSTRAINT "jobs_attempts_check" CHECK ("jobs"."max_attempts" >= 1 and "jobs"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "service_status" (
	"service" text PRIMARY KEY NOT NULL,
	"last_ok" boolean NOT NULL,
	"last_success_at" timestamp with time zone,
	"last_error_at" timestamp with time zone,
	"last_error" text,
	"calls" bigint DEFAULT 0 NOT NULL,
	"failures" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "jobs_queued_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_running_idx" ON "jobs" USING btree ("locked_until") WHERE "jobs"."state" = 'running';--> statement-breakpoint
CREATE INDEX "jobs_finished_idx" ON "jobs" USING btree ("state","finished_at");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_singleton_idx" ON "jobs" USING btree ("name","singleton_key") WHERE "jobs"."singleton_key" is not null and "jobs"."state" in ('queued','running');--> statement-breakpoint
-- custom SQL (keep on regeneration)
-- The Instagram sync's own lease and status rows are replaced by job_schedules and service_status.
DELETE FROM "app_settings" WHERE "key" IN ('instagram_sync_lease', 'instagram_sync_status');

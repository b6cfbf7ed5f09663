-- custom SQL (keep on regeneration)
-- Issue 21 §7 (ADR 253): a spreadsheet import's commit runs as a job. The uploaded file stays in
-- the file store until the run ends; the page reads the run's progress and outcome from here, so
-- any instance shows it. At most one import of each kind is queued or running.
CREATE TABLE "import_runs" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "kind" text NOT NULL,
  "status" text DEFAULT 'queued' NOT NULL,
  "file_id" uuid REFERENCES "files"("id") ON DELETE SET NULL,
  "file_name" text NOT NULL,
  "actor" jsonb NOT NULL,
  "options" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "processed" integer DEFAULT 0 NOT NULL,
  "total" integer,
  "report" jsonb,
  "message" text,
  "job_id" bigint,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "started_at" timestamp with time zone,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "finished_at" timestamp with time zone,
  CONSTRAINT "import_runs_kind_check" CHECK ("kind" in ('members','workplaces')),
  CONSTRAINT "import_runs_status_check" CHECK ("status" in ('queued','checking','writing','done','refused','failed'))
);
--> statement-breakpoint
CREATE INDEX "import_runs_kind_created_idx" ON "import_runs" ("kind", "created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "import_runs_active_idx" ON "import_runs" ("kind") WHERE "status" in ('queued','checking','writing');

CREATE TABLE "charge_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"amount_centavos" integer NOT NULL,
	"reference_month" integer NOT NULL,
	"reference_year" integer NOT NULL,
	"due_date" date NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"expected" integer DEFAULT 0 NOT NULL,
	"created" integer,
	"skipped" integer,
	"error" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "charge_batches_status_check" CHECK ("charge_batches"."status" in ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "charge_batches_amount_check" CHECK ("charge_batches"."amount_centavos" > 0),
	CONSTRAINT "charge_batches_month_check" CHECK ("charge_batches"."reference_month" between 1 and 12)
);
--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "paid_centavos" integer;--> statement-breakpoint
ALTER TABLE "charge_batches" ADD CONSTRAINT "charge_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charge_batches_created_at_idx" ON "charge_batches" USING btree ("created_at");--> statement-breakpoint
-- custom SQL (keep on regeneration)
-- At most one month batch queued or running at a time (ADR 154).
CREATE UNIQUE INDEX "charge_batches_one_active_key" ON "charge_batches" ((true)) WHERE "status" in ('queued', 'running');--> statement-breakpoint
-- charges.paid_centavos mirrors the charge's active payment, kept exact by this trigger alone,
-- in the same transaction as every payment insert, undo or delete (ADR 159).
CREATE FUNCTION "payments_sync_charge_paid"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "charges" c SET "paid_centavos" = (
      SELECT p."amount_centavos" FROM "payments" p WHERE p."charge_id" = c."id" AND p."undone_at" IS NULL LIMIT 1
    ) WHERE c."id" = OLD."charge_id";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE "charges" c SET "paid_centavos" = (
      SELECT p."amount_centavos" FROM "payments" p WHERE p."charge_id" = c."id" AND p."undone_at" IS NULL LIMIT 1
    ) WHERE c."id" = NEW."charge_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "payments_sync_charge_paid" AFTER INSERT OR UPDATE OR DELETE ON "payments"
  FOR EACH ROW EXECUTE FUNCTION "payments_sync_charge_paid"();--> statement-breakpoint
-- The unpaid charges, newest due date first (the overdue list, its totals, the arrears report).
CREATE INDEX "charges_unpaid_due_idx" ON "charges" ("due_date" DESC, "id" DESC) INCLUDE ("amount_centavos", "member_id") WHERE "paid_centavos" IS NULL;--> statement-breakpoint
-- A month's totals and panel figures without reading the table.
CREATE INDEX "charges_period_totals_idx" ON "charges" ("reference_year", "reference_month") INCLUDE ("amount_centavos", "paid_centavos", "due_date");

CREATE TABLE "charge_totals_by_due" (
	"reference_year" integer NOT NULL,
	"reference_month" integer NOT NULL,
	"due_date" date NOT NULL,
	"paid" boolean NOT NULL,
	"charges" integer NOT NULL,
	"amount_centavos" bigint NOT NULL,
	"paid_centavos" bigint NOT NULL,
	CONSTRAINT "charge_totals_by_due_pkey" PRIMARY KEY("reference_year","reference_month","due_date","paid")
);
--> statement-breakpoint
-- custom SQL (keep on regeneration)
-- charge_totals_by_due holds the charges' running totals by reference month, due date and paid,
-- kept exact by these statement triggers alone, in the same statement as every change to
-- charges (ADR 161). Each statement adds its new rows and subtracts its old ones.
CREATE FUNCTION "charges_sync_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "charge_totals_by_due";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "charge_totals_by_due" AS t ("reference_year", "reference_month", "due_date", "paid", "charges", "amount_centavos", "paid_centavos")
    SELECT "reference_year", "reference_month", "due_date", "paid_centavos" IS NOT NULL, count(*), sum("amount_centavos"), coalesce(sum("paid_centavos"), 0)
    FROM "new_charges" GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("reference_year", "reference_month", "due_date", "paid") DO UPDATE SET
      "charges" = t."charges" + excluded."charges",
      "amount_centavos" = t."amount_centavos" + excluded."amount_centavos",
      "paid_centavos" = t."paid_centavos" + excluded."paid_centavos";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "charge_totals_by_due" AS t ("reference_year", "reference_month", "due_date", "paid", "charges", "amount_centavos", "paid_centavos")
    SELECT "reference_year", "reference_month", "due_date", "paid_centavos" IS NOT NULL, -count(*), -sum("amount_centavos"), -coalesce(sum("paid_centavos"), 0)
    FROM "old_charges" GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("reference_year", "reference_month", "due_date", "paid") DO UPDATE SET
      "charges" = t."charges" + excluded."charges",
      "amount_centavos" = t."amount_centavos" + excluded."amount_centavos",
      "paid_centavos" = t."paid_centavos" + excluded."paid_centavos";
  ELSE
    INSERT INTO "charge_totals_by_due" AS t ("reference_year", "reference_month", "due_date", "paid", "charges", "amount_centavos", "paid_centavos")
    SELECT d."reference_year", d."reference_month", d."due_date", d."paid", sum(d."n"), sum(d."amount"), sum(d."paid_amount")
    FROM (
      SELECT "reference_year", "reference_month", "due_date", "paid_centavos" IS NOT NULL AS "paid", -1 AS "n",
             -"amount_centavos"::bigint AS "amount", -coalesce("paid_centavos", 0)::bigint AS "paid_amount"
      FROM "old_charges"
      UNION ALL
      SELECT "reference_year", "reference_month", "due_date", "paid_centavos" IS NOT NULL, 1,
             "amount_centavos"::bigint, coalesce("paid_centavos", 0)::bigint
      FROM "new_charges"
    ) d
    GROUP BY 1, 2, 3, 4
    HAVING sum(d."n") <> 0 OR sum(d."amount") <> 0 OR sum(d."paid_amount") <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT ("reference_year", "reference_month", "due_date", "paid") DO UPDATE SET
      "charges" = t."charges" + excluded."charges",
      "amount_centavos" = t."amount_centavos" + excluded."amount_centavos",
      "paid_centavos" = t."paid_centavos" + excluded."paid_centavos";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "charges_sync_totals_insert" AFTER INSERT ON "charges"
  REFERENCING NEW TABLE AS "new_charges" FOR EACH STATEMENT EXECUTE FUNCTION "charges_sync_totals"();--> statement-breakpoint
CREATE TRIGGER "charges_sync_totals_update" AFTER UPDATE ON "charges"
  REFERENCING OLD TABLE AS "old_charges" NEW TABLE AS "new_charges" FOR EACH STATEMENT EXECUTE FUNCTION "charges_sync_totals"();--> statement-breakpoint
CREATE TRIGGER "charges_sync_totals_delete" AFTER DELETE ON "charges"
  REFERENCING OLD TABLE AS "old_charges" FOR EACH STATEMENT EXECUTE FUNCTION "charges_sync_totals"();--> statement-breakpoint
CREATE TRIGGER "charges_sync_totals_truncate" AFTER TRUNCATE ON "charges"
  FOR EACH STATEMENT EXECUTE FUNCTION "charges_sync_totals"();--> statement-breakpoint
-- The charges already there.
INSERT INTO "charge_totals_by_due" ("reference_year", "reference_month", "due_date", "paid", "charges", "amount_centavos", "paid_centavos")
SELECT "reference_year", "reference_month", "due_date", "paid_centavos" IS NOT NULL, count(*), sum("amount_centavos"), coalesce(sum("paid_centavos"), 0)
FROM "charges" GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- The arrears report: each member's unpaid charges in reference order, read from the index alone.
CREATE INDEX "charges_unpaid_member_idx" ON "charges" ("member_id", "reference_year", "reference_month") INCLUDE ("amount_centavos", "due_date") WHERE "paid_centavos" IS NULL;

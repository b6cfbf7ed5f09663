-- Money columns as bigint (ADR 179): the amounts forms, payments and statements accept go up to
-- R$ 99.999.999,99 (9 999 999 999 centavos), beyond integer's 2 147 483 647. One ALTER per table,
-- so each table is rewritten once; the partial and covering indexes are rebuilt with it, and the
-- triggers of migrations 0012 and 0015 (paid mirror, charge_totals_by_due, already bigint) keep
-- working unchanged: they name the columns, not their type.
ALTER TABLE "charges" ALTER COLUMN "amount_centavos" SET DATA TYPE bigint, ALTER COLUMN "paid_centavos" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "amount_centavos" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "charge_batches" ALTER COLUMN "amount_centavos" SET DATA TYPE bigint;--> statement-breakpoint
-- The bank-statement line a payment came from (ADR 180): its fingerprint, and the txid and the
-- payer's bank (ISPB) the line carried. Neither names the payer.
ALTER TABLE "payments" ADD COLUMN "statement_ref" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "statement_txid" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "statement_ispb" text;--> statement-breakpoint
-- custom SQL (keep on regeneration)
-- The fingerprints written so far live at the end of the payment's note ("[ref:<16 hex>]"):
-- copied into the column. Among active payments a fingerprint is kept once (the first).
UPDATE "payments" p SET "statement_ref" = r."ref"
FROM (
  SELECT "id", "undone_at", substring("note" from '\[ref:([0-9a-f]{16})\]') AS "ref",
         row_number() OVER (PARTITION BY substring("note" from '\[ref:([0-9a-f]{16})\]'), "undone_at" IS NULL ORDER BY "created_at", "id") AS "n"
  FROM "payments"
  WHERE "method" = 'pix' AND "note" ~ '\[ref:[0-9a-f]{16}\]'
) r
WHERE p."id" = r."id" AND (r."n" = 1 OR r."undone_at" IS NOT NULL);--> statement-breakpoint
-- One statement line pays one charge: no two active payments share a fingerprint.
CREATE UNIQUE INDEX "payments_statement_ref_key" ON "payments" ("statement_ref") WHERE "statement_ref" IS NOT NULL AND "undone_at" IS NULL;

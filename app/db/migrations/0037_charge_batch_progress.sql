-- custom SQL (keep on regeneration)
-- Issue 21 §7: the month's charges job writes its progress (members gone through, of how many),
-- so the page shows a progress bar and a count while it runs, on every instance.
ALTER TABLE "charge_batches" ADD COLUMN "processed" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "charge_batches" ADD COLUMN "total" integer;

-- custom SQL (keep on regeneration)
-- Issue 24 §2 (ADR 283): the finance list's page in its own order. The list reads a page newest
-- due date first, then id (`order by due_date desc, id desc limit 20`). On the due date alone,
-- PostgreSQL sorted every charge of the newest due date (one per member: 50,000 at full size)
-- to hand out 20; by reference month ("Este mês", "Mês anterior", a chosen month), every charge of
-- that month. Both indexes now end in the page's order, and replace the ones they extend
-- (a range of due dates, or a month's charges, still reads their leading columns).
CREATE INDEX IF NOT EXISTS "charges_due_id_idx" ON "charges" ("due_date" DESC, "id" DESC);
--> statement-breakpoint
DROP INDEX IF EXISTS "charges_due_date_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "charges_period_due_idx" ON "charges" ("reference_year", "reference_month", "due_date" DESC, "id" DESC);
--> statement-breakpoint
DROP INDEX IF EXISTS "charges_period_idx";

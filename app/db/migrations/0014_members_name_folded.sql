ALTER TABLE "members" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (members_fold(name)) STORED NOT NULL;--> statement-breakpoint
-- custom SQL (keep on regeneration)
-- The folded name is stored (ADR 126): adding the generated column above computed it for every
-- existing row (the backfill), and PostgreSQL recomputes it on every insert and on every update
-- of "name", whatever the write path (create, edit, import, anonymise, factories, SQL by hand).
-- The search and order indexes move from the members_fold("name") expression to the column, so a
-- search's recheck and sort read a stored value instead of calling unaccent() per row.
DROP INDEX IF EXISTS "members_name_trgm_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "members_name_order_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "members_situation_name_idx";
--> statement-breakpoint
-- "name contains the term" (LIKE '%term%' on the folded name) without reading every row.
CREATE INDEX IF NOT EXISTS "members_name_folded_trgm_idx" ON "members" USING gin ("name_folded" gin_trgm_ops);
--> statement-breakpoint
-- The list's order (folded name, byte order so both drivers sort alike), read page by page.
CREATE INDEX IF NOT EXISTS "members_name_folded_order_idx" ON "members" ("name_folded" COLLATE "C", "registration_number");
--> statement-breakpoint
-- The same order within one situação (the active tab is situação 1) and its count.
CREATE INDEX IF NOT EXISTS "members_situation_name_folded_idx" ON "members" ("situation", "name_folded" COLLATE "C", "registration_number");

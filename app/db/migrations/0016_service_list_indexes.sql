DROP INDEX "service_records_sector_created_idx";--> statement-breakpoint
DROP INDEX "service_records_status_created_idx";--> statement-breakpoint
DROP INDEX "service_records_created_idx";--> statement-breakpoint
ALTER TABLE "service_records" ADD COLUMN "search_text" text GENERATED ALWAYS AS (members_fold("requester_name" || ' ' || "description")) STORED;--> statement-breakpoint
CREATE INDEX "service_records_sector_created_idx" ON "service_records" USING btree ("sector","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "service_records_status_created_idx" ON "service_records" USING btree ("status","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "service_records_created_idx" ON "service_records" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
-- custom SQL (keep on regeneration). The list's text search (ADR 138): one trigram index on the
-- stored folded text replaces the two expression indexes, whose recheck ran members_fold() on
-- every candidate row.
CREATE INDEX IF NOT EXISTS "service_records_search_trgm_idx" ON "service_records" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
DROP INDEX IF EXISTS "service_records_name_trgm_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "service_records_description_trgm_idx";
--> statement-breakpoint
-- CPF digits typed in the search box match as a prefix (LIKE 'digits%'): a pattern-ops index,
-- since the database's collation need not be "C".
CREATE INDEX IF NOT EXISTS "service_records_cpf_pattern_idx" ON "service_records" ("requester_cpf" text_pattern_ops);

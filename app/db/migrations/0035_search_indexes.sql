-- custom SQL (keep on regeneration)
-- Issue 24 §4 (ADR 268): the slow searches at full size.
-- The finance list with a member search reads the found members' charges by member: this index
-- carries every column a filter, the totals and the page's order need (due date, id, amount, paid,
-- reference month), so the totals are an index-only scan of ~25 entries a member, and the page is
-- read within the due dates it falls in.
CREATE INDEX IF NOT EXISTS "charges_member_due_idx" ON "charges" ("member_id", "due_date" DESC, "id" DESC) INCLUDE ("amount_centavos", "paid_centavos", "reference_year", "reference_month");
--> statement-breakpoint
-- The service list's text search within one sector (every role but rh and admin sees one): a
-- trigram index of that sector's rows alone, so the count rechecks that sector's candidates only,
-- not every sector's. The whole-table trigram index stays for rh and admin.
CREATE INDEX IF NOT EXISTS "service_records_search_homologacao_trgm_idx" ON "service_records" USING gin ("search_text" gin_trgm_ops) WHERE "sector" = 'homologacao';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "service_records_search_secretaria_trgm_idx" ON "service_records" USING gin ("search_text" gin_trgm_ops) WHERE "sector" = 'secretaria';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "service_records_search_juridico_trgm_idx" ON "service_records" USING gin ("search_text" gin_trgm_ops) WHERE "sector" = 'juridico';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "service_records_search_financeiro_trgm_idx" ON "service_records" USING gin ("search_text" gin_trgm_ops) WHERE "sector" = 'financeiro';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "service_records_search_presidencia_trgm_idx" ON "service_records" USING gin ("search_text" gin_trgm_ops) WHERE "sector" = 'presidencia';

CREATE INDEX "members_left_idx" ON "members" USING btree ("updated_at") WHERE "members"."situation" in (2, 3, 10);--> statement-breakpoint
-- custom SQL: the panels' "resolvidos" trend (issue 12). An entry that moves a record into
-- 'resolved' is a status change or an edit that changed the status; the record id is in the key
-- so a sector's count is an index-only read joined to the records of the sector.
DROP INDEX IF EXISTS service_record_entries_resolved_idx;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS service_record_entries_resolved_idx ON service_record_entries (created_at, record_id)
  WHERE new_status = 'resolved' AND kind IN ('status', 'edit') AND old_status IS DISTINCT FROM 'resolved';

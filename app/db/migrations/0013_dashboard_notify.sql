-- Custom SQL migration file, put your code below! --
-- custom SQL (keep on regeneration)
-- Dashboards (issue 12, ADR 160): every write to a table the role panels count announces
-- itself on channel 'dashboard_data' (delivered at commit to every instance), so cached
-- panels are dropped at once everywhere. Statement triggers: one notification per statement.
CREATE OR REPLACE FUNCTION notify_dashboard_data() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('dashboard_data', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS members_dashboard_data ON members;
--> statement-breakpoint
CREATE TRIGGER members_dashboard_data AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON members FOR EACH STATEMENT EXECUTE FUNCTION notify_dashboard_data();
--> statement-breakpoint
DROP TRIGGER IF EXISTS service_records_dashboard_data ON service_records;
--> statement-breakpoint
CREATE TRIGGER service_records_dashboard_data AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON service_records FOR EACH STATEMENT EXECUTE FUNCTION notify_dashboard_data();
--> statement-breakpoint
DROP TRIGGER IF EXISTS service_record_entries_dashboard_data ON service_record_entries;
--> statement-breakpoint
CREATE TRIGGER service_record_entries_dashboard_data AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON service_record_entries FOR EACH STATEMENT EXECUTE FUNCTION notify_dashboard_data();
--> statement-breakpoint
DROP TRIGGER IF EXISTS complaints_dashboard_data ON complaints;
--> statement-breakpoint
CREATE TRIGGER complaints_dashboard_data AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON complaints FOR EACH STATEMENT EXECUTE FUNCTION notify_dashboard_data();
--> statement-breakpoint
DROP TRIGGER IF EXISTS contact_messages_dashboard_data ON contact_messages;
--> statement-breakpoint
CREATE TRIGGER contact_messages_dashboard_data AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON contact_messages FOR EACH STATEMENT EXECUTE FUNCTION notify_dashboard_data();
--> statement-breakpoint
DROP TRIGGER IF EXISTS agreements_dashboard_data ON agreements;
--> statement-breakpoint
CREATE TRIGGER agreements_dashboard_data AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON agreements FOR EACH STATEMENT EXECUTE FUNCTION notify_dashboard_data();
--> statement-breakpoint
DROP TRIGGER IF EXISTS workplaces_dashboard_data ON workplaces;
--> statement-breakpoint
CREATE TRIGGER workplaces_dashboard_data AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON workplaces FOR EACH STATEMENT EXECUTE FUNCTION notify_dashboard_data();
--> statement-breakpoint
DROP TRIGGER IF EXISTS field_routes_dashboard_data ON field_routes;
--> statement-breakpoint
CREATE TRIGGER field_routes_dashboard_data AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON field_routes FOR EACH STATEMENT EXECUTE FUNCTION notify_dashboard_data();
--> statement-breakpoint
DROP TRIGGER IF EXISTS charges_dashboard_data ON charges;
--> statement-breakpoint
CREATE TRIGGER charges_dashboard_data AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON charges FOR EACH STATEMENT EXECUTE FUNCTION notify_dashboard_data();
--> statement-breakpoint
DROP TRIGGER IF EXISTS payments_dashboard_data ON payments;
--> statement-breakpoint
CREATE TRIGGER payments_dashboard_data AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON payments FOR EACH STATEMENT EXECUTE FUNCTION notify_dashboard_data();
--> statement-breakpoint
-- The 'resolved per month' trend reads status entries to 'resolved' by date.
CREATE INDEX IF NOT EXISTS service_record_entries_resolved_idx ON service_record_entries (created_at) WHERE kind = 'status' AND new_status = 'resolved';
--> statement-breakpoint
-- The open-complaints-per-place bar list and the pending count.
CREATE INDEX IF NOT EXISTS complaints_status_created_idx ON complaints (status, created_at);
--> statement-breakpoint
-- Members' month figures (joined in a month) and the recent members.
CREATE INDEX IF NOT EXISTS members_joined_on_idx ON members (joined_on);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS members_situation_idx ON members (situation);

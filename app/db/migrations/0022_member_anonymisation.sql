-- custom SQL (keep on regeneration)
-- LGPD anonymisation (issue 18 §1, ADRs 170–171). The service history and the audit log stay
-- append-only (ADRs 087, 133) with one narrow exception: inside the very transaction that stamps
-- a member anonymised, and only there, the text of an entry of that member's records and the
-- details (`data`) of an audit entry may be rewritten. The use case says which member with
-- `set_config('app.anonymising', 'member:<id>', true)` (transaction-local) and stamps
-- `members.anonymized_at = now()` (the transaction's start time) in the same transaction; a
-- setting without that stamp, a later transaction, any other column, a DELETE or a TRUNCATE is
-- refused as before.
CREATE OR REPLACE FUNCTION anonymising_member() RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
  setting text := current_setting('app.anonymising', true);
  target uuid;
BEGIN
  IF setting IS NULL OR setting !~ '^member:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN
    RETURN NULL;
  END IF;
  target := substr(setting, 8)::uuid;
  IF EXISTS (SELECT 1 FROM members m WHERE m.id = target AND m.anonymized_at = now()) THEN
    RETURN target;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION service_record_entries_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target uuid;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    target := anonymising_member();
    IF target IS NOT NULL
       AND (to_jsonb(NEW) - 'text') = (to_jsonb(OLD) - 'text')
       AND EXISTS (SELECT 1 FROM service_records r WHERE r.id = NEW.record_id AND r.member_id = target) THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'service_record_entries é somente de inclusão: % recusado', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF anonymising_member() IS NOT NULL AND (to_jsonb(NEW) - 'data') = (to_jsonb(OLD) - 'data') THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit_log é somente de inclusão: % recusado', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;

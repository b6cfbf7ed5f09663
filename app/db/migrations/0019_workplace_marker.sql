ALTER TABLE "workplaces" ADD COLUMN "marker" text;--> statement-breakpoint
-- custom SQL: the map marker of each workplace as JSON text, kept by a trigger on every insert
-- and update, whatever writes the row (forms, import, geocoder job, pin moves, finished visits,
-- factories, hand SQL). The map's loader concatenates them: one string for 5,000 markers (ADR 145).
CREATE OR REPLACE FUNCTION workplaces_marker_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.marker := json_build_array(NEW.id, NEW.name, NEW.address, NEW.city, NEW.lat, NEW.lon, NEW.position_source,
    to_char(NEW.last_visit_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text;
  RETURN NEW;
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS workplaces_marker_sync ON workplaces;--> statement-breakpoint
CREATE TRIGGER workplaces_marker_sync BEFORE INSERT OR UPDATE ON workplaces FOR EACH ROW EXECUTE FUNCTION workplaces_marker_sync();--> statement-breakpoint
UPDATE workplaces SET marker = NULL;

CREATE TABLE "content_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- custom SQL (keep on regeneration)
-- The render cache (docs/decisions/101-render-cache.md): every write that can change a public
-- page bumps content_version and announces it on channel 'content_version' (delivered at commit,
-- to every instance listening). Triggers, not use cases, so no domain file has to remember.
INSERT INTO "content_version" ("id", "version") VALUES (1, 1) ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_content_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v bigint;
BEGIN
  UPDATE content_version SET version = version + 1, changed_at = now() WHERE id = 1 RETURNING version INTO v;
  IF v IS NULL THEN
    INSERT INTO content_version (id, version) VALUES (1, 2) ON CONFLICT (id) DO UPDATE SET version = content_version.version + 1, changed_at = now() RETURNING version INTO v;
  END IF;
  PERFORM pg_notify('content_version', v::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS agreements_content_version ON agreements;
--> statement-breakpoint
CREATE TRIGGER agreements_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON agreements FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
DROP TRIGGER IF EXISTS news_posts_content_version ON news_posts;
--> statement-breakpoint
CREATE TRIGGER news_posts_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON news_posts FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
DROP TRIGGER IF EXISTS partners_content_version ON partners;
--> statement-breakpoint
CREATE TRIGGER partners_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON partners FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
DROP TRIGGER IF EXISTS instagram_posts_content_version ON instagram_posts;
--> statement-breakpoint
CREATE TRIGGER instagram_posts_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON instagram_posts FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
-- Settings: every key but the ones no page shows (secrets, the sync lease and status), so a new
-- content key is covered without touching this list.
DROP TRIGGER IF EXISTS app_settings_content_version ON app_settings;
--> statement-breakpoint
CREATE TRIGGER app_settings_content_version AFTER INSERT OR UPDATE ON app_settings FOR EACH ROW WHEN (NEW.key NOT IN ('app_secret', 'instagram_sync_lease', 'instagram_sync_status')) EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
DROP TRIGGER IF EXISTS app_settings_content_version_delete ON app_settings;
--> statement-breakpoint
CREATE TRIGGER app_settings_content_version_delete AFTER DELETE ON app_settings FOR EACH ROW WHEN (OLD.key NOT IN ('app_secret', 'instagram_sync_lease', 'instagram_sync_status')) EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
-- Files that public pages show (agreement PDFs, news covers, partner logos, Instagram pictures);
-- complaint evidence and other private files never touch the version.
DROP TRIGGER IF EXISTS files_content_version ON files;
--> statement-breakpoint
CREATE TRIGGER files_content_version AFTER INSERT OR UPDATE ON files FOR EACH ROW WHEN (NEW.purpose IN ('agreement', 'news-cover', 'partner-logo', 'instagram-image')) EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
DROP TRIGGER IF EXISTS files_content_version_delete ON files;
--> statement-breakpoint
CREATE TRIGGER files_content_version_delete AFTER DELETE ON files FOR EACH ROW WHEN (OLD.purpose IN ('agreement', 'news-cover', 'partner-logo', 'instagram-image')) EXECUTE FUNCTION bump_content_version();

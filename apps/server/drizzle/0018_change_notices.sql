-- What each instance keeps between requests is dropped when the rows it came from change
-- (src/db/kept-until-changed.ts). A call as shown is read from its forms, category and region as
-- well as its row, so changes to those are announced on `projects_changed` too (migration 0006).
CREATE TRIGGER "forms_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "forms"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_projects_changed"();
--> statement-breakpoint
CREATE TRIGGER "categories_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_projects_changed"();
--> statement-breakpoint
CREATE TRIGGER "regions_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "regions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_projects_changed"();
--> statement-breakpoint
-- Announces a change on the channel its trigger names.
CREATE FUNCTION "notify_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(TG_ARGV[0], '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An applicant's session, as an instance keeps it: announced when a session ends (or is deleted)
-- and when an account is renamed. A new session needs no notice: nothing is kept for a token
-- that names no live session.
CREATE TRIGGER "sessions_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_changed"('sessions_changed');
--> statement-breakpoint
CREATE TRIGGER "users_account_changed" AFTER UPDATE OF "account" OR DELETE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_changed"('sessions_changed');
--> statement-breakpoint
-- The site settings, as an instance keeps them.
CREATE TRIGGER "settings_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_changed"('settings_changed');

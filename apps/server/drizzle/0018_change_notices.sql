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
-- An applicant's session, as an instance keeps it: announced when a session ends (or is deleted)
-- and when an account is renamed. A new session needs no notice: nothing is kept for a token
-- that names no live session.
CREATE FUNCTION "notify_sessions_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sessions_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_account_changed" AFTER UPDATE OF "account" OR DELETE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_changed"();
--> statement-breakpoint
-- The site settings, as an instance keeps them.
CREATE FUNCTION "notify_settings_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('settings_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "settings_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_settings_changed"();

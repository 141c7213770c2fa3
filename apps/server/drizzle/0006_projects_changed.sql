-- Every change to the calls, whoever makes it (the console, the seed, the staff command, SQL by
-- hand), is announced on the channel `projects_changed` when its transaction commits: each
-- instance drops what it keeps about the call list (modules/project/list-counts.ts).
CREATE FUNCTION "notify_projects_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('projects_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "projects_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "projects"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_projects_changed"();

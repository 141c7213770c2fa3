-- A notice on `sessions_changed` names the live sessions a statement ended or changed (their token
-- hashes, comma-separated), so that each instance drops those and keeps the others: at the
-- deadline hour applicants log out every second, and a notice dropping every kept session each
-- time would have every applicant's next request read its session again. Statement triggers see
-- the rows through transition tables, which PostgreSQL allows for one event per trigger.
DROP TRIGGER "sessions_changed" ON "sessions";
--> statement-breakpoint
DROP TRIGGER "users_account_changed" ON "users";
--> statement-breakpoint
-- The sessions named, or every session (an empty payload) when they are too many for one notice
-- (a payload stays under 8 000 bytes); nothing when no live session was touched.
CREATE FUNCTION "notify_sessions"(named text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF named IS NOT NULL THEN
    PERFORM pg_notify('sessions_changed', CASE WHEN length(named) < 7900 THEN named ELSE '' END);
  END IF;
END
$$;
--> statement-breakpoint
-- Sessions updated or deleted: those that were live. A new session needs no notice (nothing is
-- kept for a token that names no live session), nor does a revoked one, nor one long expired: an
-- instance keeps a session until its expiry by its own clock, which may run behind the database's,
-- hence the minute's margin.
CREATE FUNCTION "sessions_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "notify_sessions"((SELECT string_agg(token_hash, ',') FROM old_sessions WHERE revoked_at IS NULL AND expires_at > now() - interval '1 minute'));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_updated" AFTER UPDATE ON "sessions" REFERENCING OLD TABLE AS old_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION "sessions_ended"();
--> statement-breakpoint
CREATE TRIGGER "sessions_deleted" AFTER DELETE ON "sessions" REFERENCING OLD TABLE AS old_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION "sessions_ended"();
--> statement-breakpoint
CREATE TRIGGER "sessions_truncated" AFTER TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_changed"('sessions_changed');
--> statement-breakpoint
-- An account renamed: its live sessions (a kept session carries the account name). A row trigger,
-- so that only a change of the name runs it. A deleted account's sessions go with it (on delete
-- cascade), and their own trigger names them.
CREATE FUNCTION "account_renamed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "notify_sessions"((
    SELECT string_agg(token_hash, ',') FROM sessions
    WHERE user_id = NEW.id AND revoked_at IS NULL AND expires_at > now() - interval '1 minute'
  ));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_renamed" AFTER UPDATE OF "account" ON "users"
  FOR EACH ROW WHEN (OLD.account IS DISTINCT FROM NEW.account) EXECUTE FUNCTION "account_renamed"();

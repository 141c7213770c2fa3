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
-- kept for a token that names no live session), nor does an expired or revoked one.
CREATE FUNCTION "sessions_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "notify_sessions"((SELECT string_agg(token_hash, ',') FROM old_sessions WHERE revoked_at IS NULL AND expires_at > now()));
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
-- An account renamed: its live sessions (a kept session carries the account name). A deleted
-- account's sessions go with it (on delete cascade), and their own trigger names them.
CREATE FUNCTION "accounts_renamed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "notify_sessions"((
    SELECT string_agg(s.token_hash, ',')
    FROM old_users o JOIN new_users n ON n.id = o.id JOIN sessions s ON s.user_id = o.id
    WHERE o.account IS DISTINCT FROM n.account AND s.revoked_at IS NULL AND s.expires_at > now()
  ));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_renamed" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_users NEW TABLE AS new_users
  FOR EACH STATEMENT EXECUTE FUNCTION "accounts_renamed"();

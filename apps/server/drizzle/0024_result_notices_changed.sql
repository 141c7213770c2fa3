-- Results notices, as each instance keeps them (src/shared/results-repository.ts: a call's, and the
-- ones whose objection period runs), come from `result_announcements` and the calls' titles
-- (announced on `projects_changed`). Staff write announcements a few times a round, so any change
-- drops every kept notice.
CREATE TRIGGER "result_announcements_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "result_announcements"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_changed"('results_changed');

-- Search answers, as each instance keeps them (src/modules/content/kept-search.ts), come from the
-- calls (announced on `projects_changed`) and from these three tables. Only the columns a hit is
-- found by or shows are watched: reading a notice counts a view in its row, and every view must
-- not drop every instance's answers.
CREATE TRIGGER "policies_changed" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "title", "summary", "published_at", "search_vector" ON "policies"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_changed"('content_changed');
--> statement-breakpoint
CREATE TRIGGER "experts_changed" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "name", "title", "organisation", "published", "search_vector" ON "experts"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_changed"('content_changed');
--> statement-breakpoint
CREATE TRIGGER "enterprises_changed" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "name", "type", "address", "published", "search_vector" ON "enterprises"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_changed"('content_changed');

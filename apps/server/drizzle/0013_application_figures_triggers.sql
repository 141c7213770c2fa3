-- The dashboard's figures, stored and kept on change instead of aggregated over a million rows on
-- each reading. Triggers, not application code, keep them: every write path (the apply module,
-- staff decisions, seeds, benches, hand-written SQL) then counts without knowing about them.

-- No write may fall between the backfill below and the triggers that keep the figures after it
-- (an instance of the previous version still serving during a rolling upgrade): writes wait until
-- this migration commits; reads go on.
LOCK TABLE "applications" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint

-- The one place that knows which field is the requested amount: the form's top-level money field
-- keyed `requestedAmount`, else the first money field labelled 申请… (forms have no marker of their
-- own, and every demo form names it so). Null when there is no such field or it holds no number.
CREATE FUNCTION "requested_amount_of"(form_fields jsonb, data jsonb) RETURNS numeric
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN jsonb_typeof(data -> k.key) = 'number' THEN (data ->> k.key)::numeric END
  FROM (
    SELECT fld ->> 'key' AS key
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(form_fields) = 'array' THEN form_fields ELSE '[]'::jsonb END) WITH ORDINALITY e(fld, i)
    WHERE fld ->> 'kind' = 'money' AND (fld ->> 'key' = 'requestedAmount' OR fld ->> 'label' LIKE '申请%')
    ORDER BY (fld ->> 'key' = 'requestedAmount') DESC, i
    LIMIT 1
  ) k
$$;
--> statement-breakpoint
UPDATE "applications" a SET "requested_amount" = "requested_amount_of"(f."fields", a."data")
FROM "forms" f
WHERE f."id" = a."form_id" AND "requested_amount_of"(f."fields", a."data") IS NOT NULL;
--> statement-breakpoint
CREATE FUNCTION "applications_requested_amount"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW."requested_amount" := "requested_amount_of"((SELECT "fields" FROM "forms" WHERE "id" = NEW."form_id"), NEW."data");
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "applications_requested_amount" BEFORE INSERT OR UPDATE OF "data", "form_id" ON "applications"
FOR EACH ROW EXECUTE FUNCTION "applications_requested_amount"();
--> statement-breakpoint
INSERT INTO "application_counts" ("project_id", "status", "n", "requested")
SELECT "project_id", "status", count(*), coalesce(sum("requested_amount") FILTER (WHERE "submitted_at" IS NOT NULL), 0)
FROM "applications" WHERE "deleted_at" IS NULL
GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "submission_hours" ("project_id", "hour", "n")
SELECT "project_id", date_trunc('hour', "submitted_at", 'UTC'), count(*)
FROM "applications" WHERE "deleted_at" IS NULL AND "submitted_at" IS NOT NULL
GROUP BY 1, 2;
--> statement-breakpoint
-- Adds (sign 1) or takes away (sign -1) one live application from its call and status.
CREATE FUNCTION "application_counts_add"(p_project integer, p_status text, p_submitted timestamptz, p_amount numeric, p_sign integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "application_counts" AS c ("project_id", "status", "n", "requested")
  VALUES (p_project, p_status, p_sign, CASE WHEN p_submitted IS NOT NULL THEN coalesce(p_amount, 0) * p_sign ELSE 0 END)
  ON CONFLICT ("project_id", "status") DO UPDATE SET "n" = c."n" + excluded."n", "requested" = c."requested" + excluded."requested";
END
$$;
--> statement-breakpoint
-- Adds or takes away one submission from its call's hour (nothing for an unsent application).
CREATE FUNCTION "submission_hours_add"(p_project integer, p_submitted timestamptz, p_sign integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_submitted IS NOT NULL THEN
    INSERT INTO "submission_hours" AS h ("project_id", "hour", "n")
    VALUES (p_project, date_trunc('hour', p_submitted, 'UTC'), p_sign)
    ON CONFLICT ("project_id", "hour") DO UPDATE SET "n" = h."n" + excluded."n";
  END IF;
END
$$;
--> statement-breakpoint
-- Every transaction takes the rows it changes in one order, so that two moving opposite ways do not
-- deadlock: the counters first, by (call, status), then the hours, by (call, hour); and an hour only
-- when it changes (a decision moves the status, not the hour of submission).
CREATE FUNCTION "applications_figures"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  old_live boolean := TG_OP <> 'INSERT' AND OLD."deleted_at" IS NULL;
  new_live boolean := TG_OP <> 'DELETE' AND NEW."deleted_at" IS NULL;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF new_live THEN
      PERFORM "application_counts_add"(NEW."project_id", NEW."status", NEW."submitted_at", NEW."requested_amount", 1);
      PERFORM "submission_hours_add"(NEW."project_id", NEW."submitted_at", 1);
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    IF old_live THEN
      PERFORM "application_counts_add"(OLD."project_id", OLD."status", OLD."submitted_at", OLD."requested_amount", -1);
      PERFORM "submission_hours_add"(OLD."project_id", OLD."submitted_at", -1);
    END IF;
    RETURN NULL;
  END IF;
  IF (OLD."project_id", OLD."status") <= (NEW."project_id", NEW."status") THEN
    IF old_live THEN PERFORM "application_counts_add"(OLD."project_id", OLD."status", OLD."submitted_at", OLD."requested_amount", -1); END IF;
    IF new_live THEN PERFORM "application_counts_add"(NEW."project_id", NEW."status", NEW."submitted_at", NEW."requested_amount", 1); END IF;
  ELSE
    IF new_live THEN PERFORM "application_counts_add"(NEW."project_id", NEW."status", NEW."submitted_at", NEW."requested_amount", 1); END IF;
    IF old_live THEN PERFORM "application_counts_add"(OLD."project_id", OLD."status", OLD."submitted_at", OLD."requested_amount", -1); END IF;
  END IF;
  IF (old_live, OLD."project_id", date_trunc('hour', OLD."submitted_at", 'UTC'))
     IS DISTINCT FROM (new_live, NEW."project_id", date_trunc('hour', NEW."submitted_at", 'UTC')) THEN
    IF (OLD."project_id", coalesce(OLD."submitted_at", '-infinity')) <= (NEW."project_id", coalesce(NEW."submitted_at", '-infinity')) THEN
      IF old_live THEN PERFORM "submission_hours_add"(OLD."project_id", OLD."submitted_at", -1); END IF;
      IF new_live THEN PERFORM "submission_hours_add"(NEW."project_id", NEW."submitted_at", 1); END IF;
    ELSE
      IF new_live THEN PERFORM "submission_hours_add"(NEW."project_id", NEW."submitted_at", 1); END IF;
      IF old_live THEN PERFORM "submission_hours_add"(OLD."project_id", OLD."submitted_at", -1); END IF;
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "applications_figures" AFTER INSERT OR DELETE ON "applications"
FOR EACH ROW EXECUTE FUNCTION "applications_figures"();
--> statement-breakpoint
-- Draft saves that leave the figures as they were (same amount) skip the trigger.
CREATE TRIGGER "applications_figures_update" AFTER UPDATE ON "applications"
FOR EACH ROW
WHEN ((OLD."project_id", OLD."status", OLD."deleted_at", OLD."submitted_at", OLD."requested_amount")
  IS DISTINCT FROM (NEW."project_id", NEW."status", NEW."deleted_at", NEW."submitted_at", NEW."requested_amount"))
EXECUTE FUNCTION "applications_figures"();
--> statement-breakpoint
CREATE FUNCTION "applications_figures_truncate"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "application_counts", "submission_hours";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "applications_figures_truncate" AFTER TRUNCATE ON "applications"
FOR EACH STATEMENT EXECUTE FUNCTION "applications_figures_truncate"();

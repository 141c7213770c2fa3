-- Applications submitted before submissions were kept: record what they hold now as their submission.
-- Their data has not changed since they were sent unless staff returned them for changes, so
-- returned ones are left out (their current data may already be edited). The version is the
-- application's current one (review steps raise it; the exact version at submission is unknown).
INSERT INTO "application_submissions" ("application_id", "version", "data", "receipt_hash", "submitted_at")
SELECT a."id", a."version", a."data", a."receipt_hash", a."submitted_at"
FROM "applications" a
WHERE a."submitted_at" IS NOT NULL
  AND a."receipt_hash" IS NOT NULL
  AND a."status" NOT IN ('draft', 'returned')
  AND NOT EXISTS (SELECT 1 FROM "application_submissions" s WHERE s."application_id" = a."id");

-- Every save of an application ran `requested_amount_of` over the form's whole definition: a SQL
-- function PostgreSQL plans anew on each call, and the definition (a few KB of jsonb) read and
-- walked field by field. That was half of the database's work in an autosave (docs/performance.md,
-- 2026-11-27 evening). The key of the amount field is now kept on the form, worked out once when
-- the form changes, and the trigger looks up only that.

-- The one place that knows which field is the requested amount: the form's top-level money field
-- keyed `requestedAmount`, else the first money field labelled 申请… (forms have no marker of their
-- own, and every demo form names it so). Null when the form has no such field.
CREATE FUNCTION "amount_field_key"(form_fields jsonb) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT fld ->> 'key'
  FROM jsonb_array_elements(CASE WHEN jsonb_typeof(form_fields) = 'array' THEN form_fields ELSE '[]'::jsonb END) WITH ORDINALITY e(fld, i)
  WHERE fld ->> 'kind' = 'money' AND (fld ->> 'key' = 'requestedAmount' OR fld ->> 'label' LIKE '申请%')
  ORDER BY (fld ->> 'key' = 'requestedAmount') DESC, i
  LIMIT 1
$$;
--> statement-breakpoint
-- The amount an application requests: the number in its amount field, null when there is none.
CREATE OR REPLACE FUNCTION "requested_amount_of"(form_fields jsonb, data jsonb) RETURNS numeric
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN jsonb_typeof(data -> k) = 'number' THEN (data ->> k)::numeric END
  FROM (SELECT "amount_field_key"(form_fields) AS k) key
$$;
--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "amount_key" text GENERATED ALWAYS AS (amount_field_key(fields)) STORED;
--> statement-breakpoint
-- The same rule as `requested_amount_of`, written out with the form's stored key: plain PL/pgSQL
-- expressions, whose plans the session keeps.
CREATE OR REPLACE FUNCTION "applications_requested_amount"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  k text := (SELECT "amount_key" FROM "forms" WHERE "id" = NEW."form_id");
BEGIN
  NEW."requested_amount" := CASE WHEN jsonb_typeof(NEW."data" -> k) = 'number' THEN (NEW."data" ->> k)::numeric END;
  RETURN NEW;
END
$$;

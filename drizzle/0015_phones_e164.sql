-- docs/decisions/0077: every phone is stored in E.164 (+19495550123). Rows written before held the number as typed
-- (the wizard's) or formatted (the API's); a US number of 10 digits (11 with the leading 1) is rewritten, anything
-- else is left as it is.
UPDATE "leads" SET "phone" = '+1' || right(regexp_replace("phone", '\D', '', 'g'), 10)
WHERE "phone" !~ '^\+1\d{10}$'
	AND (regexp_replace("phone", '\D', '', 'g') ~ '^\d{10}$' OR regexp_replace("phone", '\D', '', 'g') ~ '^1\d{10}$');--> statement-breakpoint
UPDATE "contact_messages" SET "phone" = '+1' || right(regexp_replace("phone", '\D', '', 'g'), 10)
WHERE "phone" !~ '^\+1\d{10}$'
	AND (regexp_replace("phone", '\D', '', 'g') ~ '^\d{10}$' OR regexp_replace("phone", '\D', '', 'g') ~ '^1\d{10}$');

-- docs/decisions/0071: the body is kept as written (json keeps the text; jsonb would be parsed and written out again).
ALTER TABLE "webhook_events" ALTER COLUMN "payload" SET DATA TYPE json USING "payload"::json;

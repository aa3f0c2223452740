-- docs/decisions/0073: a version may carry a change note (the rate sheet asks for one when it is published).
ALTER TABLE "content_versions" ADD COLUMN "note" text;
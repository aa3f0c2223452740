CREATE TABLE "activity_log_anchors" (
	"through_id" bigint PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"deleted" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- docs/decisions/0087: the log stays append-only. Only the retention job may delete an entry, in a transaction that
-- names itself (set_config('app.disposal', 'activity', true)), and never one younger than 5 years.
CREATE OR REPLACE FUNCTION "activity_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' AND current_setting('app.disposal', true) = 'activity' AND OLD."at" < now() - interval '5 years' THEN
		RETURN OLD;
	END IF;
	RAISE EXCEPTION 'activity_log is append-only: % refused', TG_OP USING ERRCODE = '42501';
END
$$;
--> statement-breakpoint
CREATE FUNCTION "activity_log_anchors_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'activity_log_anchors is append-only: % refused', TG_OP USING ERRCODE = '42501';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "activity_log_anchors_no_change" BEFORE UPDATE OR DELETE ON "activity_log_anchors" FOR EACH ROW EXECUTE FUNCTION "activity_log_anchors_append_only"();
--> statement-breakpoint
CREATE TRIGGER "activity_log_anchors_no_truncate" BEFORE TRUNCATE ON "activity_log_anchors" FOR EACH STATEMENT EXECUTE FUNCTION "activity_log_anchors_append_only"();

CREATE TABLE "activity_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_id" text,
	"actor_email" text,
	"actor_roles" text,
	"ip" text,
	"user_agent" text,
	"action" text NOT NULL,
	"subject_kind" text,
	"subject_id" text,
	"details" jsonb NOT NULL,
	"canonical" text,
	"prev_hash" text DEFAULT '' NOT NULL,
	"hash" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "activity_log_at_idx" ON "activity_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "activity_log_subject_idx" ON "activity_log" USING btree ("subject_kind","subject_id","at");--> statement-breakpoint
CREATE INDEX "activity_log_actor_idx" ON "activity_log" USING btree ("actor_id","at");--> statement-breakpoint
CREATE INDEX "activity_log_action_idx" ON "activity_log" USING btree ("action","at");--> statement-breakpoint
-- docs/decisions/0087: every insert is chained under one lock, so the chain stays linear with any number of processes.
CREATE FUNCTION "activity_log_chain"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	last_hash text;
BEGIN
	IF NEW.canonical IS NULL THEN
		RAISE EXCEPTION 'activity_log: an entry needs its canonical content';
	END IF;
	PERFORM pg_advisory_xact_lock(724061905);
	-- Numbered under the lock: the id order is the chain order.
	NEW.id := nextval('activity_log_id_seq');
	SELECT hash INTO last_hash FROM activity_log ORDER BY id DESC LIMIT 1;
	NEW.prev_hash := coalesce(last_hash, repeat('0', 64));
	NEW.hash := encode(sha256(convert_to(NEW.prev_hash || NEW.canonical, 'UTF8')), 'hex');
	NEW.canonical := NULL;
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "activity_log_chain" BEFORE INSERT ON "activity_log" FOR EACH ROW EXECUTE FUNCTION "activity_log_chain"();
--> statement-breakpoint
CREATE FUNCTION "activity_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'activity_log is append-only: % refused', TG_OP USING ERRCODE = '42501';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "activity_log_no_change" BEFORE UPDATE OR DELETE ON "activity_log" FOR EACH ROW EXECUTE FUNCTION "activity_log_append_only"();
--> statement-breakpoint
CREATE TRIGGER "activity_log_no_truncate" BEFORE TRUNCATE ON "activity_log" FOR EACH STATEMENT EXECUTE FUNCTION "activity_log_append_only"();

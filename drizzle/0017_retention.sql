CREATE TABLE "retention_runs" (
	"day" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"result" jsonb
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "anonymized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "last_activity_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "legal_hold_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "legal_hold_by" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "legal_hold_reason" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "anonymized_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "lead_consents_consented_idx" ON "lead_consents" USING btree ("consented_at","id");--> statement-breakpoint
CREATE INDEX "leads_disposal_idx" ON "leads" USING btree ("last_activity_at","id") WHERE "leads"."anonymized_at" is null;--> statement-breakpoint
-- docs/decisions/0090: the activity a lead had before this column existed.
UPDATE "leads" SET "last_activity_at" = greatest(
	"created_at",
	coalesce("long_form_completed_at", "created_at"),
	coalesce("admin_notes_updated_at", "created_at"),
	coalesce("first_contacted_at", "created_at"),
	coalesce("contact_requested_at", "created_at"),
	coalesce("assigned_at", "created_at"),
	coalesce((SELECT max(a."created_at") FROM "lead_activity" a WHERE a."lead_id" = "leads"."id"
		AND a."action" IN ('status_changed', 'note_saved', 'assigned', 'contact_logged', 'contact_requested')), "created_at")
);
--> statement-breakpoint
-- A change to what the lead says or how it is worked is activity; escalation, a legal hold and disposal are not.
CREATE FUNCTION "leads_touch_last_activity"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."anonymized_at" IS DISTINCT FROM OLD."anonymized_at" THEN
		RETURN NEW;
	END IF;
	IF (NEW."first_name", NEW."last_name", NEW."email", NEW."phone", NEW."loan_type", NEW."property_type",
		NEW."transaction_type", NEW."property_value", NEW."message", NEW."status", NEW."form_completion_status",
		NEW."long_form_completed_at", NEW."fico_score_detailed", NEW."property_details", NEW."loan_customization",
		NEW."admin_notes", NEW."assigned_to", NEW."first_contacted_at", NEW."contact_requested_at")
		IS DISTINCT FROM
		(OLD."first_name", OLD."last_name", OLD."email", OLD."phone", OLD."loan_type", OLD."property_type",
		OLD."transaction_type", OLD."property_value", OLD."message", OLD."status", OLD."form_completion_status",
		OLD."long_form_completed_at", OLD."fico_score_detailed", OLD."property_details", OLD."loan_customization",
		OLD."admin_notes", OLD."assigned_to", OLD."first_contacted_at", OLD."contact_requested_at") THEN
		NEW."last_activity_at" := now();
	END IF;
	RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "leads_last_activity" BEFORE UPDATE ON "leads" FOR EACH ROW EXECUTE FUNCTION "leads_touch_last_activity"();
--> statement-breakpoint
-- A call logged or a note saved is activity even when the lead's row does not change.
CREATE FUNCTION "lead_activity_touches_lead"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."action" IN ('status_changed', 'note_saved', 'assigned', 'contact_logged', 'contact_requested') THEN
		UPDATE "leads" SET "last_activity_at" = now() WHERE "id" = NEW."lead_id" AND "anonymized_at" IS NULL;
	END IF;
	RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "lead_activity_touch" AFTER INSERT ON "lead_activity" FOR EACH ROW EXECUTE FUNCTION "lead_activity_touches_lead"();
--> statement-breakpoint
-- Consent evidence stays append-only. Only the retention job may delete a record, in a transaction that names itself
-- (set_config('app.disposal', 'consent', true)), and never one younger than 4 years (TCPA claims run 4 years).
CREATE OR REPLACE FUNCTION "lead_consents_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' AND current_setting('app.disposal', true) = 'consent' AND OLD."consented_at" < now() - interval '4 years' THEN
		RETURN OLD;
	END IF;
	RAISE EXCEPTION 'lead_consents is append-only';
END;
$$;

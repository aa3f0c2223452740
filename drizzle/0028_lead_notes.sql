CREATE TABLE "lead_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"author_id" text,
	"author_name" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"revisions" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_notes_lead_idx" ON "lead_notes" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_events_lead_idx" ON "webhook_events" USING btree ("lead_id","created_at");--> statement-breakpoint
-- docs/decisions/0107: the one shared notes box of each lead becomes its first note (author unknown, at the time it was
-- last saved), so nothing written there is lost when the column goes.
INSERT INTO "lead_notes" ("lead_id", "author_id", "author_name", "body", "created_at")
	SELECT "id", NULL, NULL, "admin_notes", coalesce("admin_notes_updated_at", "created_at") FROM "leads"
	WHERE "admin_notes" IS NOT NULL AND btrim("admin_notes") <> '';--> statement-breakpoint
-- The lead's own row no longer holds notes: the trigger of docs/decisions/0090 compares the other columns only.
CREATE OR REPLACE FUNCTION "leads_touch_last_activity"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."anonymized_at" IS DISTINCT FROM OLD."anonymized_at" THEN
		RETURN NEW;
	END IF;
	IF (NEW."first_name", NEW."last_name", NEW."email", NEW."phone", NEW."loan_type", NEW."property_type",
		NEW."transaction_type", NEW."property_value", NEW."message", NEW."status", NEW."form_completion_status",
		NEW."long_form_completed_at", NEW."fico_score_detailed", NEW."property_details", NEW."loan_customization",
		NEW."assigned_to", NEW."first_contacted_at", NEW."contact_requested_at")
		IS DISTINCT FROM
		(OLD."first_name", OLD."last_name", OLD."email", OLD."phone", OLD."loan_type", OLD."property_type",
		OLD."transaction_type", OLD."property_value", OLD."message", OLD."status", OLD."form_completion_status",
		OLD."long_form_completed_at", OLD."fico_score_detailed", OLD."property_details", OLD."loan_customization",
		OLD."assigned_to", OLD."first_contacted_at", OLD."contact_requested_at") THEN
		NEW."last_activity_at" := now();
	END IF;
	RETURN NEW;
END;
$$;
--> statement-breakpoint
-- docs/decisions/0107: adding a note is work on the lead (as saving the notes was); correcting one is not.
CREATE OR REPLACE FUNCTION "lead_activity_touches_lead"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."action" IN ('status_changed', 'note_saved', 'note_added', 'assigned', 'contact_logged', 'contact_started', 'contact_requested', 'task_added', 'task_completed') THEN
		UPDATE "leads" SET "last_activity_at" = now() WHERE "id" = NEW."lead_id" AND "anonymized_at" IS NULL;
	END IF;
	RETURN NEW;
END;
$$;
--> statement-breakpoint
ALTER TABLE "leads" DROP COLUMN "admin_notes";--> statement-breakpoint
ALTER TABLE "leads" DROP COLUMN "admin_notes_updated_at";
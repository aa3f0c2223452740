CREATE TABLE "lead_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"note" text,
	"assigned_to" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"completed_by" text,
	"reminded_at" timestamp with time zone,
	"escalated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "lead_tasks" ADD CONSTRAINT "lead_tasks_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_tasks" ADD CONSTRAINT "lead_tasks_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_tasks_assignee_idx" ON "lead_tasks" USING btree ("assigned_to","due_at") WHERE "lead_tasks"."completed_at" is null;--> statement-breakpoint
CREATE INDEX "lead_tasks_lead_idx" ON "lead_tasks" USING btree ("lead_id","due_at");--> statement-breakpoint
CREATE INDEX "lead_tasks_remind_idx" ON "lead_tasks" USING btree ("due_at") WHERE "lead_tasks"."completed_at" is null and "lead_tasks"."reminded_at" is null;--> statement-breakpoint
CREATE INDEX "lead_tasks_escalate_idx" ON "lead_tasks" USING btree ("due_at") WHERE "lead_tasks"."completed_at" is null and "lead_tasks"."escalated_at" is null;--> statement-breakpoint
-- docs/decisions/0105: adding or completing a follow-up task is work on the lead, so it is activity for retention
-- (docs/decisions/0090) like a call logged; reopening, deleting and an escalation are not.
CREATE OR REPLACE FUNCTION "lead_activity_touches_lead"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."action" IN ('status_changed', 'note_saved', 'assigned', 'contact_logged', 'contact_started', 'contact_requested', 'task_added', 'task_completed') THEN
		UPDATE "leads" SET "last_activity_at" = now() WHERE "id" = NEW."lead_id" AND "anonymized_at" IS NULL;
	END IF;
	RETURN NEW;
END;
$$;

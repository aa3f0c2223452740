CREATE TABLE "lead_routing_officers" (
	"user_id" text PRIMARY KEY NOT NULL,
	"receives_leads" boolean DEFAULT true NOT NULL,
	"states" text[] DEFAULT '{}'::text[] NOT NULL,
	"loan_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"last_routed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lead_routing_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"auto_assign" boolean DEFAULT true NOT NULL,
	"escalation_minutes" integer DEFAULT 15 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "assigned_to" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "first_contacted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "escalated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lead_routing_officers" ADD CONSTRAINT "lead_routing_officers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_assignee_idx" ON "leads" USING btree ("assigned_to","status","created_at","id");--> statement-breakpoint
CREATE INDEX "leads_untouched_idx" ON "leads" USING btree ("created_at") WHERE "leads"."first_contacted_at" is null and "leads"."escalated_at" is null;--> statement-breakpoint
-- Leads stored before escalation existed are not escalated all at once on the first start after this migration.
UPDATE "leads" SET "escalated_at" = now() WHERE "escalated_at" IS NULL;

CREATE TABLE "lead_activity" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lead_id" uuid,
	"action" text NOT NULL,
	"detail" jsonb,
	"actor_id" text,
	"actor_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(first_name || ' ' || last_name) || chr(10) || lower(email)) STORED;--> statement-breakpoint
CREATE INDEX "lead_activity_lead_idx" ON "lead_activity" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_search_idx" ON "leads" USING btree ("created_at","id","search_text","phone_normalized");
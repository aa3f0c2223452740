ALTER TABLE "contact_messages" ADD COLUMN "lead_id" uuid;--> statement-breakpoint
ALTER TABLE "lead_consents" ADD COLUMN "method" text DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_consents" ADD COLUMN "taken_by_id" text;--> statement-breakpoint
ALTER TABLE "lead_consents" ADD COLUMN "taken_by_name" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;
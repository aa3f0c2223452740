CREATE TABLE "term_sheets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"lead_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"rate_sheet_version" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	CONSTRAINT "term_sheets_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "term_sheets" ADD CONSTRAINT "term_sheets_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "term_sheets_lead_idx" ON "term_sheets" USING btree ("lead_id");
CREATE TABLE "lead_quotes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lead_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"event" text NOT NULL,
	"sheet_version" integer NOT NULL,
	"request" jsonb NOT NULL,
	"response" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_consents" ADD COLUMN "kind" text DEFAULT 'contact' NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_quotes" ADD CONSTRAINT "lead_quotes_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_quotes_lead_idx" ON "lead_quotes" USING btree ("lead_id","created_at");--> statement-breakpoint
ALTER TABLE "lead_quotes" ADD CONSTRAINT "lead_quotes_event_check" CHECK ("event" in ('presented', 'chosen'));--> statement-breakpoint
ALTER TABLE "lead_consents" ADD CONSTRAINT "lead_consents_kind_check" CHECK ("kind" in ('contact', 'business-purpose', 'owner-occupant'));--> statement-breakpoint
CREATE FUNCTION "lead_quotes_frozen"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'lead_quotes rows are frozen copies of a quote and cannot be changed';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "lead_quotes_no_update" BEFORE UPDATE ON "lead_quotes" FOR EACH ROW EXECUTE FUNCTION "lead_quotes_frozen"();

CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "lead_consents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lead_id" uuid NOT NULL,
	"consent_text" text NOT NULL,
	"consent_version" text NOT NULL,
	"consent_hash" text NOT NULL,
	"consented_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text NOT NULL,
	"user_agent" text,
	"page_url" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"loan_type" text,
	"property_type" text,
	"transaction_type" text,
	"property_value" text,
	"source_page" text,
	"message" text,
	"status" text DEFAULT 'new' NOT NULL,
	"form_completion_status" text,
	"short_form_completed_at" timestamp with time zone,
	"long_form_completed_at" timestamp with time zone,
	"fico_score_detailed" text,
	"property_details" jsonb,
	"loan_customization" jsonb,
	"admin_notes" text,
	"admin_notes_updated_at" timestamp with time zone,
	"completion_token_hash" text,
	"email_normalized" text,
	"phone_normalized" text,
	"repeat_of_lead_id" uuid,
	"attribution" jsonb
);
--> statement-breakpoint
CREATE INDEX "lead_consents_lead_idx" ON "lead_consents" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "leads_created_idx" ON "leads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "leads_email_norm_idx" ON "leads" USING btree ("email_normalized","created_at");--> statement-breakpoint
CREATE INDEX "leads_phone_norm_idx" ON "leads" USING btree ("phone_normalized","created_at");--> statement-breakpoint
CREATE INDEX "leads_status_idx" ON "leads" USING btree ("status","created_at");--> statement-breakpoint
CREATE FUNCTION "lead_consents_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'lead_consents is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "lead_consents_no_update_or_delete" BEFORE UPDATE OR DELETE ON "lead_consents" FOR EACH ROW EXECUTE FUNCTION "lead_consents_append_only"();

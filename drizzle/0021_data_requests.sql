CREATE TABLE "data_request_steps" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"step" text NOT NULL,
	"actor_email" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"received_on" date NOT NULL,
	"channel" text NOT NULL,
	"email" text,
	"phone" text,
	"email_normalized" text,
	"phone_normalized" text,
	"verified_points" text[] DEFAULT '{}'::text[] NOT NULL,
	"signed_declaration" boolean DEFAULT false NOT NULL,
	"verified_at" timestamp with time zone,
	"status" text DEFAULT 'open' NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"extended_at" timestamp with time zone,
	"extension_reason" text,
	"erased_at" timestamp with time zone,
	"erase_reason" text,
	"answered_at" timestamp with time zone,
	"outcome" text,
	"notes" text DEFAULT '' NOT NULL,
	"ack_reminded_at" timestamp with time zone,
	"answer_reminded_for" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text
);
--> statement-breakpoint
ALTER TABLE "data_request_steps" ADD CONSTRAINT "data_request_steps_request_id_data_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."data_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_request_steps_request_idx" ON "data_request_steps" USING btree ("request_id","at");--> statement-breakpoint
CREATE INDEX "data_requests_status_idx" ON "data_requests" USING btree ("status","received_on");--> statement-breakpoint
CREATE INDEX "data_requests_email_idx" ON "data_requests" USING btree ("email_normalized");--> statement-breakpoint
CREATE INDEX "data_requests_phone_idx" ON "data_requests" USING btree ("phone_normalized");
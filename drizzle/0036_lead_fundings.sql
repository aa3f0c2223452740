-- docs/decisions/0123: the loan a closed lead funded (amount, rate, points, day), one per lead.
CREATE TABLE "lead_fundings" (
	"lead_id" uuid PRIMARY KEY NOT NULL,
	"amount" integer NOT NULL,
	"rate" numeric(6, 3) NOT NULL,
	"points" numeric(6, 3) NOT NULL,
	"funded_on" date NOT NULL,
	"recorded_by" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_fundings_amount_check" CHECK ("lead_fundings"."amount" > 0),
	CONSTRAINT "lead_fundings_rate_check" CHECK ("lead_fundings"."rate" > 0 and "lead_fundings"."rate" <= 30),
	CONSTRAINT "lead_fundings_points_check" CHECK ("lead_fundings"."points" >= 0 and "lead_fundings"."points" <= 10)
);
--> statement-breakpoint
ALTER TABLE "lead_fundings" ADD CONSTRAINT "lead_fundings_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;
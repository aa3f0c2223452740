-- docs/decisions/0124: one row per quote-wizard visit (a random id, the steps reached), for the drop-off per step.
CREATE TABLE "wizard_visits" (
	"id" uuid PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	"program" text,
	"source" text NOT NULL,
	"campaign" text NOT NULL,
	"steps" text[] NOT NULL
);
--> statement-breakpoint
CREATE INDEX "wizard_visits_started_idx" ON "wizard_visits" USING btree ("started_at");
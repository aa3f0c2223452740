-- docs/decisions/0112: who attached a chosen copy (the staff quick-pricer); null when the borrower chose it.
ALTER TABLE "lead_quotes" ADD COLUMN "chosen_by_id" text;--> statement-breakpoint
ALTER TABLE "lead_quotes" ADD COLUMN "chosen_by_name" text;
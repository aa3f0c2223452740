ALTER TABLE "webhook_endpoints" ADD COLUMN "kind" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "hubspot" jsonb;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "access_token_encrypted" text;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_kind_check" CHECK ("kind" in ('standard', 'hubspot') and ("kind" = 'hubspot') = ("hubspot" is not null) and ("access_token_encrypted" is null or "kind" = 'hubspot'));

-- docs/decisions/0114: trigram indexes for the leads search (pg_trgm: trusted since PostgreSQL 13; PGlite loads it in db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "leads_status_assignee_idx" ON "leads" USING btree ("status","assigned_to");--> statement-breakpoint
CREATE INDEX "leads_search_trgm_idx" ON "leads" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_phone_trgm_idx" ON "leads" USING gin ("phone_normalized" gin_trgm_ops);
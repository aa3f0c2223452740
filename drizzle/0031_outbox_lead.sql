ALTER TABLE "outbox" ADD COLUMN "lead_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_lead_idx" ON "outbox" USING btree ("lead_id","created_at") WHERE "outbox"."lead_id" is not null;--> statement-breakpoint
-- docs/decisions/0113: messages queued before this migration are linked to the lead their payload names (a message
-- composed when sent names it as leadId, a staff e-mail in its link to the lead), when that lead still exists.
UPDATE "outbox" AS o SET "lead_id" = l."id" FROM "leads" AS l
WHERE o."lead_id" IS NULL AND o."kind" NOT LIKE 'data-request.%'
	AND l."id"::text = coalesce(o."payload"->>'leadId', substring(o."payload"->>'text' from '[?&]lead=([0-9a-f-]{36})'));

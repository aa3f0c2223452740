-- docs/decisions/0122: the status changes to or from a qualified status, for the funnel's one look-up per lead.
CREATE INDEX "lead_activity_qualified_idx" ON "lead_activity" USING btree ("lead_id") WHERE "lead_activity"."action" = 'status_changed' and ("lead_activity"."detail"->>'to' in ('qualified', 'hot', 'closed') or "lead_activity"."detail"->>'from' in ('qualified', 'hot', 'closed'));

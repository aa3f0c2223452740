-- docs/decisions/0057: retention deletes a dropped message 30 days after the time it was dropped (sent_at). Texts
-- dropped because their number replied STOP were marked without that time before sms-inbound.server.ts recorded it,
-- so retention never reached them. Their creation time stands in: the drop came after it, at most minutes later.
UPDATE "outbox" SET "sent_at" = "created_at" WHERE "status" = 'dropped' AND "sent_at" IS NULL;

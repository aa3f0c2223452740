-- docs/decisions/0104: a tap on Call, Text or E-mail ('contact_started') is work on the lead, so it is activity for
-- retention (docs/decisions/0090) like a call logged.
CREATE OR REPLACE FUNCTION "lead_activity_touches_lead"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."action" IN ('status_changed', 'note_saved', 'assigned', 'contact_logged', 'contact_started', 'contact_requested') THEN
		UPDATE "leads" SET "last_activity_at" = now() WHERE "id" = NEW."lead_id" AND "anonymized_at" IS NULL;
	END IF;
	RETURN NEW;
END;
$$;

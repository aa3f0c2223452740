ALTER TABLE "two_factors" ADD COLUMN "last_totp_step" integer;--> statement-breakpoint
-- docs/decisions/0076: set-password links (reset and invitation) are kept as a SHA-256 of better-auth's identifier
-- (`reset-password:<token>`); the links already sent keep working, and their tokens leave the database.
UPDATE "verifications" SET "identifier" = 'reset-password-sha256:' || encode(sha256(convert_to("identifier", 'UTF8')), 'hex') WHERE "identifier" LIKE 'reset-password:%';
